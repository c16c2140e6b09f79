// Connecting in the modern revision: a discover probe instead of the handshake, the envelope
// on every request, and a fallback to the handshake for servers that do not speak it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '../../src/client/index.js';
import { CommandTransport } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';

const clientInfo = { name: 'modern-client', version: '3' };

function server(options: ConstructorParameters<typeof Server>[1] = {}): Server {
  const s = new Server({ name: 'srv', version: '1' }, { instructions: 'hello', ...options });
  s.tool('who', {}, async (_args, ctx) => {
    await ctx.progress(1, 1);
    return { content: [{ type: 'text', text: `${String(ctx.clientInfo?.name)} at ${ctx.protocolVersion}` }] };
  });
  return s;
}

const modern = { protocolVersion: '2026-07-28', client: { info: clientInfo } } as const;

describe('a client asking for the modern revision', () => {
  it('opens with server/discover, no handshake, and sends its envelope with every request', async () => {
    const { client: session, wire } = await connectPair(server(), modern);
    assert.equal(session.protocolVersion, '2026-07-28');
    assert.equal(session.instructions, 'hello');
    assert.deepEqual(session.serverInfo, { name: 'srv', version: '1' });
    const progress: number[] = [];
    const result = await session.callTool({ name: 'who' }, { onprogress: (p) => progress.push(p.progress) });
    assert.deepEqual(result.content, [{ type: 'text', text: 'modern-client at 2026-07-28' }]);
    assert.equal(result.resultType, 'complete');
    assert.deepEqual(progress, [1]);
    assert.deepEqual(wire.methods('sent'), ['server/discover', 'tools/call']);
    await session.close();
  });

  it('refuses locally what the revision removed', async () => {
    const { client: session } = await connectPair(server(), modern);
    await assert.rejects(session.ping(), /not a client-to-server request in protocol revision 2026-07-28/);
    await session.close();
  });

  it('falls back to the handshake with a server that does not serve it', async () => {
    const { client: session, wire } = await connectPair(server({ modern: false }), modern);
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual((await session.callTool({ name: 'who' })).content, [
      { type: 'text', text: 'modern-client at 2025-11-25' },
    ]);
    assert.deepEqual(wire.methods('sent').slice(0, 3), ['server/discover', 'initialize', 'notifications/initialized']);
    await session.close();
  });

  it('falls back to the handshake with the official SDK over stdio', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/interop-official-server.js', import.meta.url));
    const transport = new CommandTransport({ command: process.execPath, args: [fixture], stderr: 'pipe' });
    const session = await new Client(clientInfo).connect(transport, { protocolVersion: '2026-07-28' });
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.ok((await session.listTools()).tools.length > 0);
    await session.close();
  });
});
