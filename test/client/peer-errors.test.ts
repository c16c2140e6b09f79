// What a client's promise rejects with: the peer's error response is an `McpError` (a
// `JsonRpcError`) carrying its code, message and data, in memory and over a child's stdio;
// failures of this side's own (a timeout) keep their own classes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { JsonRpcError, RequestTimeoutError } from '../../src/jsonrpc/errors.js';
import { McpError } from '../../src/protocol/errors.js';
import { Server } from '../../src/server/index.js';
import { connectPair, createInMemoryPair } from '../../src/testing/index.js';
import { clientInfo, exampleTransport, within } from '../helpers/e2e.js';
import { messageReceiver } from '../helpers/receiver.js';

/**
 * A server written as raw JSON-RPC: it completes the handshake, then answers each request with
 * `answer()`, or not at all.
 */
async function rawServer(answer: () => Record<string, unknown> | undefined) {
  const [end, clientEnd] = createInMemoryPair();
  const serve = (message: unknown): void => {
    const { id, method } = message as { id?: unknown; method: string };
    if (id === undefined) return;
    const reply =
      method === 'initialize'
        ? {
            result: {
              protocolVersion: '2025-11-25',
              capabilities: { tools: {} },
              serverInfo: { name: 'raw', version: '1' },
            },
          }
        : answer();
    if (reply) void end.send({ jsonrpc: '2.0', id, ...reply } as never);
  };
  await end.start(messageReceiver(serve));
  return new Client(clientInfo).connect(clientEnd, { protocolVersion: '2025-11-25' });
}

describe('errors a client request rejects with', () => {
  it('an error response is an McpError with the code, message and data the server sent', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('strict', {}, () => {
      throw new McpError(-32602, 'Nothing is strict enough', { field: 'everything' });
    });
    const { client: session } = await connectPair(server, {
      client: { info: clientInfo },
      protocolVersion: '2025-11-25',
    });
    const error = await session.callTool({ name: 'strict' }).catch((e: unknown) => e);
    assert.ok(error instanceof McpError, `an McpError, not ${String(error)}`);
    assert.ok(error instanceof JsonRpcError);
    assert.deepEqual(
      { code: error.code, message: error.message, data: error.data },
      { code: -32602, message: 'Nothing is strict enough', data: { field: 'everything' } },
    );

    await assert.rejects(
      session.callTool({ name: 'missing' }),
      (e: unknown) => e instanceof McpError && e.code === -32602 && /Unknown tool: missing/.test(e.message),
    );
    await assert.rejects(session.request('no/such/method'), (e: unknown) => e instanceof McpError && e.code === -32601);
  });

  it('a response that breaks JSON-RPC is an McpError too', async () => {
    const notAnObject = await rawServer(() => ({ result: 5 }));
    await assert.rejects(
      notAnObject.ping(),
      (e: unknown) => e instanceof McpError && e.code === -32600 && /result must be an object/.test(e.message),
    );
    const malformedError = await rawServer(() => ({ error: { code: 'bad' } }));
    await assert.rejects(
      malformedError.ping(),
      (e: unknown) => e instanceof McpError && e.code === -32603 && /Malformed error response/.test(e.message),
    );
  });

  it("a timeout is this side's failure: a RequestTimeoutError, not an McpError", async () => {
    const silent = await rawServer(() => undefined);
    await assert.rejects(
      silent.ping(undefined, { timeoutMs: 1 }),
      (e: unknown) => e instanceof RequestTimeoutError && !(e instanceof McpError),
    );
  });

  it("over a child process's stdio, the server's error is an McpError", async () => {
    const session = await within(new Client(clientInfo).connect(exampleTransport()), 10_000, 'the example server');
    try {
      await assert.rejects(
        session.callTool({ name: 'no_such_tool' }),
        (e: unknown) => e instanceof McpError && e.code === -32602,
      );
    } finally {
      await session.close();
    }
  });
});
