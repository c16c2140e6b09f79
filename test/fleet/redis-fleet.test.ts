// A real fleet: redis-server, three processes of the published CLI's example server
// (`mcpkit example-server --http --redis <url>`), and a round-robin HTTP proxy in front that
// sends each request to the next process in turn, pinning nothing. The official SDK clients
// drive it as one server: 1.32.2 in a 2025-11-25 session, 2.4.0 in 2026-07-28, and mcpkit's own
// client for a task. A process is killed under a live stream; nothing is lost or doubled. A
// process killed mid-request leaves no request unanswered and no task working.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as SdkTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { Client, ToolTask } from '../../src/client/index.js';
import { McpError } from '../../src/protocol/errors.js';
import { connectHttp } from '../../src/http/client/index.js';
import { DIST_CLI, serving, until, within, type ServingProcess } from '../helpers/e2e.js';
import { redisMissing, startRedis, type RedisServer } from '../helpers/redis.js';
import { modernPost } from '../helpers/modern-post.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';

const LIMIT = 20_000;
const TASKS = 'io.modelcontextprotocol/tasks';
const missing = redisMissing();
const firstText = (result: unknown) =>
  ((result as { content: { text: string }[] }).content[0] as { text: string }).text;

interface Fleet {
  redis: RedisServer;
  replicas: ServingProcess[];
  proxy: RoundRobinProxy;
  /** The MCP endpoint, through the proxy. */
  endpoint: string;
  stop(): Promise<void>;
}

/** redis-server, three processes of the example server on it, and the proxy in front. */
async function startFleet(): Promise<Fleet> {
  const redis = await startRedis();
  const replicas = await Promise.all(
    [0, 1, 2].map(() => serving(DIST_CLI, ['example-server', '--http', '--port', '0', '--redis', redis.url])),
  );
  const proxy = await startRoundRobinProxy(replicas.map((r) => new URL(r.url).origin));
  return {
    redis,
    replicas,
    proxy,
    endpoint: `${proxy.url}/mcp`,
    stop: async () => {
      await proxy.close();
      await Promise.all(replicas.map((r) => r.close()));
      await redis.stop();
    },
  };
}

/** Keys of the Redis at `port` that match `pattern`. */
function redisKeys(port: number, pattern: string): string[] {
  const out = spawnSync('redis-cli', ['-p', String(port), '--scan', '--pattern', pattern], { encoding: 'utf8' });
  return out.stdout.split('\n').filter(Boolean);
}

describe('a fleet of three example-server processes on Redis, behind a round-robin proxy', { skip: missing }, () => {
  let fleet: Fleet;
  let redis: RedisServer;
  let replicas: ServingProcess[];
  let proxy: RoundRobinProxy;
  let endpoint: string;

  before(async () => {
    fleet = await startFleet();
    ({ redis, replicas, proxy, endpoint } = fleet);
  });
  after(() => fleet?.stop());

  describe('SDK 1.32.2, a 2025-11-25 session', () => {
    let client: SdkClient;
    let transport: SdkTransport;
    const updates: string[] = [];
    const logs: unknown[] = [];

    before(async () => {
      client = new SdkClient({ name: 'sdk-1', version: '1.32.2' }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Ada' } }));
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params.data));
      transport = new SdkTransport(new URL(endpoint), {
        reconnectionOptions: {
          initialReconnectionDelay: 50,
          maxReconnectionDelay: 200,
          reconnectionDelayGrowFactor: 1.5,
          maxRetries: 20,
        },
      });
      await client.connect(transport);
      assert.ok(transport.sessionId);
    });

    it('spreads the session’s requests over every process', async () => {
      for (let i = 0; i < 6; i++) {
        const result = await client.callTool({ name: 'echo', arguments: { text: `n${i}` } });
        assert.equal(firstText(result), `n${i}`);
      }
      assert.deepEqual(new Set(proxy.servedBy('tools/call')).size, 3);
    });

    it('answers an elicitation through another process than the one that asked', async () => {
      const result = await within(client.callTool({ name: 'ask_name', arguments: {} }), LIMIT, 'ask_name');
      assert.equal(firstText(result), 'Hello, Ada!');
      const posts = proxy.requests.filter((r) => r.method === 'POST');
      const asked = posts.findLastIndex((r) => r.rpcMethods.includes('tools/call'));
      const answer = posts.slice(asked + 1).find((r) => r.rpcMethods.length === 0);
      assert.ok(answer, 'the answer went through the proxy');
      assert.notEqual(answer.backend, posts[asked]!.backend);
    });

    it('streams progress and logs at the level set through another process', async () => {
      await client.setLoggingLevel('info');
      const progress: number[] = [];
      const result = await within(
        client.callTool({ name: 'count', arguments: { n: 3, delayMs: 1 } }, undefined, {
          onprogress: (p) => void progress.push(p.progress),
        }),
        LIMIT,
        'count',
      );
      assert.equal(firstText(result), 'counted to 3');
      assert.deepEqual(progress, [1, 2, 3]);
      await client.callTool({ name: 'note', arguments: { text: 'logged' } });
      await until(() => logs.length > 0, 'the log message', LIMIT, 10);
      assert.deepEqual(logs.at(-1), { noted: 6 });
    });

    it('hears a resource update from any process once, and resumes its stream on another when one is killed', async () => {
      await client.subscribeResource({ uri: 'memo://notes' });
      updates.length = 0;
      await client.callTool({ name: 'note', arguments: { text: 'one' } });
      await until(() => updates.length === 1, 'the first update', LIMIT, 10);
      const holder = proxy.servedBy('GET').at(-1);
      const victim = replicas.find((r) => new URL(r.url).origin === holder);
      assert.ok(victim, 'a process holds the GET stream');
      await victim.kill();
      await client.callTool({ name: 'note', arguments: { text: 'two' } });
      await client.callTool({ name: 'note', arguments: { text: 'three' } });
      await until(() => updates.length >= 3, 'the updates sent while the stream was down', LIMIT, 10);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(updates, ['memo://notes', 'memo://notes', 'memo://notes']);
      assert.notEqual(proxy.servedBy('GET').at(-1), holder, 'the stream resumed on another process');
    });

    it('ends the session everywhere and leaves nothing of it in Redis', async () => {
      const id = transport.sessionId!;
      assert.ok(redisKeys(redis.port, `*${id}*`).length > 0);
      await transport.terminateSession();
      assert.deepEqual(redisKeys(redis.port, `*${id}*`), []);
      await client.close();
    });
  });
});

describe('a fleet on Redis, 2026-07-28 requests and tasks', { skip: missing }, () => {
  let fleet: Fleet;
  let proxy: RoundRobinProxy;
  let endpoint: string;

  before(async () => {
    fleet = await startFleet();
    ({ proxy, endpoint } = fleet);
  });
  after(() => fleet?.stop());

  it('SDK 2.4.0: a multi round-trip request finished on another process, listen events from every process', async () => {
    const client = new V2Client(
      { name: 'sdk-2', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Ada' } }));
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', ({ params }) => void updates.push(params.uri));
    await client.connect(new V2Transport(new URL(endpoint)));
    try {
      const result = await within(client.callTool({ name: 'ask_name', arguments: {} }), LIMIT, 'ask_name');
      assert.equal(firstText(result), 'Hello, Ada!');
      const calls = proxy.servedBy('tools/call');
      assert.notEqual(calls.at(-1), calls.at(-2), 'the second round went to another process');

      const subscription = await within(
        client.listen({ resourceSubscriptions: ['memo://notes'] }),
        LIMIT,
        'the listen stream',
      );
      for (let i = 0; i < 3; i++) await client.callTool({ name: 'note', arguments: { text: `n${i}` } });
      assert.equal(new Set(proxy.servedBy('tools/call').slice(-3)).size, 3);
      await until(() => updates.length === 3, 'three updates', LIMIT, 10);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(updates.length, 3);
      await subscription.close();
    } finally {
      await client.close();
    }
  });

  it('a burst of task calls spread over every process makes exactly as many tasks as one client may run', async () => {
    // An anonymous client of its own name: its tasks count against no other test's.
    const caller = { name: `burst-${process.pid}`, capabilities: { extensions: { [TASKS]: {} } } };
    const report = () =>
      modernPost(endpoint, 'tools/call', { name: 'report', arguments: { topic: 't', stepMs: 10_000 } }, caller);
    const replies = await Promise.all(Array.from({ length: 100 }, report));
    const made = replies.flatMap((reply) => (typeof reply.result?.taskId === 'string' ? [reply.result.taskId] : []));
    assert.equal(made.length, 32);
    for (const reply of replies.filter((r) => r.result === undefined))
      assert.match(reply.error?.message ?? '', /^Too many tasks in progress: at most 32 at once/);
    assert.equal(new Set(proxy.servedBy('tools/call').slice(-100)).size, 3, 'every process took calls');
    await Promise.all(made.map((taskId) => modernPost(endpoint, 'tasks/cancel', { taskId }, caller)));
    assert.equal(typeof (await report()).result?.taskId, 'string', 'once they ended, a new one is made');
  });

  it('mcpkit’s client: a task asks for input mid-way and is answered and collected through other processes', async () => {
    const client = new Client(
      { name: 'mcpkit-client', version: '1' },
      { elicitation: { form: () => ({ action: 'accept', content: { details: true } }) } },
    );
    const { session } = await connectHttp(client, endpoint, { protocolVersion: '2026-07-28', eraCache: false });
    try {
      const result = await within(
        session.callTool({ name: 'report', arguments: { topic: 'fleets', steps: 2, stepMs: 10 } }),
        LIMIT,
        'the report task',
      );
      assert.match(firstText(result), /Report on fleets/);
      assert.ok(new Set(proxy.servedBy('tasks/get')).size >= 2, 'polled through more than one process');
    } finally {
      await session.close();
    }
  });
});

/**
 * How soon a request or task of a process that died ends with an error, with the default lease
 * of 5 s: the lease, a beat of the processes that reap it, and a moment for the client to hear.
 */
const REAPED_WITHIN_MS = 7000;

describe('a fleet on Redis, a process killed mid-request', { skip: missing }, () => {
  let fleet: Fleet;
  let replicas: ServingProcess[];
  let proxy: RoundRobinProxy;
  let endpoint: string;

  before(async () => {
    fleet = await startFleet();
    ({ replicas, proxy, endpoint } = fleet);
  });
  after(() => fleet?.stop());

  /** Kills the process that served the last request carrying `method`; resolves with when. */
  async function killServerOf(method: string): Promise<number> {
    const holder = proxy.servedBy(method).at(-1);
    const victim = replicas.find((r) => new URL(r.url).origin === holder);
    assert.ok(victim, `a process served ${method}`);
    await victim.kill();
    replicas = replicas.filter((r) => r !== victim);
    return Date.now();
  }

  it('answers a request whose process died with an error, on the stream the client resumes elsewhere', async () => {
    const client = new Client({ name: 'mcpkit-client', version: '1' });
    const { session } = await connectHttp(client, endpoint, { protocolVersion: '2025-11-25', eraCache: false });
    try {
      let progressed!: () => void;
      const working = new Promise<void>((resolve) => (progressed = resolve));
      const call = session.callTool(
        { name: 'count', arguments: { n: 1000, delayMs: 50 } },
        { onprogress: () => progressed() },
      );
      const outcome = call.then(
        () => undefined,
        (error: unknown) => error,
      );
      await within(working, LIMIT, 'the first progress');
      const killed = await killServerOf('tools/call');
      const error = await within(outcome, LIMIT, 'the answer to the request of the killed process');
      const took = Date.now() - killed;
      assert.ok(error instanceof McpError, `an error answer, not ${String(error)}`);
      assert.equal(error.code, -32603);
      assert.match(error.message, /stopped before answering/);
      assert.ok(took < REAPED_WITHIN_MS, `answered ${took} ms after the kill`);
      const resumed = proxy.requests.filter((r) => r.method === 'GET').at(-1);
      assert.ok(resumed?.backend, 'the stream was resumed with GET on a live process');
      // The session goes on.
      assert.equal(
        firstText(await session.callTool({ name: 'echo', arguments: { text: 'still here' } })),
        'still here',
      );
    } finally {
      await session.close();
    }
  });

  it('fails the tasks of a process that died, which any process then reads as failed', async () => {
    const client = new Client({ name: 'mcpkit-client', version: '1' });
    const { session } = await connectHttp(client, endpoint, { protocolVersion: '2025-11-25', eraCache: false });
    try {
      const started = await session.callToolAsTask({
        name: 'report',
        arguments: { topic: 'orphans', steps: 20, stepMs: 10_000 },
      });
      assert.ok(started instanceof ToolTask);
      assert.equal((await started.status()).status, 'working');
      const killed = await killServerOf('tools/call');
      let state = await started.status();
      while (state.status === 'working') {
        assert.ok(Date.now() - killed < REAPED_WITHIN_MS, `still working ${Date.now() - killed} ms after the kill`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await started.status();
      }
      assert.equal(state.status, 'failed');
      assert.match(state.statusMessage ?? '', /stopped before the task ended/);
      await assert.rejects(started.result(), /stopped before the task ended/);
    } finally {
      await session.close();
    }
  });

  it('fails a 2026-07-28 request at once when its process dies mid-stream: the revision resumes none', async () => {
    const client = new Client({ name: 'mcpkit-client', version: '1' });
    const { session } = await connectHttp(client, endpoint, { protocolVersion: '2026-07-28', eraCache: false });
    try {
      let progressed!: () => void;
      const working = new Promise<void>((resolve) => (progressed = resolve));
      const outcome = session
        .callTool({ name: 'count', arguments: { n: 1000, delayMs: 50 } }, { onprogress: () => progressed() })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      await within(working, LIMIT, 'the first progress');
      await killServerOf('tools/call');
      const error = await within(outcome, LIMIT, 'the failure of the request of the killed process');
      assert.ok(error instanceof Error, `a failure, not ${String(error)}`);
      assert.match(error.message, /ended before the response/);
    } finally {
      await session.close();
    }
  });
});
