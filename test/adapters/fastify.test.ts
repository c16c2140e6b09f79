// mcpkit/fastify: the shared adapter suite on a real Fastify 5 app, with the app's own parsers
// and with none; the plugin's parsers stay its own, and its paths keep to the app's prefixes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { mcpPlugin } from '../../src/fastify/index.js';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { Server } from '../../src/server/index.js';
import { adapterSuite } from '../helpers/adapter-suite.js';
import { within } from '../helpers/e2e.js';

adapterSuite(
  'Fastify',
  async (server, options, parseBody) => {
    const app = Fastify();
    // Without parsing: the app has removed its parsers; the plugin reads the body either way.
    if (!parseBody) app.removeAllContentTypeParsers();
    await app.register(mcpPlugin, { server, ...options });
    app.get('/health', async (_request, reply) => reply.type('text/plain').send('ok'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      close: () => app.close(),
    };
  },
  // Inside the plugin the endpoint reads the body: a body that is not JSON gets -32700 either way.
  { answersBadJson: false },
);

describe('mcpPlugin in a Fastify app', () => {
  it("leaves the app's other routes their JSON parser", async () => {
    const app = Fastify();
    await app.register(mcpPlugin, { server: new Server({ name: 'p', version: '1' }) });
    app.post('/echo', async (request) => ({ got: request.body }));
    try {
      const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
      assert.deepEqual(response.json(), { got: { a: 1 } });
    } finally {
      await app.close();
    }
  });

  it('serves under a prefix the paths that start with it, and refuses one outside it', async () => {
    const server = new Server({ name: 'p', version: '1' });
    const app = Fastify();
    await app.register(mcpPlugin, { server, prefix: '/api', path: '/api/mcp' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          host: 'localhost',
        },
        payload: '{"jsonrpc":"2.0",',
      });
      assert.equal(response.statusCode, 400);
      assert.equal((response.json() as { error: { code: number } }).error.code, -32700);
    } finally {
      await app.close();
    }
    const outside = Fastify();
    await assert.rejects(async () => {
      await outside.register(mcpPlugin, { server, prefix: '/api' });
      await outside.ready();
    }, /\/mcp is outside the prefix \/api/);
    await outside.close();
  });

  it('ends its sessions when the app closes, so open streams do not hold it', async () => {
    const server = new Server({ name: 'p', version: '1' });
    // A tool from the start: the server then tells of tools that change.
    server.tool('first', {}, () => ({ content: [] }));
    const app = Fastify();
    await app.register(mcpPlugin, { server });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/mcp`;
    const { session } = await within(
      connectHttp(new Client({ name: 'c', version: '1' }), url, { protocolVersion: '2025-11-25', eraCache: false }),
      15_000,
      'connect',
    );
    // Once a notification came on it, the GET stream is open.
    const changed = new Promise<void>((resolve) => session.on('toolsListChanged', () => resolve()));
    server.tool('late', {}, () => ({ content: [] }));
    await within(changed, 10_000, 'tools/list_changed on the GET stream');
    try {
      // Without the plugin's preClose, Fastify would wait for the GET stream to end.
      await within(app.close(), 10_000, 'the app to close with a session and its GET stream open');
    } finally {
      await session.close();
    }
  });
});
