// Skills that cannot be served: each is reported to onError when the server is built, naming its
// SKILL.md and the rule it breaks, and left out while the valid ones are served. Also a source
// that tells the server it changed, and the extensions of several features side by side.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, skillsFromFiles, type SkillSource, type SkillSourceEntry } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import { skillMd } from '../helpers/skills.js';

const BAD: Record<string, string | Uint8Array> = {
  'good/SKILL.md': skillMd('name: good\ndescription: A good skill.'),
  'good/scripts/run.sh': 'echo hi\n',
  'Bad-Name/SKILL.md': skillMd('name: Bad-Name\ndescription: Upper case.'),
  'mismatch/SKILL.md': skillMd('name: other\ndescription: Wrong folder.'),
  'no-description/SKILL.md': skillMd('name: no-description'),
  'empty-description/SKILL.md': skillMd('name: empty-description\ndescription: ""'),
  'long-description/SKILL.md': skillMd(`name: long-description\ndescription: ${'x'.repeat(1025)}`),
  'no-frontmatter/SKILL.md': '# Just Markdown\n',
  'bad-yaml/SKILL.md': skillMd('name: bad-yaml\ndescription: [unclosed'),
  'anchors/SKILL.md': skillMd('name: &n anchors\ndescription: *n'),
  'infinite/SKILL.md': skillMd('name: infinite\ndescription: Infinite.\nweight: .inf'),
  'binary/SKILL.md': new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]),
  'lower/skill.md': skillMd('name: lower\ndescription: Wrong case.'),
  'SKILL.md': skillMd('name: top\ndescription: At the top.'),
  'nested/ok/SKILL.md': skillMd('name: ok\ndescription: Nested under a folder that is no skill.'),
};

function serve(source: SkillSource) {
  const errors: Error[] = [];
  const server = new Server({ name: 's', version: '1' }, { skills: source, onError: (e) => errors.push(e) });
  return { server, errors };
}

const uris = (listed: unknown) => ((listed as { skills: { uri: string }[] }).skills ?? []).map((s) => s.uri);

describe('skills that cannot be served', () => {
  it('are reported one by one, naming the rule, and the valid ones are served', async () => {
    const { server, errors } = serve(skillsFromFiles(BAD));
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), [
      'skill://good/SKILL.md',
      'skill://nested/ok/SKILL.md',
    ]);
    const reported = errors.map((e) => e.message).sort();
    const expected = [
      'skills: Bad-Name/SKILL.md: frontmatter name "Bad-Name" must be 1-64 lowercase letters, digits and single hyphens (skill skipped)',
      'skills: SKILL.md: a SKILL.md at the top has no skill path; put each skill in a folder of its own (skipped)',
      'skills: anchors/SKILL.md: SKILL.md frontmatter: line 2: anchors, aliases and tags are not supported (skill skipped)',
      'skills: bad-yaml/SKILL.md: SKILL.md frontmatter: line 3: ',
      'skills: binary/SKILL.md: SKILL.md is not valid UTF-8 (skill skipped)',
      'skills: empty-description/SKILL.md: frontmatter description must be 1-1024 characters (skill skipped)',
      'skills: infinite/SKILL.md: SKILL.md frontmatter: line 4: ".inf" cannot be represented in JSON; quote it (skill skipped)',
      'skills: long-description/SKILL.md: frontmatter description must be 1-1024 characters (skill skipped)',
      'skills: lower/skill.md: did you mean SKILL.md? File names are case-sensitive',
      'skills: mismatch/SKILL.md: frontmatter name "other" must match the last path segment "mismatch" (skill skipped)',
      'skills: no-description/SKILL.md: SKILL.md frontmatter must contain string "name" and "description" (skill skipped)',
      'skills: no-frontmatter/SKILL.md: SKILL.md frontmatter: line 1: SKILL.md must begin with a "---" line (skill skipped)',
    ];
    assert.equal(reported.length, expected.length, reported.join('\n'));
    expected.forEach((message, i) => assert.ok(reported[i]!.startsWith(message), `${reported[i]}\n  ${message}`));
    await pair.close();
  });

  it('leave out a skill holding a symlink or special file, which is never read', async () => {
    const inner = skillsFromFiles({
      'linked/SKILL.md': skillMd('name: linked\ndescription: Holds a link.'),
      'plain/SKILL.md': skillMd('name: plain\ndescription: Holds none.'),
    });
    const read: string[] = [];
    const source: SkillSource = {
      list: async (path) => {
        const entries: SkillSourceEntry[] = [...(await inner.list(path))];
        if (path === 'linked') entries.push({ name: 'passwd', kind: 'other' });
        if (path === '') entries.push({ name: 'loose-link', kind: 'other' });
        return entries;
      },
      read: (path) => {
        read.push(path);
        return inner.read(path);
      },
    };
    const { server, errors } = serve(source);
    const pair = await connectPair(server, { protocolVersion: '2026-07-28' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), ['skill://plain/SKILL.md']);
    assert.deepEqual(errors.map((e) => e.message).sort(), [
      'skills: linked/SKILL.md: the skill holds "linked/passwd", which is not a regular file (skill skipped)',
      'skills: linked/passwd: symlinks and other special files are not followed; copy the file instead',
      'skills: loose-link: symlinks and other special files are not followed; copy the file instead',
    ]);
    assert.ok(!read.some((p) => p.includes('passwd') || p.includes('loose-link')), read.join(', '));
    await pair.close();
  });

  it('say so when there are none, and a source that cannot be listed fails requests without details', async () => {
    const empty = serve(skillsFromFiles({}));
    const pair = await connectPair(empty.server, { protocolVersion: '2026-07-28' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), []);
    assert.deepEqual(
      empty.errors.map((e) => e.message),
      ['skills: .: no skills found (a skill is a folder containing SKILL.md)'],
    );
    await pair.close();

    const broken = serve({
      list: () => Promise.reject(new Error('EACCES: permission denied, scandir /srv/skills')),
      read: () => new Uint8Array(),
    });
    const other = await connectPair(broken.server, { protocolVersion: '2026-07-28' });
    await assert.rejects(other.client.request('skills/list', {}), {
      code: -32603,
      message: 'The skills could not be loaded',
    });
    assert.match(broken.errors[0]?.message ?? '', /the skills could not be loaded: EACCES/);
    await other.close();
  });
});

describe('a source that changes', () => {
  it('is loaded again when it says so, and clients hear that the resources changed', async () => {
    const files: Record<string, string> = { 'one/SKILL.md': skillMd('name: one\ndescription: One.') };
    let inner = skillsFromFiles(files);
    let changed: () => void = () => {};
    let stopped = false;
    const source: SkillSource = {
      list: (path) => inner.list(path),
      read: (path) => inner.read(path),
      watch: (onChange) => {
        changed = onChange;
        return () => (stopped = true);
      },
    };
    const { server } = serve(source);
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), ['skill://one/SKILL.md']);
    const heard = new Promise<void>((resolve) => pair.client.on('resourcesListChanged', () => resolve()));
    inner = skillsFromFiles({ ...files, 'two/SKILL.md': skillMd('name: two\ndescription: Two.') });
    changed();
    await heard;
    assert.deepEqual(uris(await pair.client.request('skills/list', {})), [
      'skill://one/SKILL.md',
      'skill://two/SKILL.md',
    ]);
    await pair.close();
    await server.close();
    assert.equal(stopped, true, 'closing the server stops watching');
  });

  it('declares its extension beside the others a server declares', async () => {
    const server = new Server(
      { name: 's', version: '1' },
      {
        skills: skillsFromFiles({ 'one/SKILL.md': skillMd('name: one\ndescription: One.') }),
        capabilities: { extensions: { 'io.example/other': { level: 1 } } },
      },
    );
    server.tool('long', { task: 'optional' }, () => ({ content: [] }));
    assert.deepEqual(server.capabilities.extensions, {
      'io.modelcontextprotocol/tasks': {},
      'io.modelcontextprotocol/skills': { directoryRead: true },
      'io.example/other': { level: 1 },
    });
    await server.close();
  });
});
