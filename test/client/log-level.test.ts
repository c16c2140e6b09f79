// `session.setLoggingLevel` in both eras: `logging/setLevel` in a legacy session; in
// 2026-07-28 nothing is sent and every later request carries the level in its `_meta`. Either
// way the server's log messages arrive after the call and not before, in memory, over a child's
// stdio and over HTTP.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type ClientSession } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { listen } from '../../src/node/index.js';
import { CapabilityNotSupportedError, McpError } from '../../src/protocol/errors.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import type { LoggingMessageNotificationParams } from '../../src/types/logging.js';
import { clientInfo, exampleTransport, within } from '../helpers/e2e.js';
import { messageReceiver } from '../helpers/receiver.js';

const LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
const ERAS = [
  { era: 'modern', protocolVersion: '2026-07-28' },
  { era: 'legacy', protocolVersion: '2025-11-25' },
] as const;

/** A server whose `work` tool logs at three levels before answering. */
function loggingServer(): Server {
  const server = new Server({ name: 'logging', version: '1' });
  server.tool('work', {}, async (_args, ctx) => {
    await ctx.log('debug', 'details');
    await ctx.log('info', { step: 1 }, 'worker');
    await ctx.log('error', 'it broke');
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

/** The session's log messages, as they arrive. */
function logsOf(session: ClientSession): LoggingMessageNotificationParams[] {
  const logs: LoggingMessageNotificationParams[] = [];
  session.on('log', (message) => logs.push(message));
  return logs;
}

/** Connects in memory, recording what the client sends. */
async function inMemory(protocolVersion: ProtocolVersion) {
  const [serverEnd, clientEnd] = createInMemoryPair();
  const sent: { method?: string; params?: { _meta?: Record<string, unknown> } }[] = [];
  const send = clientEnd.send.bind(clientEnd);
  clientEnd.send = (message) => {
    sent.push(...((Array.isArray(message) ? message : [message]) as typeof sent));
    return send(message);
  };
  await loggingServer().connect(serverEnd);
  const session = await new Client(clientInfo).connect(clientEnd, { protocolVersion });
  return { session, sent };
}

describe('setLoggingLevel', () => {
  for (const { era, protocolVersion } of ERAS) {
    it(`${era} (${protocolVersion}), in memory: messages at and above the level, only after the call`, async () => {
      const { session, sent } = await inMemory(protocolVersion);
      assert.equal(session.protocolVersion, protocolVersion);
      const logs = logsOf(session);
      await session.callTool({ name: 'work' });
      assert.deepEqual(logs, [], 'no level, no messages');

      const before = sent.length;
      assert.deepEqual(await session.setLoggingLevel({ level: 'info' }), {});
      const setLevel = sent.slice(before).map((m) => m.method);
      assert.deepEqual(
        setLevel,
        era === 'legacy' ? ['logging/setLevel'] : [],
        'the modern revision has no logging/setLevel to send',
      );

      await session.callTool({ name: 'work' });
      // Messages about a request come before its result.
      assert.deepEqual(logs, [
        { level: 'info', logger: 'worker', data: { step: 1 } },
        { level: 'error', data: 'it broke' },
      ]);
      const call = sent.at(-1);
      assert.equal(call?.method, 'tools/call');
      assert.equal(call?.params?._meta?.[LEVEL_KEY], era === 'modern' ? 'info' : undefined);

      await session.setLoggingLevel({ level: 'error' });
      await session.callTool({ name: 'work' });
      assert.deepEqual(logs.slice(2), [{ level: 'error', data: 'it broke' }], 'a new level replaces the old one');
      await session.close();
    });

    it(`${era} (${protocolVersion}), over HTTP: the same`, async () => {
      const endpoint = await listen(loggingServer(), { port: 0 });
      try {
        const { session } = await within(
          connectHttp(new Client(clientInfo), endpoint.url, { protocolVersion, eraCache: false }),
          10_000,
          'connect',
        );
        assert.equal(session.protocolVersion, protocolVersion);
        const logs = logsOf(session);
        await session.callTool({ name: 'work' });
        assert.deepEqual(logs, []);
        await session.setLoggingLevel({ level: 'error' });
        await session.callTool({ name: 'work' });
        assert.deepEqual(logs, [{ level: 'error', data: 'it broke' }]);
        await session.close();
      } finally {
        await endpoint.close();
      }
    });
  }

  it("modern, over a child process's stdio: the example server's log arrives only after the call", async () => {
    const session = await within(
      new Client(clientInfo).connect(exampleTransport(), { protocolVersion: '2026-07-28' }),
      10_000,
      'the example server',
    );
    try {
      assert.equal(session.protocolVersion, '2026-07-28');
      const logs = logsOf(session);
      await session.callTool({ name: 'note', arguments: { text: 'one' } });
      assert.deepEqual(logs, []);
      await session.setLoggingLevel({ level: 'info' });
      await session.callTool({ name: 'note', arguments: { text: 'three' } });
      assert.deepEqual(logs, [{ level: 'info', logger: 'notes', data: { noted: 5 } }]);
    } finally {
      await session.close();
    }
  });

  it('modern: an unknown level, or a server without logging, fails without sending', async () => {
    const { session, sent } = await inMemory('2026-07-28');
    const before = sent.length;
    await assert.rejects(
      session.setLoggingLevel({ level: 'loud' as 'info' }),
      (e: unknown) => e instanceof McpError && e.code === -32602 && /Unknown log level "loud"/.test(e.message),
    );
    await session.callTool({ name: 'work' });
    assert.equal(sent[before]?.params?._meta?.[LEVEL_KEY], undefined, 'the bad level was not kept');

    // A server that does not declare logging (written by hand: an mcpkit server always does).
    const [serverEnd, clientEnd] = createInMemoryPair();
    const serve = (message: unknown): void => {
      const { id } = message as { id?: number };
      if (id === undefined) return;
      const result = {
        supportedVersions: ['2026-07-28'],
        capabilities: {},
        resultType: 'complete',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'raw', version: '1' } },
      };
      void serverEnd.send({ jsonrpc: '2.0', id, result });
    };
    await serverEnd.start(messageReceiver(serve));
    const quiet = await new Client(clientInfo).connect(clientEnd, { protocolVersion: '2026-07-28' });
    assert.equal(quiet.protocolVersion, '2026-07-28');
    await assert.rejects(quiet.setLoggingLevel({ level: 'info' }), CapabilityNotSupportedError);
    await quiet.close();
    await session.close();
  });
});
