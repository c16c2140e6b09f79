// A real fleet: redis-server, three processes of the published CLI's example server
// (`mcpkit example-server --http --redis <url>`), and a round-robin HTTP proxy in front that
// sends each request to the next process in turn, pinning nothing. The official SDK clients
// drive it as one server: 1.32.2 in a 2025-11-25 session, 2.4.0 in 2026-07-28, and mcpkit's own
// client for a task. A process is killed under a live stream; nothing is lost or doubled.
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
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { DIST_CLI, serving, within, type ServingProcess } from '../e2e/helpers.js';
import { redisMissing, startRedis, type RedisServer } from '../fixtures/redis.js';
import { modernPost } from '../helpers/modern-post.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../fixtures/round-robin-proxy.js';

const LIMIT = 20_000;
const TASKS = 'io.modelcontextprotocol/tasks';
const missing = redisMissing();
const firstText = (result: unknown) =>
  ((result as { content: { text: string }[] }).content[0] as { text: string }).text;

/** Resolves once `check` holds, polling; fails after LIMIT. */
async function until(check: () => boolean, what: string): Promise<void> {
  await within(
    (async () => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    LIMIT,
    what,
  );
}

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
      await until(() => logs.length > 0, 'the log message');
      assert.deepEqual(logs.at(-1), { noted: 6 });
    });

    it('hears a resource update from any process once, and resumes its stream on another when one is killed', async () => {
      await client.subscribeResource({ uri: 'memo://notes' });
      updates.length = 0;
      await client.callTool({ name: 'note', arguments: { text: 'one' } });
      await until(() => updates.length === 1, 'the first update');
      const holder = proxy.servedBy('GET').at(-1);
      const victim = replicas.find((r) => new URL(r.url).origin === holder);
      assert.ok(victim, 'a process holds the GET stream');
      await victim.kill();
      await client.callTool({ name: 'note', arguments: { text: 'two' } });
      await client.callTool({ name: 'note', arguments: { text: 'three' } });
      await until(() => updates.length >= 3, 'the updates sent while the stream was down');
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
      await until(() => updates.length === 3, 'three updates');
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
