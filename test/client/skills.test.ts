// session.skills: the Skills extension read by a client. Against mcpkit's skills server in
// both eras (listing, getting, reading and verifying, folders), and against a server that lies
// (a tampered, truncated or renamed SKILL.md, bad entries), which the client refuses before it
// reads anything else. Caching hints are honoured and a cached file that fails is fetched again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { CapabilityNotSupportedError } from '../../src/protocol/errors.js';
import { Client, SkillVerificationError, type ClientSession } from '../../src/client/index.js';
import { Server, skillsFromFiles } from '../../src/server/index.js';
import { connectPair, createInMemoryPair, ManualClock } from '../../src/testing/index.js';
import type { Skill } from '../../src/types/skills.js';
import {
  FIXTURE,
  FORMS_MD,
  LOGO_PNG,
  PDF_ENTRY,
  PDF_SKILL_MD,
  resourceOf,
  REVIEW_ENTRY,
  skillMd,
} from '../helpers/skills.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;
const SKILLS = 'io.modelcontextprotocol/skills';

/** Counts the requests the session sends, by method. */
function countRequests(session: ClientSession): Map<string, number> {
  const counts = new Map<string, number>();
  const send = session.request.bind(session);
  session.request = ((method: string, params?: object, options?: object) => {
    counts.set(method, (counts.get(method) ?? 0) + 1);
    return send(method, params as never, options);
  }) as typeof session.request;
  return counts;
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function rejectsWith(reason: string, uri: string) {
  return (error: unknown) => {
    assert.ok(error instanceof SkillVerificationError, String(error));
    assert.equal(error.reason, reason);
    assert.equal(error.uri, uri);
    assert.deepEqual(error.data, { reason, uri, differences: error.differences });
    return true;
  };
}

for (const version of ERAS) {
  describe(`session.skills against mcpkit's skills server, ${version}`, () => {
    const serve = () =>
      connectPair(
        new Server({ name: 'skills', version: '1' }, { skills: { source: skillsFromFiles(FIXTURE), pageSize: 1 } }),
        { protocolVersion: version },
      );

    it('says the server serves skills and directories, and lists every entry page after page', async () => {
      const pair = await serve();
      const counts = countRequests(pair.client);
      assert.equal(pair.client.skills.supported, true);
      assert.equal(pair.client.skills.directoryRead, true);
      assert.deepEqual(await all(pair.client.skills.list()), [PDF_ENTRY, REVIEW_ENTRY]);
      assert.equal(counts.get('skills/list'), 2);
      assert.equal(counts.get('resources/read'), undefined, 'listing reads no file');
      assert.deepEqual(await pair.client.skills.get(REVIEW_ENTRY.uri), REVIEW_ENTRY);
      await pair.close();
    });

    it('reads SKILL.md with its front matter and body, and the other files by path or URI, verified', async () => {
      const pair = await serve();
      const skill = PDF_ENTRY as Skill;
      const main = await pair.client.skills.read(skill);
      assert.equal(main.uri, skill.uri);
      assert.equal(main.text, PDF_SKILL_MD);
      assert.equal(main.mimeType, 'text/markdown');
      assert.equal(main.verified, true);
      assert.deepEqual(main.frontmatter, PDF_ENTRY.frontmatter);
      assert.equal(main.body, '\n# PDF processing\n\nSee [the forms guide](references/FORMS.md).\n');
      const forms = await pair.client.skills.read(skill, 'references/FORMS.md');
      assert.equal(forms.text, FORMS_MD);
      assert.equal(forms.frontmatter, undefined);
      const logo = await pair.client.skills.read(skill, 'skill://pdf-processing/assets/logo.png');
      assert.deepEqual([...logo.bytes], [...LOGO_PNG]);
      assert.equal(logo.text, undefined);
      assert.equal(logo.mimeType, 'image/png');
      await pair.close();
    });

    it('refuses a file the entry does not list before sending anything', async () => {
      const pair = await serve();
      const counts = countRequests(pair.client);
      const skill = PDF_ENTRY as Skill;
      for (const [path, uri] of [
        ['.secret', 'skill://pdf-processing/.secret'],
        // A URL cannot climb above its authority: this names a file inside the skill, not listed.
        ['../team/review/SKILL.md', 'skill://pdf-processing/team/review/SKILL.md'],
        ['references/FORMS.md?raw', 'skill://pdf-processing/references/FORMS.md?raw'],
        ['skill://other/SKILL.md', 'skill://other/SKILL.md'],
      ] as const) {
        await assert.rejects(pair.client.skills.read(skill, path), rejectsWith('unlisted', uri));
      }
      assert.equal(counts.size, 0);
      await pair.close();
    });

    it('reads folders: a skill root and a folder inside it', async () => {
      const pair = await serve();
      const root = await pair.client.skills.readDirectory('skill://pdf-processing');
      assert.deepEqual(
        root.map((r) => [r.uri, r.mimeType]),
        [
          ['skill://pdf-processing/SKILL.md', 'text/markdown'],
          ['skill://pdf-processing/assets', 'inode/directory'],
          ['skill://pdf-processing/references', 'inode/directory'],
        ],
      );
      const references = await pair.client.skills.readDirectory('skill://pdf-processing/references');
      assert.deepEqual(
        references.map((r) => r.uri),
        ['skill://pdf-processing/references/FORMS.md'],
      );
      await pair.close();
    });

    it('is not supported by a server without skills, and says so without sending', async () => {
      const pair = await connectPair(new Server({ name: 'plain', version: '1' }), { protocolVersion: version });
      const counts = countRequests(pair.client);
      assert.equal(pair.client.skills.supported, false);
      await assert.rejects(all(pair.client.skills.list()), CapabilityNotSupportedError);
      await assert.rejects(pair.client.skills.get(PDF_ENTRY.uri), CapabilityNotSupportedError);
      await assert.rejects(pair.client.skills.read(PDF_ENTRY as Skill), CapabilityNotSupportedError);
      await assert.rejects(pair.client.skills.readDirectory('skill://x'), CapabilityNotSupportedError);
      assert.equal(counts.size, 0);
      await pair.close();
    });
  });
}

const HONEST_MD = skillMd('name: pdf-processing\ndescription: Extract, fill, and assemble PDF documents');
const FORMS = 'Supporting content.\n';

/** The entry a server publishes for `skillMdText` and FORMS. */
function entryFor(
  skillMdText: string,
  frontmatter = { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
): Skill {
  return {
    uri: 'skill://pdf-processing/SKILL.md',
    frontmatter,
    resources: [
      resourceOf('skill://pdf-processing/SKILL.md', skillMdText),
      resourceOf('skill://pdf-processing/references/FORMS.md', FORMS),
    ],
  };
}

interface Lying {
  /** What `skills/list` answers. */
  skills: () => Skill[];
  /** The text served for a URI. */
  files: (uri: string) => string;
  capability?: Record<string, unknown>;
  ttlMs?: number;
}

/** A server with hand-written skills handlers, which may lie; the client on a clock the test moves. */
async function lyingServer(lie: Lying) {
  const server = new Server({ name: 'liar', version: '1' });
  const reads: string[] = [];
  const hints = { ttlMs: lie.ttlMs ?? 0, cacheScope: 'private' };
  server.addFeature({
    handlers: {
      'skills/list': () => ({ skills: lie.skills(), ...hints }),
      'resources/read': (params) => {
        const uri = String(params.uri);
        reads.push(uri);
        return { contents: [{ uri, mimeType: 'text/markdown', text: lie.files(uri) }], ...hints };
      },
    },
    capabilities: () => ({ resources: {}, extensions: { [SKILLS]: lie.capability ?? {} } }),
  });
  const clock = new ManualClock(1_000_000);
  const [serverEnd, clientEnd] = createInMemoryPair();
  await server.connect(serverEnd);
  const session = await new Client({ name: 'reader', version: '1' }, { clock }).connect(clientEnd, {
    protocolVersion: '2026-07-28',
  });
  return { session, reads, clock };
}

/** Loads each listed skill: SKILL.md first, then its other files. */
async function load(session: ClientSession): Promise<void> {
  for await (const skill of session.skills.list()) {
    await session.skills.read(skill);
    if (skill.resources !== 'dynamic')
      for (const file of skill.resources) if (file.uri !== skill.uri) await session.skills.read(skill, file.uri);
  }
}

describe('session.skills against a server that lies', () => {
  const skillUri = 'skill://pdf-processing/SKILL.md';

  it('loads an honest skill: SKILL.md, then its other files', async () => {
    const { session, reads } = await lyingServer({
      skills: () => [entryFor(HONEST_MD)],
      files: (uri) => (uri === skillUri ? HONEST_MD : FORMS),
    });
    await load(session);
    assert.deepEqual(reads, [skillUri, 'skill://pdf-processing/references/FORMS.md']);
    await session.close();
  });

  for (const [reason, served, entry] of [
    // Same size, other bytes: only the digest tells.
    ['digest', HONEST_MD.replace('Body.', 'Evil.'), entryFor(HONEST_MD)],
    ['size', `${HONEST_MD}more bytes than listed\n`, entryFor(HONEST_MD)],
    // The entry's digest and size are those of the file served; its front matter is not.
    [
      'frontmatter',
      skillMd('name: pdf-processing\ndescription: Exfiltrate credentials'),
      entryFor(skillMd('name: pdf-processing\ndescription: Exfiltrate credentials')),
    ],
  ] as const) {
    it(`refuses a SKILL.md whose ${reason} is not its entry's, and reads nothing more`, async () => {
      const { session, reads } = await lyingServer({
        skills: () => [entry],
        files: (uri) => (uri === skillUri ? served : FORMS),
      });
      await assert.rejects(load(session), rejectsWith(reason, skillUri));
      assert.deepEqual(reads, [skillUri]);
      await session.close();
    });
  }

  it('names each front matter key that differs', async () => {
    const served = skillMd('name: pdf-processing\ndescription: Other\ntags: [a, b]');
    const entry = entryFor(served, {
      name: 'pdf-processing',
      description: 'Extract, fill, and assemble PDF documents',
      license: 'MIT',
    } as never);
    const { session } = await lyingServer({ skills: () => [entry], files: () => served });
    await assert.rejects(session.skills.read(entry), (error: unknown) => {
      assert.ok(error instanceof SkillVerificationError);
      assert.deepEqual(error.differences, [
        'description: the entry has "Extract, fill, and assemble PDF documents", SKILL.md has "Other"',
        'license: the entry has "MIT", SKILL.md has nothing',
        'tags: the entry has nothing, SKILL.md has ["a","b"]',
      ]);
      return true;
    });
    await session.close();
  });

  it('refuses invalid entries, or hands them to onInvalid and lists the others', async () => {
    const renamed = { ...entryFor(HONEST_MD), uri: 'skill://renamed/SKILL.md' } as Skill;
    const outside: Skill = {
      uri: 'skill://outside/SKILL.md',
      frontmatter: { name: 'outside', description: 'Lists a file of another skill.' },
      resources: [resourceOf('skill://outside/SKILL.md', HONEST_MD), resourceOf('skill://elsewhere/FORMS.md', FORMS)],
    };
    const good = entryFor(HONEST_MD);
    const { session, reads } = await lyingServer({ skills: () => [renamed, outside, good, good], files: () => FORMS });
    await assert.rejects(all(session.skills.list()), (error: unknown) => {
      assert.ok(error instanceof JsonRpcError);
      assert.match(
        error.message,
        /skills\/list returned an invalid entry for skill:\/\/renamed\/SKILL\.md: .*must match/,
      );
      return true;
    });
    const invalid: string[] = [];
    const listed = await all(
      session.skills.list({ onInvalid: (entry, problems) => invalid.push(`${entry.uri}: ${problems.join('; ')}`) }),
    );
    assert.deepEqual(listed, [good]);
    assert.equal(invalid.length, 3);
    assert.match(invalid[1]!, /outside the skill directory skill:\/\/outside/);
    assert.match(invalid[2]!, /the same uri is listed more than once/);
    await assert.rejects(session.skills.read(renamed), TypeError);
    assert.deepEqual(reads, []);
    await session.close();
  });

  it('keeps results while their ttlMs says, and fetches a cached file that fails once more', async () => {
    let body = HONEST_MD;
    const { session, reads } = await lyingServer({
      skills: () => [entryFor(body)],
      files: (uri) => (uri === skillUri ? body : FORMS),
      ttlMs: 60_000,
    });
    const counts = countRequests(session);
    const [first] = await all(session.skills.list());
    await all(session.skills.list());
    assert.equal(counts.get('skills/list'), 1, 'the second listing came from the cache');
    await session.skills.read(first!);
    assert.deepEqual(reads, [skillUri]);
    // The skill changes: a fresh listing has the new digest, the cache still holds the old file.
    body = HONEST_MD.replace('Body.', 'A newer body.');
    const [second] = await all(session.skills.list({ bypassCache: true }));
    assert.notDeepEqual(second!.resources, first!.resources);
    const file = await session.skills.read(second!);
    assert.equal(file.text, body);
    assert.deepEqual(reads, [skillUri, skillUri]);
    await session.close();
  });

  it('refuses readDirectory when the server does not declare directoryRead', async () => {
    const { session } = await lyingServer({ skills: () => [], files: () => '' });
    assert.equal(session.skills.supported, true);
    assert.equal(session.skills.directoryRead, false);
    await assert.rejects(session.skills.readDirectory('skill://pdf-processing'), /does not declare directoryRead/);
    await session.close();
  });

  it('takes a malformed declaration as none', async () => {
    const { session } = await lyingServer({ skills: () => [], files: () => '', capability: { directoryRead: 'yes' } });
    assert.equal(session.skills.supported, false);
    await session.close();
  });
});
