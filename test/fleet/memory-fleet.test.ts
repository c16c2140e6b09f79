// A fleet in one process: three endpoints (each its own Server, as separate processes would
// have) sharing a MemoryFleet, and a client whose every HTTP request goes to the next
// endpoint in turn. Any endpoint serves any request of a legacy session; answers, progress,
// logs, subscriptions and list changes cross endpoints; a GET stream resumes elsewhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, ToolTask, type ClientOptions, type ClientSession } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { MemoryFleet, Server } from '../../src/server/index.js';
import { McpError } from '../../src/protocol/errors.js';
import { until, within } from '../helpers/e2e.js';

const LIMIT = 10_000;
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const firstText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** A server as each process of the fleet runs it; `name` tells which one answered. */
function fleetServer(name: string): Server {
  const server = new Server(
    { name: 'fleet', version: '1' },
    {
      // A result that cannot be written is expected (`progress-then-cycle`); anything else is shown.
      onError: (error) =>
        /could not be serialized/.test(error.message) ? unwritable.push(name) : console.error(error),
    },
  );
  server.tool('whoami', {}, () => text(name));
  server.tool('progress-then-cycle', {}, async (_args, ctx) => {
    await ctx.progress(1, 2);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    return { ...text('unwritable'), _meta: { cycle } };
  });
  server.tool('ask', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return text(`${name}: hello ${String(answer.content?.name)}`);
  });
  server.tool('count', {}, async (args, ctx) => {
    const n = Number(args.n ?? 3);
    for (let i = 1; i <= n; i++) await ctx.progress(i, n, `step ${i}`);
    await ctx.log('info', `counted on ${name}`);
    return text(`counted to ${n}`);
  });
  server.resource('notes://today', { name: 'today' }, () => 'notes');
  server.tool('hold', { task: 'optional' }, async (_args, ctx) => {
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    stopped.push(name);
    return text('stopped');
  });
  server.tool('wait', {}, async (_args, ctx) => {
    waiting.push(name);
    await ctx.progress(1, 2, 'waiting');
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    return text('stopped waiting');
  });
  server.tool('work', { task: 'optional' }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return text(`worked on ${name}`);
  });
  return server;
}

/** The processes whose `hold` task saw its cancellation. */
const stopped: string[] = [];
/** The processes where a `wait` call began. */
const waiting: string[] = [];
/** The processes that reported a result they could not write. */
const unwritable: string[] = [];

/** A fetch that sends each request to the next of `urls` in turn, and counts who got what. */
function roundRobin(urls: string[]) {
  const served: number[] = [];
  let next = 0;
  const down = new Set<number>();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    for (let tries = 0; tries < urls.length; tries++) {
      const index = next++ % urls.length;
      if (down.has(index)) continue;
      served.push(index);
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const target = new URL(urls[index]!);
      url.host = target.host;
      return globalThis.fetch(url, init);
    }
    throw new Error('every endpoint is down');
  };
  return { fetch, served, down };
}

/** A session of the fleet's client, opened at the first endpoint, every request through `balancer`. */
async function fleetSession(
  endpoints: ListeningServer[],
  balancer: ReturnType<typeof roundRobin>,
  options: Parameters<typeof connectHttp>[2],
  clientOptions?: ClientOptions,
): Promise<ClientSession> {
  const client = new Client({ name: 'fleet-client', version: '1' }, clientOptions);
  return (await connectHttp(client, endpoints[0]!.url, { eraCache: false, fetch: balancer.fetch, ...options })).session;
}

describe('a fleet in one process (MemoryFleet), 2025-11-25 session over three endpoints', () => {
  const fleet = new MemoryFleet();
  const servers = ['a', 'b', 'c'].map(fleetServer);
  let endpoints: ListeningServer[];
  let balancer: ReturnType<typeof roundRobin>;
  let session: ClientSession;
  const logs: string[] = [];
  const changes: string[] = [];

  before(async () => {
    endpoints = await Promise.all(servers.map((server) => listen(server, { store: fleet.join() })));
    balancer = roundRobin(endpoints.map((e) => e.url));
    session = await fleetSession(
      endpoints,
      balancer,
      { protocolVersion: '2025-11-25' },
      {
        elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) },
      },
    );
    session.on('log', (message) => logs.push(String(message.data)));
    session.on('resourceUpdated', (params) => changes.push(`updated ${params.uri}`));
    session.on('toolsListChanged', () => changes.push('tools'));
  });
  after(async () => {
    await session?.close();
    await Promise.all(endpoints.map((e) => e.close()));
  });

  it('spreads one session’s requests over every endpoint', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) names.add(firstText(await within(session.callTool({ name: 'whoami' }), LIMIT, 'call')));
    assert.deepEqual([...names].sort(), ['a', 'b', 'c']);
    assert.equal(fleet.sessionCount, 1);
  });

  it('answers an elicitation through another endpoint than the one that asked', async () => {
    const result = await within(session.callTool({ name: 'ask' }), LIMIT, 'ask');
    assert.match(firstText(result), /^[abc]: hello Ada$/);
  });

  it('streams progress, and logs at the level set through another endpoint', async () => {
    await session.setLoggingLevel({ level: 'info' });
    const progress: number[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await within(
        session.callTool({ name: 'count', arguments: { n: 2 } }, { onprogress: (p) => progress.push(p.progress) }),
        LIMIT,
        'count',
      );
      assert.equal(firstText(result), 'counted to 2');
    }
    assert.deepEqual(progress, [1, 2, 1, 2, 1, 2]);
    assert.deepEqual(logs.sort(), ['counted on a', 'counted on b', 'counted on c']);
  });

  it('answers a streamed call whose result cannot be written -32603, through the fleet’s log', async () => {
    const progress: number[] = [];
    const call = session.callTool({ name: 'progress-then-cycle' }, { onprogress: (p) => progress.push(p.progress) });
    await assert.rejects(within(call, LIMIT, 'the answer'), (error: unknown) => {
      assert.equal((error as { code?: number }).code, -32603);
      assert.match(
        (error as Error).message,
        /^Internal error: the result could not be serialized: Converting circular/,
      );
      return true;
    });
    assert.deepEqual(progress, [1]);
    assert.equal(unwritable.length, 1);
    assert.match(firstText(await within(session.callTool({ name: 'whoami' }), LIMIT, 'call')), /^[abc]$/);
  });

  it('tells of a resource update and a list change begun on any endpoint, once each', async () => {
    await session.subscribeResource({ uri: 'notes://today' });
    await servers[2]!.resourceUpdated('notes://today');
    servers[1]!.tool('late', {}, () => text('late'));
    await within(
      (async () => {
        while (changes.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      LIMIT,
      'the notifications',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(changes.sort(), ['tools', 'updated notes://today']);
  });
});

describe('a fleet in one process (MemoryFleet): a GET stream resumes on another endpoint', () => {
  const fleet = new MemoryFleet();
  const servers = ['a', 'b', 'c'].map(fleetServer);
  let endpoints: ListeningServer[];
  let balancer: ReturnType<typeof roundRobin>;
  let session: ClientSession;
  const updates: string[] = [];

  before(async () => {
    endpoints = await Promise.all(servers.map((server) => listen(server, { store: fleet.join() })));
    balancer = roundRobin(endpoints.map((e) => e.url));
    session = await fleetSession(endpoints, balancer, {
      protocolVersion: '2025-11-25',
      reconnect: { initialDelayMs: 10, maxDelayMs: 50 },
    });
    session.on('resourceUpdated', (params) => updates.push(params.uri));
  });
  after(async () => {
    await session?.close();
    await Promise.all(endpoints.map((e) => e.close()));
  });

  it('loses nothing and doubles nothing when the endpoint holding the stream goes away', async () => {
    await session.subscribeResource({ uri: 'notes://1' });
    // The GET stream is open on some endpoint once an update sent now arrives.
    await servers[0]!.resourceUpdated('notes://1');
    await until(() => updates.length === 1, 'the first update', LIMIT);
    // Every endpoint drops its connections, as a process that died would: the client resumes
    // with Last-Event-ID on whichever endpoint it reaches next.
    for (const endpoint of endpoints) endpoint.httpServer.closeAllConnections();
    for (let i = 2; i <= 4; i++) await servers[i % 3]!.resourceUpdated(`notes://1`);
    await until(() => updates.length === 4, 'the updates sent while the stream was down', LIMIT);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(updates.length, 4);
  });
});

describe('a fleet in one process (MemoryFleet): an endpoint that stops', () => {
  const fleet = new MemoryFleet();
  const names = ['a', 'b', 'c'];
  const servers = names.map(fleetServer);
  let endpoints: ListeningServer[];
  let balancer: ReturnType<typeof roundRobin>;
  let session: ClientSession;

  before(async () => {
    endpoints = await Promise.all(servers.map((server) => listen(server, { store: fleet.join() })));
    balancer = roundRobin(endpoints.map((e) => e.url));
    session = await fleetSession(endpoints, balancer, {
      protocolVersion: '2025-11-25',
      reconnect: { initialDelayMs: 10, maxDelayMs: 50 },
    });
  });
  after(async () => {
    await session?.close();
    await Promise.all(endpoints.map((e) => e.close()));
  });

  it('ends the requests it was streaming with an error, which the client reads where it resumes', async () => {
    let progressed!: () => void;
    const working = new Promise<void>((resolve) => (progressed = resolve));
    const outcome = session.callTool({ name: 'wait' }, { onprogress: () => progressed() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await within(working, LIMIT, 'the progress');
    const index = names.indexOf(waiting.at(-1)!);
    balancer.down.add(index);
    await endpoints[index]!.close();
    const error = await within(outcome, LIMIT, 'the answer');
    assert.ok(error instanceof McpError, `an error answer, not ${String(error)}`);
    assert.equal(error.code, -32603);
    assert.match(error.message, /stopped before answering/);
    // The session goes on with the other endpoints.
    assert.notEqual(firstText(await within(session.callTool({ name: 'whoami' }), LIMIT, 'whoami')), names[index]);
  });
});

describe('a fleet in one process (MemoryFleet), 2026-07-28 requests over three endpoints', () => {
  const fleet = new MemoryFleet();
  const servers = ['a', 'b', 'c'].map(fleetServer);
  let endpoints: ListeningServer[];
  let session: ClientSession;

  before(async () => {
    endpoints = await Promise.all(servers.map((server) => listen(server, { store: fleet.join() })));
    const balancer = roundRobin(endpoints.map((e) => e.url));
    session = await fleetSession(
      endpoints,
      balancer,
      { protocolVersion: '2026-07-28' },
      {
        elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) },
      },
    );
  });
  after(async () => {
    await session?.close();
    await Promise.all(endpoints.map((e) => e.close()));
  });

  it('finishes a multi round-trip request on another endpoint than the one that sealed its state', async () => {
    for (let i = 0; i < 3; i++) {
      const result = await within(session.callTool({ name: 'ask' }), LIMIT, 'ask');
      assert.match(firstText(result), /^[abc]: hello Ada$/);
    }
  });

  it('runs a task on one endpoint, polled and cancelled through the others', async () => {
    const worked = await within(session.callTool({ name: 'work' }), LIMIT, 'a task waited for as one call');
    assert.match(firstText(worked), /^worked on [abc]$/);
    const task = await session.callToolAsTask({ name: 'hold' });
    assert.ok(task instanceof ToolTask);
    for (let i = 0; i < 3; i++) assert.equal((await task.status()).status, 'working');
    await task.cancel();
    await until(() => stopped.length === 1, 'the task to stop where it runs', LIMIT);
    assert.equal((await task.status()).status, 'cancelled');
  });

  it('hears on a listen stream what any endpoint announces', async () => {
    const subscription = await session.listen({ resourceSubscriptions: ['notes://today'], toolsListChanged: true });
    const heard: string[] = [];
    subscription.on('resourceUpdated', (params) => heard.push(params.uri));
    subscription.on('toolsListChanged', () => heard.push('tools'));
    for (const server of servers) await server.resourceUpdated('notes://today');
    servers[2]!.tool('later', {}, () => text('later'));
    await until(() => heard.length === 4, 'four notifications', LIMIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(heard.sort(), ['notes://today', 'notes://today', 'notes://today', 'tools']);
    await subscription.close();
  });
});
