// connectPair, through `mcpkit/testing`: a server and a client connected in memory, with both
// sessions, a record of the wire, and one close for the two.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';

function helloServer(options: ConstructorParameters<typeof Server>[1] = {}): Server {
  const server = new Server({ name: 'hello', version: '1' }, options);
  server.tool('hello', {}, (_args, ctx) => ({ content: [{ type: 'text', text: `hello at ${ctx.protocolVersion}` }] }));
  return server;
}

describe('connectPair', () => {
  it('connects a default client as Client.connect does: the modern revision, probed', async () => {
    const pair = await connectPair(helloServer());
    assert.equal(pair.client.protocolVersion, '2026-07-28');
    const result = await pair.client.callTool({ name: 'hello' });
    assert.deepEqual(result.content, [{ type: 'text', text: 'hello at 2026-07-28' }]);
    assert.deepEqual(pair.wire.methods('sent'), ['server/discover', 'tools/call']);
    await pair.close();
  });

  it('runs the handshake of the revision it is given, as a client named test-client', async () => {
    const server = helloServer();
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.equal(pair.client.protocolVersion, '2025-11-25');
    assert.equal(pair.server.protocolVersion, '2025-11-25');
    assert.deepEqual(pair.server.clientInfo, { name: 'test-client', version: '1.0.0' });
    assert.deepEqual([...server.sessions], [pair.server]);
    assert.deepEqual(pair.wire.methods('sent'), ['initialize', 'notifications/initialized']);
    assert.deepEqual(
      pair.wire.received.map((m) => [m.id, (m.result?.serverInfo as { name?: string } | undefined)?.name]),
      [[pair.wire.sent[0]?.id, 'hello']],
    );
    await pair.close();
  });

  it('makes the client from the info and options given', async () => {
    const root = { uri: 'file:///work', name: 'work' };
    const pair = await connectPair(helloServer(), {
      protocolVersion: '2025-11-25',
      client: { info: { name: 'made', version: '2' }, options: { roots: [root] } },
    });
    assert.deepEqual(pair.server.clientInfo, { name: 'made', version: '2' });
    assert.deepEqual(await pair.server.request('roots/list'), { roots: [root] });
    await pair.close();
  });

  it('connects the client given, whose later calls reach the session', async () => {
    const client = new Client({ name: 'given', version: '3' }, { roots: [] });
    const pair = await connectPair(helloServer(), { client, protocolVersion: '2025-11-25' });
    assert.deepEqual(pair.server.clientInfo, { name: 'given', version: '3' });
    await client.setRoots([{ uri: 'file:///later' }]);
    assert.equal(pair.wire.methods('sent').at(-1), 'notifications/roots/list_changed');
    await pair.close();
  });

  it('close closes both sessions, and the server forgets its own', async () => {
    const server = helloServer();
    const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
    await pair.close();
    assert.equal(pair.client.closed, true);
    assert.equal(pair.server.closed, true);
    assert.equal(server.sessions.size, 0);
    await pair.close();
  });

  it('rejects as Client.connect does when the client cannot connect, closing the server’s session', async () => {
    const server = helloServer({ versions: ['2026-07-28'] });
    await assert.rejects(
      connectPair(server, { protocolVersion: '2025-11-25' }),
      /supports only protocol versions 2026-07-28/,
    );
    assert.equal(server.sessions.size, 0);
  });
});
