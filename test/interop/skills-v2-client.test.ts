// Interoperability of the Skills extension: the official v2 SDK's SkillsClient
// (@modelcontextprotocol/client/ext/skills 2.4.0) lists, gets, reads and verifies the skills an
// mcpkit server serves from a folder (folderSkills), over Streamable HTTP on a real socket, in
// 2025-11-25 (the handshake) and 2026-07-28 (pinned). Its read checks each file's size and digest
// against the entry, and each SKILL.md's front matter against the entry's, with its own parser.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { folderSkills, listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { FIXTURE, FORMS_MD, LOGO_PNG, PDF_ENTRY, PDF_SKILL_MD, REVIEW_ENTRY } from '../helpers/skills.js';

const MODES = [
  { version: '2025-11-25', mode: 'legacy' as const },
  { version: '2026-07-28', mode: { pin: '2026-07-28' } as const },
];

describe('the official v2 SkillsClient against an mcpkit server', () => {
  let dir: string;
  let http: ListeningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-skills-interop-'));
    for (const [path, data] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
    const server = new Server(
      { name: 'skills-mcpkit', version: '1.0.0' },
      { skills: { source: folderSkills(dir), cache: { ttlMs: 60_000, cacheScope: 'public' } } },
    );
    http = await listen(server, { port: 0 });
  });
  after(async () => {
    await http.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const { version, mode } of MODES) {
    it(`lists, gets, reads and verifies every skill in ${version}`, async () => {
      const client = new SdkClient({ name: 'sdk-skills', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), version);
        const skills = new SkillsClient(client);
        assert.equal(skills.supported, true);
        assert.equal(skills.directoryRead, true);

        const listing = await skills.list();
        assert.deepEqual(listing.invalid, []);
        assert.deepEqual(listing.skills, [PDF_ENTRY, REVIEW_ENTRY]);
        const modern = version === '2026-07-28';
        assert.equal(listing.ttlMs, modern ? 60_000 : undefined);
        assert.equal(listing.cacheScope, modern ? 'public' : undefined);

        const { skill } = await skills.get(PDF_ENTRY.uri);
        assert.deepEqual(skill, PDF_ENTRY);

        const skillMd = await skills.read(skill);
        assert.equal(skillMd.verified, true);
        assert.equal(skillMd.text, PDF_SKILL_MD);
        assert.deepEqual(skillMd.frontmatter, PDF_ENTRY.frontmatter);
        const forms = await skills.read(skill, 'references/FORMS.md');
        assert.equal(forms.verified, true);
        assert.equal(forms.text, FORMS_MD);
        const logo = await skills.read(skill, 'assets/logo.png');
        assert.equal(logo.verified, true);
        assert.deepEqual(logo.bytes, LOGO_PNG);
        assert.equal(logo.mimeType, 'image/png');

        const review = await skills.read(listing.skills[1]!);
        assert.equal(review.verified, true);

        const root = await skills.readDirectory('skill://pdf-processing');
        assert.deepEqual(
          root.resources.map((r) => [r.uri, r.mimeType]),
          [
            ['skill://pdf-processing/SKILL.md', 'text/markdown'],
            ['skill://pdf-processing/assets', 'inode/directory'],
            ['skill://pdf-processing/references', 'inode/directory'],
          ],
        );
        await assert.rejects(skills.get('skill://nothing-here/SKILL.md'), (e: unknown) => {
          assert.equal((e as { code?: unknown }).code, -32602);
          return true;
        });
      } finally {
        await client.close();
      }
    });
  }
});
