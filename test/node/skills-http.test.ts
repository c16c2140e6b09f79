// The Skills extension over Streamable HTTP on a real socket (listen): mcpkit's own client in
// 2025-11-25 and 2026-07-28, and a bare 2026-07-28 POST carrying only the standard headers the
// extension's methods have (Mcp-Method, no Mcp-Name), as the conformance suite sends them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server, skillsFromFiles } from '../../src/server/index.js';
import { modernEnvelope, modernHeaders } from '../helpers/modern-post.js';
import { FIXTURE, FORMS_MD, LOGO_PNG, PDF_ENTRY, REVIEW_ENTRY } from '../helpers/skills.js';

describe('skills over Streamable HTTP', () => {
  let http: ListeningServer;
  before(async () => {
    const server = new Server({ name: 'skills-http', version: '1.0.0' }, { skills: skillsFromFiles(FIXTURE) });
    http = await listen(server, { port: 0 });
  });
  after(() => http.close());

  for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
    it(`serves every method of the extension in ${protocolVersion}`, async () => {
      const { session } = await connectHttp(new Client({ name: 'c', version: '1' }), http.url, {
        protocolVersion,
        eraCache: false,
      });
      try {
        const modern = protocolVersion === '2026-07-28';
        assert.deepEqual(session.serverCapabilities.extensions, {
          'io.modelcontextprotocol/skills': { directoryRead: true },
        });
        const listed = (await session.request('skills/list', {})) as Record<string, unknown>;
        assert.deepEqual(listed.skills, [PDF_ENTRY, REVIEW_ENTRY]);
        assert.equal(listed.ttlMs, modern ? 0 : undefined);
        const got = (await session.request('skills/get', { uri: REVIEW_ENTRY.uri })) as Record<string, unknown>;
        assert.deepEqual(got.skill, REVIEW_ENTRY);
        const folder = (await session.request('resources/directory/read', {
          uri: 'skill://pdf-processing/references',
        })) as { resources: { name: string }[] };
        assert.deepEqual(
          folder.resources.map((r) => r.name),
          ['FORMS.md'],
        );
        const forms = await session.readResource({ uri: 'skill://pdf-processing/references/FORMS.md' });
        assert.deepEqual(forms.contents, [
          { uri: 'skill://pdf-processing/references/FORMS.md', mimeType: 'text/markdown', text: FORMS_MD },
        ]);
        const logo = await session.readResource({ uri: 'skill://pdf-processing/assets/logo.png' });
        assert.deepEqual(logo.contents, [
          {
            uri: 'skill://pdf-processing/assets/logo.png',
            mimeType: 'image/png',
            blob: Buffer.from(LOGO_PNG).toString('base64'),
          },
        ]);
        await assert.rejects(session.request('skills/get', { uri: 'skill://none/SKILL.md' }), {
          code: -32602,
          message: 'No skill is served at skill://none/SKILL.md',
        });
        await assert.rejects(session.request('resources/directory/read', { uri: PDF_ENTRY.uri }), {
          code: -32602,
          message: `${PDF_ENTRY.uri} is not a directory resource`,
        });
      } finally {
        await session.close();
      }
    });
  }

  it('takes a 2026-07-28 POST with Mcp-Method alone, and answers with resultType and the hints', async () => {
    for (const [method, params] of [
      ['skills/list', {}],
      ['skills/get', { uri: PDF_ENTRY.uri }],
      ['resources/directory/read', { uri: 'skill://pdf-processing' }],
    ] as const) {
      const response = await fetch(http.url, {
        method: 'POST',
        headers: modernHeaders(method),
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: modernEnvelope('bare') } }),
      });
      assert.equal(response.status, 200, method);
      const reply = (await response.json()) as { result: Record<string, unknown> };
      assert.equal(reply.result.resultType, 'complete', method);
      assert.equal(reply.result.ttlMs, 0, method);
      assert.equal(reply.result.cacheScope, 'private', method);
      assert.equal(reply.result.nextCursor, undefined, method);
    }
  });
});
