// What a server may send a client that speaks the modern revision (2026-07-28): notifications
// about the request being served, never a request of its own (stdio.mdx: "The server MUST NOT
// write JSON-RPC requests to stdout").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { RawClient } from '../helpers/raw-client.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const META = modernEnvelope('modern');

describe('a server answering modern requests', () => {
  it('refuses locally to send the client a request (the call fails with the reason), and still sends progress', async () => {
    const server = new Server({ name: 'pinger', version: '1' });
    server.tool('ping-client', {}, async (_args, ctx) => {
      await ctx.progress(1, 2);
      await ctx.session.ping({ timeoutMs: 1000 });
      return { content: [{ type: 'text', text: 'the client answered' }] };
    });
    const client = await RawClient.attach(server);
    const reply = await client.request('tools/call', { name: 'ping-client', _meta: { ...META, progressToken: 'p' } });
    assert.deepEqual(reply.error, {
      code: -32601,
      message: 'ping is not a server-to-client request in protocol revision 2026-07-28',
    });
    assert.deepEqual(
      client.all.map((m) => m.method ?? 'response'),
      ['notifications/progress', 'response'],
    );
  });

  it('pings a client that went through the handshake on the same connection', async () => {
    const server = new Server({ name: 'pinger', version: '1' });
    server.tool('ping-client', {}, async (_args, ctx) => {
      await ctx.session.ping({ timeoutMs: 5000 });
      return { content: [{ type: 'text', text: 'the client answered' }] };
    });
    const client = await RawClient.connect(server, '2025-11-25');
    await client.request('tools/list', { _meta: META });
    const call = client.request('tools/call', { name: 'ping-client' });
    const ping = await client.next((m) => m.method === 'ping');
    client.send({ id: ping.id, result: {} });
    assert.match(JSON.stringify((await call).result), /the client answered/);
  });
});
