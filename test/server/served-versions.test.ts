// The `versions` option: which revisions of either era a server serves, including a server
// that serves only the modern revision and must tell legacy clients so.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerOptions } from '../../src/server/index.js';
import { Client } from '../../src/client/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { RawClient } from '../helpers/raw-client.js';
import { listen } from '../../src/node/index.js';
import { connectHttp } from '../../src/http/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const INITIALIZE = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } };

async function raw(options: ServerOptions): Promise<RawClient> {
  const server = new Server({ name: 'versions', version: '1' }, options);
  server.tool('echo', {}, () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return RawClient.attach(server);
}

describe('served versions', () => {
  it('a modern-only server refuses initialize naming the versions it supports', async () => {
    const client = await raw({ versions: ['2026-07-28'] });
    const reply = await client.request('initialize', INITIALIZE);
    assert.equal(reply.error?.code, -32022);
    assert.match(reply.error?.message ?? '', /2026-07-28/);
    assert.deepEqual(reply.error?.data, { supported: ['2026-07-28'], requested: '2025-11-25' });
    // ...and keeps serving modern requests on the same connection.
    const call = await client.request('tools/call', { name: 'echo', _meta: META });
    assert.equal((call.result as { resultType?: string } | undefined)?.resultType, 'complete');
  });

  it('server/discover lists only the versions served', async () => {
    const client = await raw({ versions: ['2026-07-28', '2025-06-18'] });
    const reply = await client.request('server/discover', { _meta: META });
    assert.deepEqual((reply.result as { supportedVersions: string[] }).supportedVersions, ['2026-07-28', '2025-06-18']);
    const init = await client.request('initialize', INITIALIZE);
    assert.equal(
      (init.result as { protocolVersion: string }).protocolVersion,
      '2025-06-18',
      'the newest legacy version served',
    );
  });

  it('a server without modern versions treats modern requests as the legacy era does', async () => {
    const client = await raw({ versions: ['2025-11-25'] });
    const reply = await client.request('server/discover', { _meta: META });
    assert.equal(reply.error?.code, -32600, 'not initialized: only ping is allowed');
  });

  it('a client asking a modern-only server for the handshake gets an error that names the versions', async () => {
    const server = new Server({ name: 'versions', version: '1' }, { versions: ['2026-07-28'] });
    const [a, b] = createInMemoryPair();
    await server.connect(a);
    const client = new Client({ name: 'legacy', version: '1' });
    await assert.rejects(
      client.connect(b, { protocolVersion: '2025-11-25' }),
      /supports only protocol versions 2026-07-28/,
    );
  });
});

describe('served versions over Streamable HTTP', () => {
  it('a modern-only endpoint refuses initialize with 400 naming its versions, keeps no session, and serves modern clients', async () => {
    const server = new Server({ name: 'versions', version: '1' }, { versions: ['2026-07-28'] });
    server.tool('echo', {}, () => ({ content: [{ type: 'text', text: 'ok' }] }));
    const endpoint = await listen(server, { port: 0 });
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: INITIALIZE }),
      });
      assert.equal(response.status, 400);
      assert.equal(response.headers.get('mcp-session-id'), null);
      const reply = (await response.json()) as { id: number; error: { code: number; message: string; data: unknown } };
      assert.equal(reply.id, 7);
      assert.equal(reply.error.code, -32022);
      assert.match(reply.error.message, /supports only protocol versions 2026-07-28/);
      assert.deepEqual(reply.error.data, { supported: ['2026-07-28'], requested: '2025-11-25' });
      assert.equal(server.sessions.size, 0);

      // A client that probes finds the modern era.
      const { session } = await connectHttp(new Client({ name: 'auto', version: '1' }), endpoint.url);
      assert.equal(session.protocolVersion, '2026-07-28');
      assert.equal((await session.callTool({ name: 'echo', arguments: {} })).isError, undefined);
      await session.close();
    } finally {
      await endpoint.close();
    }
  });
});
