// How a client picks the era of its session (2026-07-28 versioning rules): the server/discover
// probe by default, the fallback to the handshake on anything but a recognized error of the
// modern revision or on silence, pinned eras and versions, and the cache that spares a
// server of the legacy era the probe next time (and forgets it when it turns out wrong).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type ClientOptions } from '../../src/client/index.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import { CommandTransport } from '../../src/node/index.js';
import { MemoryEraCache } from '../../src/protocol/era-cache.js';
import { UnsupportedVersionError } from '../../src/protocol/errors.js';
import { Server, type ServerOptions } from '../../src/server/index.js';
import { createInMemoryPair, ManualClock, type InMemoryTransport } from '../../src/testing/index.js';
import { fixture, within } from '../helpers/e2e.js';
import { messageReceiver } from '../helpers/receiver.js';

const clientInfo = { name: 'era-client', version: '1' };

function server(options: ServerOptions = {}): Server {
  const s = new Server({ name: 'era-server', version: '1' }, options);
  s.tool('hello', {}, (_args, ctx) => ({ content: [{ type: 'text', text: `hello at ${ctx.protocolVersion}` }] }));
  return s;
}

/** The methods `transport` sends, recorded as it sends them. */
function tap(transport: { send: InMemoryTransport['send'] }): string[] {
  const sent: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message: JsonRpcMessage | JsonRpcMessage[]) => {
    for (const m of Array.isArray(message) ? message : [message]) if ('method' in m) sent.push(m.method);
    return send(message);
  };
  return sent;
}

async function linked(s: Server, connect: Parameters<Client['connect']>[1] = {}, options: ClientOptions = {}) {
  const [a, b] = createInMemoryPair();
  const sent = tap(b);
  await s.connect(a);
  const session = await new Client(clientInfo, options).connect(b, connect);
  return { session, sent };
}

describe('the era of a client session', () => {
  it('is the modern revision with a server that speaks it: one discover, no handshake', async () => {
    const { session, sent } = await linked(server());
    assert.equal(session.protocolVersion, '2026-07-28');
    assert.deepEqual(sent, ['server/discover']);
    await session.close();
  });

  it('is the handshake with a server that does not, after the probe', async () => {
    const { session, sent } = await linked(server({ modern: false }));
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual(sent, ['server/discover', 'initialize', 'notifications/initialized']);
    await session.close();
  });

  it('can be pinned: to the handshake, to a legacy revision, or to the modern revision alone', async () => {
    const legacy = await linked(server(), { era: 'legacy' });
    assert.deepEqual([legacy.session.protocolVersion, legacy.sent[0]], ['2025-11-25', 'initialize']);
    await legacy.session.close();
    const pinned = await linked(server(), { protocolVersion: '2025-06-18' });
    assert.deepEqual([pinned.session.protocolVersion, pinned.sent[0]], ['2025-06-18', 'initialize']);
    await pinned.session.close();
    await assert.rejects(linked(server({ modern: false }), { era: 'modern' }), (error: unknown) => {
      assert.ok(error instanceof UnsupportedVersionError);
      assert.match(error.message, /does not speak the modern revision/);
      return true;
    });
    await assert.rejects(
      linked(server(), { era: 'modern', protocolVersion: '2025-11-25' }),
      /2025-11-25 is a revision of the legacy era, but era 'modern'/,
    );
  });

  it('falls back to the handshake when the probe gets no answer in time', async () => {
    const clock = new ManualClock();
    const [peer, end] = createInMemoryPair();
    const seen: string[] = [];
    let probed!: () => void;
    const probe = new Promise<void>((resolve) => (probed = resolve));
    // A server of the legacy era that ignores what it does not know before initialize.
    const serve = (message: unknown): void => {
      const m = message as { id?: number; method: string };
      seen.push(m.method);
      if (m.method === 'server/discover') probed();
      if (m.method === 'initialize') {
        void peer.send({
          jsonrpc: '2.0',
          id: m.id!,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'silent', version: '1' } },
        });
      }
    };
    await peer.start(messageReceiver(serve));
    const connecting = new Client(clientInfo, { clock }).connect(end, { discoverTimeoutMs: 5000 });
    await within(probe, 5000, 'the probe');
    clock.advance(5000);
    const session = await within(connecting, 5000, 'the fallback');
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual(seen, ['server/discover', 'notifications/cancelled', 'initialize', 'notifications/initialized']);
    await session.close();
  });

  it('keeps probe and handshake within timeoutMs together, and says what went unanswered', async () => {
    const clock = new ManualClock();
    const [peer, end] = createInMemoryPair();
    const seen: { method: string; at: number }[] = [];
    let initializing!: () => void;
    const initialize = new Promise<void>((resolve) => (initializing = resolve));
    let probed!: () => void;
    const probe = new Promise<void>((resolve) => (probed = resolve));
    // A server that answers nothing at all.
    const serve = (message: unknown): void => {
      const { method } = message as { method: string };
      seen.push({ method, at: clock.now() });
      if (method === 'server/discover') probed();
      if (method === 'initialize') initializing();
    };
    await peer.start(messageReceiver(serve));
    const start = clock.now();
    const connecting = new Client(clientInfo, { clock }).connect(end, { discoverTimeoutMs: 3000, timeoutMs: 5000 });
    const failed = connecting.then(
      () => assert.fail('connect should time out'),
      (e: unknown) => e as Error & { code?: number; data?: unknown },
    );
    await within(probe, 5000, 'the probe');
    clock.advance(3000); // the probe's own limit: fall back, with 2 s left for the handshake
    await within(initialize, 5000, 'the handshake');
    clock.advance(2000);
    const error = await within(failed, 5000, 'the failure');
    assert.equal(error.code, -32001);
    assert.equal(error.message, 'Connecting timed out after 5000 ms: the server did not answer initialize');
    assert.deepEqual(error.data, { timeoutMs: 5000, method: 'initialize' });
    assert.deepEqual(
      seen.filter((m) => m.method !== 'notifications/cancelled').map((m) => [m.method, m.at - start]),
      [
        ['server/discover', 0],
        ['initialize', 3000],
      ],
    );

    // A limit shorter than the probe's: the probe's silence ends the connect, with no handshake.
    const [peer2, end2] = createInMemoryPair();
    const methods: string[] = [];
    let probed2!: () => void;
    const probe2 = new Promise<void>((resolve) => (probed2 = resolve));
    const serve2 = (message: unknown): void => {
      methods.push((message as { method: string }).method);
      probed2();
    };
    await peer2.start(messageReceiver(serve2));
    const second = new Client(clientInfo, { clock }).connect(end2, { timeoutMs: 1500 }).then(
      () => assert.fail('connect should time out'),
      (e: unknown) => e as Error,
    );
    await within(probe2, 5000, 'the second probe');
    clock.advance(1500);
    assert.equal(
      (await within(second, 5000, 'the second failure')).message,
      'Connecting timed out after 1500 ms: the server did not answer server/discover',
    );
    assert.ok(!methods.includes('initialize'), 'no handshake without time for it');
  });

  it('stays modern after -32022, retrying with a version from the supported list', async () => {
    const [peer, end] = createInMemoryPair();
    const versions: unknown[] = [];
    // Like the conformance suite's server: the first request is refused whatever it asks for.
    const serve = (message: unknown): void => {
      const m = message as { id: number; params: { _meta: Record<string, unknown> } };
      const version = m.params._meta['io.modelcontextprotocol/protocolVersion'];
      versions.push(version);
      const answer =
        versions.length > 1
          ? {
              result: {
                supportedVersions: ['2026-07-28'],
                capabilities: {},
                _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'picky', version: '1' } },
              },
            }
          : {
              error: {
                code: -32022,
                message: 'Unsupported protocol version',
                data: { supported: ['2026-07-28'], requested: version },
              },
            };
      void peer.send({ jsonrpc: '2.0', id: m.id, ...answer } as JsonRpcMessage);
    };
    await peer.start(messageReceiver(serve));
    const session = await new Client(clientInfo).connect(end, { eraCache: false });
    assert.equal(session.protocolVersion, '2026-07-28');
    assert.equal(session.serverInfo.name, 'picky');
    assert.deepEqual(versions, ['2026-07-28', '2026-07-28']);
    await session.close();
  });
});

describe('the era cache', () => {
  it('spares a server of the legacy era the probe on the next connection', async () => {
    const cache = new MemoryEraCache();
    const legacy = server({ modern: false });
    const first = await linked(legacy, { eraCache: cache, eraCacheKey: 'legacy-server' });
    assert.deepEqual(cache.get('legacy-server'), { era: 'legacy', protocolVersion: '2025-11-25' });
    const second = await linked(legacy, { eraCache: cache, eraCacheKey: 'legacy-server' });
    assert.deepEqual(first.sent.slice(0, 2), ['server/discover', 'initialize']);
    assert.deepEqual(second.sent, ['initialize', 'notifications/initialized']);
    await Promise.all([first.session.close(), second.session.close()]);
  });

  it('remembers a modern server too, and nothing without a key', async () => {
    const cache = new MemoryEraCache();
    const { session } = await linked(server(), { eraCache: cache, eraCacheKey: 'modern-server' });
    assert.deepEqual(cache.get('modern-server'), { era: 'modern', protocolVersion: '2026-07-28' });
    await session.close();
    const unnamed = await linked(server({ modern: false }), { eraCache: cache });
    assert.equal(cache.get('undefined'), undefined);
    await unnamed.session.close();
  });

  it('forgets a server that moved on and probes again on the same connection', async () => {
    const cache = new MemoryEraCache();
    cache.set('moved', { era: 'legacy', protocolVersion: '2025-11-25' });
    // Now a server of the modern revision alone: it refuses initialize.
    const { session, sent } = await linked(server({ versions: ['2026-07-28'] }), {
      eraCache: cache,
      eraCacheKey: 'moved',
    });
    assert.equal(session.protocolVersion, '2026-07-28');
    assert.deepEqual(sent, ['initialize', 'server/discover']);
    assert.deepEqual(cache.get('moved'), { era: 'modern', protocolVersion: '2026-07-28' });
    await session.close();
  });

  it("is kept per process by default, keyed by a child process's command line", async () => {
    const connect = async () => {
      const transport = new CommandTransport({
        command: process.execPath,
        args: [fixture('era-legacy-server')],
        stderr: 'pipe',
      });
      const sent = tap(transport);
      const session = await within(new Client(clientInfo).connect(transport), 15_000, 'connect');
      return { session, sent };
    };
    const first = await connect();
    assert.equal(first.session.protocolVersion, '2025-11-25');
    await first.session.close();
    const second = await connect();
    assert.equal(second.session.protocolVersion, '2025-11-25');
    await second.session.close();
    assert.equal(first.sent[0], 'server/discover');
    assert.equal(second.sent[0], 'initialize', 'the second start of the same command line is not probed');
  });

  it('falls back to the handshake with the official SDK over stdio, by default', async () => {
    const transport = new CommandTransport({
      command: process.execPath,
      args: [fixture('interop-official-server')],
      stderr: 'pipe',
    });
    const session = await within(new Client(clientInfo).connect(transport, { eraCache: false }), 15_000, 'connect');
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.ok((await session.listTools()).tools.length > 0);
    await session.close();
  });
});
