// Interoperability of the Skills extension the other way: mcpkit's client (session.skills) reads
// the skills the official v2 SDK serves from its own loader, over Streamable HTTP on a real
// socket, in 2025-11-25 and 2026-07-28, and refuses what a lying SDK server serves: a tampered
// SKILL.md (digest), a longer one (size) and a renamed one (front matter).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, SkillVerificationError, type ClientSession } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import type { Skill } from '../../src/types/skills.js';
import { startSdkSkillsServer, type SdkSkillsMode } from '../helpers/sdk-skills-server.js';
import { FORMS_MD, LOGO_PNG, PDF_ENTRY, PDF_SKILL_MD, REVIEW_ENTRY } from '../helpers/skills.js';
import type { V2HttpServer } from '../helpers/v2-http-server.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;

async function open(url: string, protocolVersion: (typeof ERAS)[number]): Promise<ClientSession> {
  const client = new Client({ name: 'mcpkit-skills-reader', version: '1.0.0' });
  const { session } = await connectHttp(client, url, { transport: 'streamable-http', protocolVersion });
  assert.equal(session.protocolVersion, protocolVersion);
  return session;
}

describe("mcpkit's client against the official SDK's skills", () => {
  const servers = new Map<SdkSkillsMode, V2HttpServer>();
  before(async () => {
    for (const mode of ['honest', 'digest', 'size', 'renamed'] as const)
      servers.set(mode, await startSdkSkillsServer(mode));
  });
  after(async () => {
    for (const server of servers.values()) await server.close();
  });

  for (const version of ERAS) {
    it(`lists, gets, reads and verifies every skill, and reads folders, in ${version}`, async () => {
      const session = await open(servers.get('honest')!.url, version);
      try {
        assert.equal(session.skills.supported, true);
        assert.equal(session.skills.directoryRead, true);
        const listed: Skill[] = [];
        for await (const skill of session.skills.list()) listed.push(skill);
        assert.deepEqual(listed, [PDF_ENTRY, REVIEW_ENTRY]);
        assert.deepEqual(await session.skills.get(PDF_ENTRY.uri), PDF_ENTRY);

        const main = await session.skills.read(listed[0]!);
        assert.equal(main.text, PDF_SKILL_MD);
        assert.deepEqual(main.frontmatter, PDF_ENTRY.frontmatter);
        assert.equal((await session.skills.read(listed[0]!, 'references/FORMS.md')).text, FORMS_MD);
        const logo = await session.skills.read(listed[0]!, 'assets/logo.png');
        assert.deepEqual([...logo.bytes], [...LOGO_PNG]);
        assert.equal(logo.verified, true);
        assert.equal((await session.skills.read(listed[1]!)).frontmatter?.name, 'review');

        const root = await session.skills.readDirectory('skill://pdf-processing');
        assert.deepEqual(
          root.map((r) => r.uri),
          ['skill://pdf-processing/SKILL.md', 'skill://pdf-processing/assets', 'skill://pdf-processing/references'],
        );
      } finally {
        await session.close();
      }
    });

    for (const [mode, reason] of [
      ['digest', 'digest'],
      ['size', 'size'],
      ['renamed', 'frontmatter'],
    ] as const) {
      it(`refuses a SKILL.md the SDK server serves ${mode}, in ${version}`, async () => {
        const session = await open(servers.get(mode)!.url, version);
        try {
          const [skill] = await (async () => {
            const out: Skill[] = [];
            for await (const s of session.skills.list()) out.push(s);
            return out;
          })();
          assert.equal(skill!.uri, PDF_ENTRY.uri);
          await assert.rejects(session.skills.read(skill!), (error: unknown) => {
            assert.ok(error instanceof SkillVerificationError, String(error));
            assert.equal(error.reason, reason);
            assert.equal(error.uri, PDF_ENTRY.uri);
            if (reason === 'frontmatter')
              assert.deepEqual(error.differences, ['name: the entry has "pdf-processing", SKILL.md has "pdf-tools"']);
            return true;
          });
        } finally {
          await session.close();
        }
      });
    }
  }
});
