// The legacy lifecycle over the wire: negotiation, the initialization gate, batches, capabilities.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { Client } from '../../src/client/index.js';
import { CapabilityNotSupportedError, UnsupportedVersionError } from '../../src/protocol/errors.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

const clientInfo = { name: 'test-client', version: '1.0.0' };

function echoServer(options: ConstructorParameters<typeof Server>[1] = {}) {
  const server = new Server({ name: 'test-server', version: '1.0.0' }, options);
  server.tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }, ({ text }) => ({
    content: [{ type: 'text', text: String(text) }],
  }));
  return server;
}

/** A server driven by raw JSON-RPC from the test. */
async function rawSession(server = echoServer()) {
  const wire = new ScriptedTransport();
  await server.connect(wire);
  let n = 0;
  const exchange = async (message: unknown) => {
    const before = wire.sent.length;
    wire.receive(message);
    await wire.waitForSent(before + 1);
    return wire.sent[before] as unknown as Record<string, unknown> & {
      error?: { code: number; message: string };
      result?: Record<string, unknown>;
    };
  };
  const init = async (protocolVersion = '2025-11-25', capabilities = {}) => {
    const reply = await exchange({
      jsonrpc: '2.0',
      id: `init-${++n}`,
      method: 'initialize',
      params: { protocolVersion, capabilities, clientInfo },
    });
    wire.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return reply;
  };
  return { wire, exchange, init };
}

describe('version negotiation', () => {
  for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
    it(`answers ${version} with the same version`, async () => {
      const { init } = await rawSession();
      const reply = await init(version);
      assert.equal(reply.result?.protocolVersion, version);
    });
  }

  it('answers an unknown version with its latest', async () => {
    const { init } = await rawSession();
    assert.equal((await init('2099-01-01')).result?.protocolVersion, '2025-11-25');
  });

  it('answers with its own latest when configured with fewer versions', async () => {
    const { init } = await rawSession(echoServer({ versions: ['2025-03-26', '2024-11-05'] }));
    assert.equal((await init('2025-11-25')).result?.protocolVersion, '2025-03-26');
  });

  it('a client that does not support the answer disconnects with an error naming both', async () => {
    const wire = new ScriptedTransport();
    const client = new Client(clientInfo);
    const connecting = client.connect(wire, { protocolVersion: '2025-11-25' });
    await wire.waitForSent(1);
    const request = wire.sent[0] as { id: number };
    wire.receive({
      jsonrpc: '2.0',
      id: request.id,
      result: { protocolVersion: '2023-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } },
    });
    await assert.rejects(
      connecting,
      (e: unknown) =>
        e instanceof UnsupportedVersionError && /2023-01-01/.test(e.message) && /2025-11-25/.test(e.message),
    );
    assert.equal(wire.closed, true);
  });

  it('client and server agree end to end', async () => {
    const [a, b] = createInMemoryPair();
    const server = echoServer({ instructions: 'be nice' });
    const [, session] = await Promise.all([
      server.connect(a),
      new Client(clientInfo).connect(b, { protocolVersion: '2025-06-18' }),
    ]);
    assert.equal(session.protocolVersion, '2025-06-18');
    assert.equal(session.instructions, 'be nice');
    assert.deepEqual(session.serverInfo, { name: 'test-server', version: '1.0.0' });
    assert.deepEqual(session.serverCapabilities, { tools: { listChanged: true }, logging: {} });
    const [serverSession] = server.sessions;
    assert.deepEqual(serverSession?.clientInfo, clientInfo);
    await session.close();
  });
});

describe('the initialization gate', () => {
  it('rejects requests before initialize, except ping', async () => {
    const { exchange } = await rawSession();
    const list = await exchange({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(list.error?.code, -32600);
    assert.match(list.error!.message, /before initialization/);
    const ping = await exchange({ jsonrpc: '2.0', id: 2, method: 'ping' });
    assert.deepEqual(ping.result, {});
  });

  it('rejects initialize inside a batch', async () => {
    const { exchange } = await rawSession();
    // Before initialization no revision allows batches, so the batch as a whole is refused.
    const reply = await exchange([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo },
      },
    ]);
    assert.equal(reply.error?.code, -32600);
  });

  it('rejects a second initialize', async () => {
    const { init } = await rawSession();
    await init();
    const again = await init();
    assert.equal(again.error?.code, -32600);
    assert.match(again.error!.message, /already initialized/);
  });

  it('accepts batches in 2025-03-26 but still rejects initialize inside one', async () => {
    const { init, exchange } = await rawSession();
    await init('2025-03-26');
    const reply = (await exchange([
      { jsonrpc: '2.0', id: 10, method: 'ping' },
      { jsonrpc: '2.0', id: 11, method: 'tools/list' },
      {
        jsonrpc: '2.0',
        id: 12,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo },
      },
    ])) as unknown as { id: number; result?: { tools?: unknown[] }; error?: { code: number; message: string } }[];
    assert.equal(Array.isArray(reply), true);
    assert.deepEqual(reply[0], { jsonrpc: '2.0', id: 10, result: {} });
    assert.equal(reply[1]?.result?.tools?.length, 1);
    assert.equal(reply[2]?.error?.code, -32600);
    assert.match(reply[2]!.error!.message, /batch/);
  });

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`rejects batches in ${version}`, async () => {
      const { init, exchange } = await rawSession();
      await init(version);
      const reply = await exchange([{ jsonrpc: '2.0', id: 10, method: 'ping' }]);
      assert.equal(reply.error?.code, -32600);
    });
  }

  it('answers -32601 for a method absent from the negotiated revision', async () => {
    const { init, exchange } = await rawSession();
    await init('2025-03-26');
    // elicitation/create is a server-to-client request, and only since 2025-06-18.
    const reply = await exchange({
      jsonrpc: '2.0',
      id: 5,
      method: 'elicitation/create',
      params: { message: 'x', requestedSchema: { type: 'object', properties: {} } },
    });
    assert.equal(reply.error?.code, -32601);
    const discover = await exchange({ jsonrpc: '2.0', id: 6, method: 'server/discover' });
    assert.equal(discover.error?.code, -32601);
  });
});

describe('capability negotiation', () => {
  it('answers -32601 when the server did not declare the capability', async () => {
    const { init, exchange } = await rawSession();
    await init();
    const reply = await exchange({ jsonrpc: '2.0', id: 3, method: 'resources/list' });
    assert.equal(reply.error?.code, -32601);
    assert.match(reply.error!.message, /resources/);
  });

  it('fails locally when the client calls what the server did not declare', async () => {
    const [a, b] = createInMemoryPair();
    const server = new Server({ name: 'bare', version: '1' });
    await server.connect(a);
    const session = await new Client(clientInfo).connect(b, { protocolVersion: '2025-11-25' });
    await assert.rejects(
      session.callTool({ name: 'x' }),
      (e: unknown) => e instanceof CapabilityNotSupportedError && /tools/.test(e.message),
    );
    await assert.rejects(session.request('resources/subscribe', { uri: 'x' }), /resources\.subscribe/);
    await session.close();
  });

  it('fails locally when the server asks the client for what it did not declare', async () => {
    const [a, b] = createInMemoryPair();
    const server = echoServer();
    await server.connect(a);
    const session = await new Client(clientInfo).connect(b, { protocolVersion: '2025-11-25' });
    const [serverSession] = server.sessions;
    await assert.rejects(
      serverSession!.request('roots/list'),
      (e: unknown) => e instanceof CapabilityNotSupportedError && /roots/.test(e.message),
    );
    await assert.rejects(serverSession!.request('sampling/createMessage', { messages: [], maxTokens: 1 }), /sampling/);
    await session.close();
  });

  it('refuses to send a method the negotiated revision does not have', async () => {
    const [a, b] = createInMemoryPair();
    const server = echoServer();
    await server.connect(a);
    const session = await new Client(clientInfo, { capabilities: { elicitation: {} } }).connect(b, {
      protocolVersion: '2025-03-26',
    });
    const [serverSession] = server.sessions;
    await assert.rejects(
      serverSession!.request('elicitation/create', {
        message: 'x',
        requestedSchema: { type: 'object', properties: {} },
      }),
      /not a server-to-client request in protocol revision 2025-03-26/,
    );
    await session.close();
  });
});

describe('params validation', () => {
  it('answers -32602 naming the field for malformed params of a known method', async () => {
    const { init, exchange } = await rawSession();
    await init();
    const wrongType = await exchange({ jsonrpc: '2.0', id: 20, method: 'tools/call', params: { name: 5 } });
    assert.equal(wrongType.error?.code, -32602);
    assert.match(wrongType.error!.message, /params\.name: expected string/);
    const missing = await exchange({ jsonrpc: '2.0', id: 21, method: 'tools/call' });
    assert.equal(missing.error?.code, -32602);
    const badInit = await exchange({ jsonrpc: '2.0', id: 22, method: 'initialize', params: { protocolVersion: 1 } });
    assert.equal(badInit.error?.code, -32600, 'a second initialize is refused before its params are read');
  });

  it('rejects an initialize with malformed params before opening the session', async () => {
    const { exchange } = await rawSession();
    const reply = await exchange({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x' } },
    });
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /clientInfo\.version/);
    const list = await exchange({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(list.error?.code, -32600, 'still not initialized');
  });

  it('ignores a notification with malformed params', async () => {
    const errors: Error[] = [];
    const { init, exchange, wire } = await rawSession(echoServer({ onError: (e) => errors.push(e) }));
    await init();
    const before = wire.sent.length;
    wire.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: { nested: true } } });
    const reply = await exchange({ jsonrpc: '2.0', id: 30, method: 'ping' });
    assert.deepEqual(reply.result, {});
    assert.equal(wire.sent.length, before + 1, 'only the ping was answered');
    assert.match(
      errors.map((e) => e.message).join('\n'),
      /Ignored notifications\/cancelled with invalid params: params\.requestId/,
    );
  });
});
