// The framework examples run as programs: each listens on a free port of 127.0.0.1, prints its
// MCP endpoint, serves a tool call through mcpkit's client and its own page beside it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { serving, within } from '../helpers/e2e.js';

for (const framework of ['express', 'hono', 'fastify']) {
  describe(`examples/${framework}`, () => {
    it('serves a tool call at the URL it prints, and the app its own page', async () => {
      const script = fileURLToPath(new URL(`../../examples/${framework}/server.js`, import.meta.url));
      const child = await serving(script, ['--port', '0']);
      try {
        assert.match(child.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
        const { session } = await within(
          connectHttp(new Client({ name: 'examples', version: '1' }), child.url, { eraCache: false }),
          15_000,
          'connect',
        );
        try {
          const result = await session.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
          assert.deepEqual(result.content, [{ type: 'text', text: '5' }]);
        } finally {
          await session.close();
        }
        const page = await fetch(new URL('/', child.url));
        assert.equal(page.status, 200);
        assert.match(await page.text(), /MCP at \/mcp/);
      } finally {
        await child.close();
      }
    });
  });
}
