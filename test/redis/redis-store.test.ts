// redisStore's connections: a Redis that is not there is one clear rejection and nothing
// else; a Redis that goes away is reported, fails commands meanwhile and is reconnected to; an
// application's own client is used and left open; options are checked before connecting.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { redisStore, type NodeRedisClient } from '../../src/redis/index.js';
import { redisMissing, startRedis, type RedisServer } from '../helpers/redis.js';

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs `body`, failing when a rejection goes unhandled or an exception uncaught meanwhile. */
async function noStrayErrors(body: () => Promise<void>): Promise<void> {
  const stray: unknown[] = [];
  const onStray = (error: unknown): void => void stray.push(error);
  process.on('unhandledRejection', onStray);
  process.on('uncaughtException', onStray);
  try {
    await body();
    // Long enough for a reconnection attempt that should not happen.
    await sleep(300);
  } finally {
    process.off('unhandledRejection', onStray);
    process.off('uncaughtException', onStray);
  }
  assert.deepEqual(stray, []);
}

/** Waits until `done()` holds, polling; fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  for (const started = Date.now(); !(await done()); await sleep(20)) {
    if (Date.now() - started > ms) assert.fail(`timed out waiting for ${what}`);
  }
}

describe('redisStore without node-redis', () => {
  it('says which package to install', () => {
    // The published bundle, in a process where @redis/client cannot be found.
    const hooks = `export async function resolve(specifier, context, next) {
      if (specifier !== '@redis/client') return next(specifier, context);
      const error = new Error("Cannot find package '@redis/client' imported from " + context.parentURL);
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }`;
    const register = `import { register } from 'node:module';
      register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const code = `const { redisStore } = await import(${JSON.stringify(new URL('../../../dist/redis.js', import.meta.url).href)});
      await redisStore().then(() => console.log('connected'), (error) => console.log(error.message));`;
    const run = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', code],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 15_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout.trim(),
      'mcpkit/redis needs the @redis/client package (node-redis, version 6), an optional peer dependency of mcpkit: npm install @redis/client@6',
    );
  });
});

describe('redisStore without a Redis', () => {
  it('rejects once, clearly, and leaves nothing behind', () =>
    noStrayErrors(async () => {
      const port = await closedPort();
      const errors: Error[] = [];
      await assert.rejects(
        redisStore({ url: `redis://127.0.0.1:${port}`, onError: (error) => errors.push(error) }),
        (error: Error) => {
          assert.match(
            error.message,
            new RegExp(`^redisStore could not connect to Redis at redis://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
          );
          return true;
        },
      );
      assert.deepEqual(errors, [], 'the rejection says it; nothing else is reported');
    }));

  it('keeps a password out of its message', async () => {
    const port = await closedPort();
    await assert.rejects(redisStore({ url: `redis://user:secret@127.0.0.1:${port}` }), (error: Error) => {
      assert.doesNotMatch(error.message, /secret/);
      assert.match(error.message, /user:\*\*\*@/);
      return true;
    });
  });

  it('checks its options before connecting', async () => {
    await assert.rejects(redisStore({ replicaId: 'no spaces' }), RangeError);
    await assert.rejects(redisStore({ maxEventsPerSession: 0 }), RangeError);
    await assert.rejects(redisStore({ keyRotationMs: -1 }), RangeError);
    const client = createClient();
    await assert.rejects(redisStore({ client, url: 'redis://127.0.0.1' }), TypeError);
  });
});

const missing = redisMissing();

describe('redisStore on a Redis', { skip: missing ?? false }, () => {
  let server: RedisServer;
  before(async () => (server = await startRedis()));
  after(async () => await server?.stop());

  it('names each process, or takes the name given', async () => {
    const [a, b, named] = await Promise.all([
      redisStore({ url: server.url }),
      redisStore({ url: server.url }),
      redisStore({ url: server.url, replicaId: 'web-1' }),
    ]);
    assert.match(a.replicaId, /^[A-Za-z0-9_-]+$/);
    assert.notEqual(a.replicaId, b.replicaId);
    assert.equal(named.replicaId, 'web-1');
    await Promise.all([a.close(), b.close(), named.close()]);
  });

  it('closes once, however often asked, and then fails commands rather than hang', async () => {
    const fleet = await redisStore({ url: server.url, prefix: `${randomUUID()}:` });
    const stop = await fleet.bus.subscribe('x', () => {});
    await Promise.all([fleet.close(), fleet.close()]);
    await fleet.close();
    await stop();
    await assert.rejects(fleet.sessions.touch('s', 1000));
  });

  it('uses an application’s client, and leaves it open', async () => {
    const client = createClient({ url: server.url });
    const errors: Error[] = [];
    // node-redis's own type is accepted where the store asks for a client.
    const given: NodeRedisClient = client;
    const prefix = `${randomUUID()}:`;
    const fleet = await redisStore({ client: given, prefix, onError: (error) => errors.push(error) });
    const other = await redisStore({ url: server.url, prefix });
    // Whatever fails, nothing is left open to keep the test process alive.
    try {
      assert.ok(client.isReady, 'connected by the store');
      const heard: string[] = [];
      await fleet.bus.subscribe('c', (message) => heard.push(message));
      await other.bus.publish('c', 'hello');
      await until(() => heard.length === 1, 'the message');
      await fleet.sessions.create('s1', { protocolVersion: '2025-06-18', subscriptions: [] }, 10_000);
      assert.deepEqual(await other.sessions.touch('s1', 10_000), { protocolVersion: '2025-06-18', subscriptions: [] });
      await fleet.close();
      assert.ok(client.isReady, 'still open');
      assert.equal(await client.ping(), 'PONG');
      assert.deepEqual((await client.keys(`${prefix}*`)).sort(), [`${prefix}session:{s1}`, `${prefix}sessions`].sort());
      assert.deepEqual(errors, []);
    } finally {
      await fleet.close();
      await other.close();
      if (client.isOpen) await client.close();
    }
  });

  it('reports a lost Redis, fails commands while it is away, and carries on when it is back', () =>
    noStrayErrors(async () => {
      let local = await startRedis();
      const errors: Error[] = [];
      const prefix = `${randomUUID()}:`;
      const fleet = await redisStore({ url: local.url, prefix, onError: (error) => errors.push(error) });
      const heard: string[] = [];
      await fleet.bus.subscribe('news', (message) => heard.push(message));
      await fleet.sessions.create('s', { protocolVersion: '2025-06-18', subscriptions: [] }, 60_000);
      await local.stop();
      await until(() => errors.length > 0, 'an error reported');
      await assert.rejects(fleet.sessions.touch('s', 60_000));
      assert.equal(await fleet.usedStates.add('u', Date.now() + 1000), false, 'no state accepted while away');
      local = await startRedis(local.port);
      // A new server, empty: the session is gone, but the store works again, and listens again.
      await until(
        async () => {
          try {
            await fleet.bus.publish('news', 'back');
            return heard.includes('back');
          } catch {
            return false;
          }
        },
        'the store working again',
        10_000,
      );
      assert.equal(await fleet.sessions.touch('s', 60_000), undefined);
      await fleet.close();
      await local.stop();
    }));
});
