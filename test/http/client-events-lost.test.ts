// Resumption when the session's event store overflowed, over real sockets: mcpkit's server on
// 127.0.0.1 behind a proxy that cuts connections, mcpkit's client transport in front. Within
// the kept window a dropped stream resumes with every message exactly once; past it the
// server answers 410 and the client says so (EventsLostError), never going on past a gap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { EventsLostError, StreamableHttpClientTransport } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server, type ServerSession } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { deferred, type Deferred } from '../helpers/deferred.js';
import { textOf } from '../helpers/recording-fetch.js';
import { startCuttingProxy, type CuttingProxy } from '../helpers/http-client-proxy.js';

const LIMIT = 20_000;
/** The default store keeps 1,000 events per session. */
const KEPT = 1000;

describe('Streamable HTTP resumption past the events a session keeps', () => {
  let gate: Deferred<void>;
  /** Resolves once the client reported an EventsLostError. */
  let told: Deferred<void>;
  const server = new Server({ name: 'events-lost', version: '1' });
  // Progress 1..before, then (once the gate opens) before+1..before+after in one burst.
  server.tool('flood', {}, async (args, ctx) => {
    const [first, then] = [Number(args.before), Number(args.after)];
    for (let i = 1; i <= first; i++) await ctx.progress(i);
    await gate.promise;
    await Promise.all(Array.from({ length: then }, (_, i) => ctx.progress(first + i + 1)));
    return { content: [{ type: 'text', text: 'flooded' }] };
  });
  server.tool('echo', {}, (args) => ({ content: [{ type: 'text', text: String(args.text) }] }));
  let http: ListeningServer;
  let proxy: CuttingProxy;

  before(async () => {
    http = await listen(server);
    proxy = await startCuttingProxy(Number(new URL(http.url).port));
  });
  after(async () => {
    await proxy.close();
    await http.close();
  });

  async function connect(errors: Error[], standaloneStream: boolean): Promise<ClientSession> {
    const transport = new StreamableHttpClientTransport({
      url: `${proxy.origin}/mcp`,
      reconnect: { initialDelayMs: 1, maxDelayMs: 50, maxRetries: 20 },
      standaloneStream,
    });
    const onError = (error: Error) => {
      errors.push(error);
      if (error instanceof EventsLostError) told.resolve();
    };
    return new Client({ name: 'events-lost', version: '1' }, { onError }).connect(transport, {
      protocolVersion: '2025-11-25',
    });
  }

  /** Calls `flood`, cutting every connection once `before` progress arrived; the rest is sent while cut. */
  function flood(session: ClientSession, afterCut: number, seen: number[]): Promise<unknown> {
    gate = deferred<void>();
    return session.callTool(
      { name: 'flood', arguments: { before: 3, after: afterCut } },
      {
        onprogress: ({ progress }) => {
          seen.push(progress);
          if (progress !== 3) return;
          proxy.cut();
          gate.resolve();
        },
      },
    );
  }

  it('resumes a call stream whose missed events are all kept: each exactly once, in order', async () => {
    const errors: Error[] = [];
    told = deferred<void>();
    const session = await connect(errors, false);
    try {
      const seen: number[] = [];
      const result = await within(flood(session, KEPT - 10, seen), LIMIT, 'the call');
      assert.equal(textOf(result as never), 'flooded');
      assert.deepEqual(
        seen,
        Array.from({ length: KEPT - 7 }, (_, i) => i + 1),
      );
      assert.deepEqual(
        errors.filter((e) => e instanceof EventsLostError),
        [],
      );
    } finally {
      await session.close();
    }
  });

  it('fails a call whose missed events overflowed the store, telling the app, and goes on', async () => {
    const errors: Error[] = [];
    told = deferred<void>();
    const session = await connect(errors, false);
    try {
      const seen: number[] = [];
      await assert.rejects(
        within(flood(session, KEPT + 500, seen), LIMIT, 'the call'),
        /after event .* were lost: .*410.*no longer held/,
      );
      assert.deepEqual(seen, [1, 2, 3], 'nothing past the gap was handed up');
      const lost = errors.find((e) => e instanceof EventsLostError);
      assert.ok(lost instanceof EventsLostError, `errors: ${errors.map((e) => e.message).join('; ')}`);
      assert.equal(lost.stream, 'post');
      assert.match(lost.lastEventId, /:\d+$/);
      assert.equal(
        textOf(await within(session.callTool({ name: 'echo', arguments: { text: 'still here' } }), LIMIT, 'echo')),
        'still here',
      );
    } finally {
      await session.close();
    }
  });

  it('tells the app when the GET stream lost messages, then goes on with a new GET stream', async () => {
    const errors: Error[] = [];
    told = deferred<void>();
    const serverSession = new Promise<ServerSession>((resolve) => {
      const off = server.on('initialized', (session) => {
        off();
        resolve(session);
      });
    });
    const session = await connect(errors, true);
    try {
      const received: string[] = [];
      const waiting = new Map<string, () => void>();
      const arrival = (data: string) =>
        new Promise<void>((resolve) => (received.includes(data) ? resolve() : waiting.set(data, resolve)));
      session.on('log', ({ data }) => {
        received.push(String(data));
        waiting.get(String(data))?.();
      });
      const say = async (data: string) =>
        (await serverSession).notify('notifications/message', { level: 'info', data });
      // Once m1 came through, the GET stream is open; then every connection is cut.
      await say('m1');
      await within(arrival('m1'), LIMIT, 'm1');
      proxy.cut();
      for (let i = 0; i < KEPT + 500; i++) await say(`flood-${i}`);
      await within(told.promise, LIMIT, 'the app to be told');
      await say('after');
      await within(arrival('after'), LIMIT, 'a message after the gap');
      const lost = errors.find((e) => e instanceof EventsLostError);
      assert.equal((lost as EventsLostError).stream, 'get');
      assert.equal(new Set(received).size, received.length, 'nothing came twice');
      assert.ok(!received.includes('flood-0'), 'the oldest of the flood was dropped, and not pretended otherwise');
    } finally {
      await session.close();
    }
  });
});
