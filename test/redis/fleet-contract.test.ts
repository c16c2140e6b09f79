// What a fleet store means, checked on both: MemoryFleet (two joins are two processes) and
// redisStore (two handles on one real Redis, each test under a prefix of its own). Each test
// uses both handles, as two processes would; times are short but real, on both.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { redisStore } from '../../src/redis/index.js';
import { MemoryFleet } from '../../src/server/fleet/memory-fleet.js';
import type { FleetStore, LoggedEvent, SessionRecord } from '../../src/server/fleet/fleet-store.js';
import type { TaskRecord } from '../../src/protocol/tasks/task-store.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcResponse } from '../../src/jsonrpc/message.js';
import { redisMissing, startRedis, type RedisServer } from '../helpers/redis.js';

interface FleetOptions {
  maxEventsPerSession?: number;
  leaseMs?: number;
  keyRotationMs?: number;
  requestStateTtlMs?: number;
}

/** Two processes' handles on one fleet. */
interface Fleet {
  a: FleetStore;
  b: FleetStore;
  /** What the fleet still holds (Redis: its keys under the test's prefix). */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

type MakeFleet = (options?: FleetOptions) => Promise<Fleet>;

const note = (text: string): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data: text },
});

const answer = (id: number): JsonRpcResponse => ({ jsonrpc: '2.0', id, result: { done: id } });
const lost = (id: number): JsonRpcErrorResponse => ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'lost' } });

const record = (subscriptions: string[] = []): SessionRecord => ({
  protocolVersion: '2025-06-18',
  clientInfo: { name: 'client', version: '1.0.0' },
  // An empty array and an empty object inside, which a careless round trip turns into each other.
  clientCapabilities: { roots: { listChanged: true }, sampling: {}, experimental: { x: { list: [], n: 1.5 } } },
  principal: 'alice@issuer',
  subscriptions,
});

const task = (taskId: string, owner: string, createdAt: number, ttlMs: number | null = 60_000): TaskRecord => ({
  taskId,
  owner,
  method: 'tools/call',
  protocolVersion: '2025-11-25',
  status: 'working',
  createdAt,
  lastUpdatedAt: createdAt,
  ttlMs,
  pollIntervalMs: 500,
});

/** A record as JSON has it: a member set to `undefined` is no member. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Waits until `done()` holds, polling; fails after two seconds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 2000) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function contract(make: MakeFleet): void {
  async function using(options: FleetOptions, test: (fleet: Fleet) => Promise<void>): Promise<void> {
    const fleet = await make(options);
    try {
      await test(fleet);
    } finally {
      await fleet.close();
    }
  }

  describe('session records', () => {
    it('creates a session another process finds, and ends it once', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        assert.equal(await b.sessions.touch(id, 10_000), undefined);
        await a.sessions.create(id, record(['file:///a']), 10_000);
        assert.deepEqual(await b.sessions.touch(id, 10_000), record(['file:///a']));
        assert.equal(await b.sessions.delete(id), true);
        assert.equal(await a.sessions.delete(id), false);
        assert.equal(await a.sessions.touch(id, 10_000), undefined);
        assert.equal(await a.events.append(id, 'g', note('late')), undefined);
      }));

    it('gives copies: changing one changes nothing kept', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        const original = record();
        await a.sessions.create(id, original, 10_000);
        original.subscriptions.push('file:///changed');
        const touched = (await b.sessions.touch(id, 10_000))!;
        touched.subscriptions.push('file:///changed');
        assert.deepEqual(await a.sessions.touch(id, 10_000), record());
      }));

    it('ends a session idleMs after its last touch', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 300);
        await sleep(200);
        assert.ok(await b.sessions.touch(id, 300), 'touched before its end');
        await sleep(200);
        assert.ok(await a.sessions.touch(id, 300), 'the touch pushed its end');
        await sleep(450);
        assert.equal(await b.sessions.touch(id, 300), undefined);
        assert.equal(await b.sessions.delete(id), false);
        assert.equal(await a.events.position(id), 0);
        assert.equal(await a.events.append(id, 'g', note('late')), undefined);
      }));

    it('sets the log level and the subscriptions of a live session only', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        await b.sessions.setLogLevel(id, 'warning');
        await b.sessions.setSubscription(id, 'file:///one', true);
        await a.sessions.setSubscription(id, 'file:///two', true);
        await a.sessions.setSubscription(id, 'file:///one', true);
        assert.deepEqual(await a.sessions.touch(id, 10_000), {
          ...record(['file:///one', 'file:///two']),
          logLevel: 'warning',
        });
        await b.sessions.setSubscription(id, 'file:///one', false);
        await b.sessions.setSubscription(id, 'file:///never', false);
        assert.deepEqual((await a.sessions.touch(id, 10_000))?.subscriptions, ['file:///two']);
        await b.sessions.setSubscription(id, 'file:///two', false);
        assert.deepEqual((await a.sessions.touch(id, 10_000))?.subscriptions, []);

        const gone = randomUUID();
        await a.sessions.setLogLevel(gone, 'debug');
        await a.sessions.setSubscription(gone, 'file:///one', true);
        assert.equal(await b.sessions.touch(gone, 10_000), undefined);
        await a.sessions.delete(id);
      }));
  });

  describe('session events', () => {
    it('numbers the events of a session across processes, in order, per stream', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        assert.equal(await b.events.position(id), 0);
        assert.equal(await a.events.append(id, 's1', note('one')), 1);
        assert.equal(await b.events.append(id, 's2', note('two')), 2);
        assert.equal(await b.events.append(id, 's1', [note('three'), note('four')]), 3);
        assert.equal(await a.events.position(id), 3);
        assert.deepEqual(await b.events.after(id, 's1', 0), {
          events: [
            { streamId: 's1', seq: 1, message: note('one') },
            { streamId: 's1', seq: 3, message: [note('three'), note('four')] },
          ],
          ended: false,
          eventsLost: false,
        });
        assert.deepEqual(await a.events.after(id, 's1', 1), {
          events: [{ streamId: 's1', seq: 3, message: [note('three'), note('four')] }],
          ended: false,
          eventsLost: false,
        });
        assert.equal(await a.events.append(id, 's2', null), 4);
        assert.deepEqual(await a.events.after(id, 's2', 0), {
          events: [{ streamId: 's2', seq: 2, message: note('two') }],
          ended: true,
          eventsLost: false,
        });
        assert.deepEqual(await a.events.after(id, 's3', 4), { events: [], ended: false, eventsLost: false });
        assert.equal(await a.events.after(id, 's1', 5), undefined, 'beyond the latest');
        assert.equal(await a.events.after(randomUUID(), 's1', 0), undefined, 'no such session');
        await b.sessions.delete(id);
        assert.equal(await a.events.after(id, 's1', 0), undefined, 'ended');
        assert.equal(await a.events.position(id), 0);
      }));

    it('keeps the newest events, and says which streams lost some', () =>
      using({ maxEventsPerSession: 3 }, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        await a.events.append(id, 'x', note('x1')); // 1
        await b.events.append(id, 'y', note('y1')); // 2
        await a.events.append(id, 'x', note('x2')); // 3
        await b.events.append(id, 'x', note('x3')); // 4: drops 1
        await a.events.append(id, 'y', note('y2')); // 5: drops 2
        const x = await b.events.after(id, 'x', 0);
        assert.deepEqual(x, {
          events: [
            { streamId: 'x', seq: 3, message: note('x2') },
            { streamId: 'x', seq: 4, message: note('x3') },
          ],
          ended: false,
          eventsLost: true,
        });
        assert.equal((await a.events.after(id, 'x', 1))?.eventsLost, false, 'nothing lost after the dropped one');
        assert.deepEqual(await a.events.after(id, 'y', 1), {
          events: [{ streamId: 'y', seq: 5, message: note('y2') }],
          ended: false,
          eventsLost: true,
        });
        assert.equal((await a.events.after(id, 'y', 2))?.eventsLost, false);
        assert.equal(await a.events.position(id), 5);
        await a.sessions.delete(id);
      }));

    it('tells a watcher every event appended anywhere, in the order logged', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        const seen: LoggedEvent[] = [];
        const stop = await b.events.watch(id, (event) => seen.push(event));
        const other: LoggedEvent[] = [];
        const stopOther = await a.events.watch(randomUUID(), (event) => other.push(event));
        const appended = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).events.append(id, `s${i % 3}`, note(String(i)))),
        );
        await a.events.append(id, 's0', null);
        await until(() => seen.length === 21, '21 events');
        assert.deepEqual(
          seen.map((event) => event.seq),
          Array.from({ length: 21 }, (_, i) => i + 1),
        );
        assert.deepEqual(
          [...appended].sort((x, y) => x! - y!),
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        for (const event of seen.slice(0, 20)) {
          const i = Number((event.message as JsonRpcNotification).params!.data);
          assert.equal(event.seq, appended[i]);
          assert.equal(event.streamId, `s${i % 3}`);
        }
        assert.deepEqual(seen[20], { streamId: 's0', seq: 21, message: null });
        await stop();
        await a.events.append(id, 's0', note('unheard'));
        await sleep(50);
        assert.equal(seen.length, 21);
        assert.deepEqual(other, []);
        await stopOther();
        await a.sessions.delete(id);
      }));

    it('broadcasts to the standalone stream of every live session, or of those subscribed', () =>
      using({}, async ({ a, b }) => {
        const [subscribed, plain, ended] = [randomUUID(), randomUUID(), randomUUID()];
        await a.sessions.create(subscribed, record(['file:///watched']), 10_000);
        await b.sessions.create(plain, record(), 10_000);
        await b.sessions.create(ended, record(['file:///watched']), 10_000);
        await a.sessions.delete(ended);
        const heard: LoggedEvent[] = [];
        const stop = await a.events.watch(plain, (event) => heard.push(event));
        await b.events.append(plain, 'g', note('own'));
        await b.events.broadcast(note('list changed'));
        await a.events.broadcast(note('updated'), 'file:///watched');
        await a.events.broadcast(note('nobody'), 'file:///unwatched');
        assert.deepEqual((await a.events.after(subscribed, 'g', 0))?.events, [
          { streamId: 'g', seq: 1, message: note('list changed') },
          { streamId: 'g', seq: 2, message: note('updated') },
        ]);
        assert.deepEqual((await b.events.after(plain, 'g', 0))?.events, [
          { streamId: 'g', seq: 1, message: note('own') },
          { streamId: 'g', seq: 2, message: note('list changed') },
        ]);
        await until(() => heard.length === 2, 'the broadcast, told');
        assert.deepEqual(heard[1], { streamId: 'g', seq: 2, message: note('list changed') });
        assert.equal(await a.events.position(ended), 0);
        await b.sessions.setSubscription(subscribed, 'file:///watched', false);
        await b.events.broadcast(note('again'), 'file:///watched');
        assert.equal(await a.events.position(subscribed), 2);
        await stop();
        await a.sessions.delete(subscribed);
        await a.sessions.delete(plain);
      }));
  });

  describe('answer streams and leases', () => {
    it('writes an answer stream only while the process that opened it holds it, the answer with the end', () =>
      using({}, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        await b.events.append(id, 'g', note('before'));
        assert.equal(await a.events.open(id, 'pa-1', lost(1)), 1, 'the position: the stream starts after it');
        assert.equal(await a.events.write(id, 'pa-1', note('working')), 2);
        assert.equal(await b.events.write(id, 'pa-1', note('not b’s')), undefined, 'another process’s stream');
        assert.equal(await b.events.finish(id, 'pa-1', answer(2)), undefined);
        assert.equal(await a.events.finish(id, 'pa-1', answer(1)), 4);
        assert.deepEqual(await b.events.after(id, 'pa-1', 1), {
          events: [
            { streamId: 'pa-1', seq: 2, message: note('working') },
            { streamId: 'pa-1', seq: 3, message: answer(1) },
          ],
          ended: true,
          eventsLost: false,
        });
        assert.equal(await a.events.write(id, 'pa-1', note('late')), undefined, 'finished');
        assert.equal(await a.events.finish(id, 'pa-1', answer(1)), undefined, 'never answered twice');
        assert.equal(await a.events.position(id), 4);
        await a.events.open(id, 'pa-2', null);
        assert.equal(await a.events.finish(id, 'pa-2'), 5, 'an end without an answer');
        await b.sessions.delete(id);
        assert.equal(await a.events.open(id, 'pa-3', lost(3)), 0, 'the session ended');
        assert.equal(await a.events.write(id, 'pa-3', note('x')), undefined);
        assert.equal(await a.events.finish(id, 'pa-3', answer(3)), undefined);
      }));

    it('reaps a process whose lease lapsed, once: its open streams end with their last word, its tasks come back', () =>
      using({ leaseMs: 300 }, async ({ a, b }) => {
        const id = randomUUID();
        await b.sessions.create(id, record(), 10_000);
        assert.equal(await a.leases.renew(), true);
        assert.equal(await b.leases.renew(), true);
        await a.events.open(id, 'pa-1', lost(1));
        await a.events.write(id, 'pa-1', note('working'));
        await a.events.open(id, 'pa-2', null);
        await a.events.open(id, 'pa-3', lost(3));
        await a.events.finish(id, 'pa-3', answer(3));
        await a.leases.hold('task-1');
        await a.leases.hold('task-2');
        await a.leases.release('task-2');
        assert.deepEqual(await b.leases.reap(), [], 'a holds its lease');
        const heard: LoggedEvent[] = [];
        const stop = await b.events.watch(id, (event) => heard.push(event));
        await sleep(400);
        assert.equal(await b.leases.renew(), true, 'b’s lease had lapsed too, unreaped');
        assert.deepEqual(await b.leases.reap(), [{ replicaId: a.replicaId, streams: 2, tasks: ['task-1'] }]);
        assert.deepEqual(await b.leases.reap(), [], 'once');
        // The streams are reaped in no particular order: their events are compared, not numbered.
        const tail = async (streamId: string) => {
          const found = await b.events.after(id, streamId, 0);
          return { messages: found?.events.map((event) => event.message), ended: found?.ended };
        };
        assert.deepEqual(await tail('pa-1'), { messages: [note('working'), lost(1)], ended: true });
        assert.deepEqual(await tail('pa-2'), { messages: [], ended: true });
        assert.deepEqual(await tail('pa-3'), { messages: [answer(3)], ended: true }, 'answered once');
        await until(() => heard.length === 3, 'the reaped streams’ events, told');
        assert.deepEqual(
          heard.map((event) => [event.streamId, event.message]).sort(),
          [
            ['pa-1', lost(1)],
            ['pa-1', null],
            ['pa-2', null],
          ].sort(),
        );
        assert.equal(await a.events.write(id, 'pa-1', note('late')), undefined, 'the reaped process writes no more');
        assert.equal(await a.events.finish(id, 'pa-1', answer(1)), undefined);
        assert.equal(await a.leases.renew(), false, 'a learns it was reaped');
        assert.equal(await a.leases.renew(), true);
        assert.deepEqual(await a.leases.reap(), [], 'b holds its lease');
        await stop();
        await b.sessions.delete(id);
      }));

    it('reaps a process that left at once', () =>
      using({ leaseMs: 60_000 }, async ({ a, b }) => {
        const id = randomUUID();
        await a.sessions.create(id, record(), 10_000);
        await a.leases.renew();
        await a.events.open(id, 'pa-1', [lost(1), lost(2)]);
        await a.leases.hold('task-1');
        assert.deepEqual(await b.leases.reap(), []);
        await a.leases.leave();
        assert.deepEqual(await b.leases.reap(), [{ replicaId: a.replicaId, streams: 1, tasks: ['task-1'] }]);
        assert.deepEqual((await b.events.after(id, 'pa-1', 0))?.events, [
          { streamId: 'pa-1', seq: 1, message: [lost(1), lost(2)] },
        ]);
        await a.sessions.delete(id);
      }));
  });

  describe('the bus', () => {
    it('carries messages between processes, this one included, until a listener stops', () =>
      using({}, async ({ a, b }) => {
        const heardA: string[] = [];
        const heardB: string[] = [];
        const stopA = await a.bus.subscribe('news', (message) => heardA.push(message));
        const stopB = await b.bus.subscribe('news', (message) => heardB.push(message));
        const stopOther = await b.bus.subscribe('other', (message) => heardB.push(`other ${message}`));
        await b.bus.publish('news', 'one');
        await a.bus.publish('news', 'two');
        await until(() => heardA.length === 2 && heardB.length === 2, 'both messages, twice');
        assert.deepEqual(heardA, ['one', 'two']);
        assert.deepEqual(heardB, ['one', 'two']);
        await stopA();
        await stopA();
        await b.bus.publish('news', 'three');
        await until(() => heardB.length === 3, 'the third');
        await sleep(30);
        assert.deepEqual(heardA, ['one', 'two']);
        await stopB();
        await stopOther();
      }));
  });

  describe('used request states', () => {
    it('accepts each once, fleet-wide, even when presented at once', () =>
      using({}, async ({ a, b }) => {
        const expiresAt = Date.now() + 10_000;
        const [one, two] = [randomUUID(), randomUUID()];
        const first = await Promise.all([a.usedStates.add(one, expiresAt), b.usedStates.add(one, expiresAt)]);
        assert.deepEqual([...first].sort(), [false, true]);
        assert.equal(await a.usedStates.add(one, expiresAt), false);
        assert.equal(await b.usedStates.add(two, expiresAt), true);
      }));
  });

  describe('tasks', () => {
    it('stores records any process reads, as copies', () =>
      using({}, async ({ a, b }) => {
        const now = Date.now();
        const made = task(randomUUID(), 'alice', now);
        await a.tasks.create(made);
        made.status = 'failed';
        const read = await b.tasks.get(made.taskId);
        assert.deepEqual(read, { ...made, status: 'working' });
        read!.status = 'cancelled';
        assert.equal((await a.tasks.get(made.taskId))?.status, 'working');
        assert.equal(await b.tasks.get(randomUUID()), undefined);
        await assert.rejects(a.tasks.create(task(made.taskId, 'alice', now)), /exists/);
      }));

    it('changes a task until it reaches a terminal state, then never', () =>
      using({}, async ({ a, b }) => {
        const now = Date.now();
        const made = { ...task(randomUUID(), 'bob', now), statusMessage: 'starting' };
        await a.tasks.create(made);
        assert.equal(await a.tasks.active('bob'), 1);
        const asking = await b.tasks.update(made.taskId, {
          status: 'input_required',
          inputRequests: { name: { method: 'elicitation/create', params: { message: 'Name?' } } } as never,
          lastUpdatedAt: now + 1,
        });
        assert.equal(asking?.status, 'input_required');
        assert.deepEqual(plain(await a.tasks.get(made.taskId)), plain(asking));
        const done = await a.tasks.update(made.taskId, {
          status: 'completed',
          result: { content: [], structuredContent: { list: [], empty: {} } },
          statusMessage: undefined,
          inputRequests: undefined,
          lastUpdatedAt: now + 2,
        });
        assert.deepEqual(plain(done), {
          ...task(made.taskId, 'bob', now),
          status: 'completed',
          result: { content: [], structuredContent: { list: [], empty: {} } },
          lastUpdatedAt: now + 2,
        });
        assert.equal(await b.tasks.active('bob'), 0);
        assert.deepEqual(
          plain(await b.tasks.update(made.taskId, { status: 'cancelled', lastUpdatedAt: now + 3 })),
          plain(done),
        );
        assert.deepEqual(plain(await a.tasks.get(made.taskId)), plain(done));
        assert.equal(await a.tasks.update(randomUUID(), { status: 'cancelled' }), undefined);
      }));

    it('lists an owner’s tasks newest first, a page at a time, and counts those running', () =>
      using({}, async ({ a, b }) => {
        const owner = `carol-${randomUUID()}`;
        const now = Date.now();
        const ids = Array.from({ length: 5 }, () => randomUUID());
        // Made in this order, some in the same millisecond.
        for (const [i, id] of ids.entries())
          await (i % 2 ? a : b).tasks.create(task(id, owner, now + Math.floor(i / 2)));
        await a.tasks.create(task(randomUUID(), `${owner}-other`, now));
        await b.tasks.update(ids[1]!, { status: 'cancelled' });
        assert.equal(await a.tasks.active(owner), 4);
        const first = await b.tasks.list(owner, undefined, 2);
        assert.deepEqual(
          first.records.map((r) => r.taskId),
          [ids[4], ids[3]],
        );
        assert.equal(first.nextCursor, ids[3]);
        const second = await a.tasks.list(owner, first.nextCursor, 2);
        assert.deepEqual(
          second.records.map((r) => r.taskId),
          [ids[2], ids[1]],
        );
        assert.equal(second.records[1]?.status, 'cancelled');
        const last = await b.tasks.list(owner, second.nextCursor, 2);
        assert.deepEqual(last, { records: [(await a.tasks.get(ids[0]!))!] });
        assert.deepEqual(await a.tasks.list(owner, undefined, 10), {
          records: await Promise.all([...ids].reverse().map(async (id) => (await b.tasks.get(id))!)),
        });
        assert.deepEqual(await a.tasks.list(`nobody-${randomUUID()}`, undefined, 10), { records: [] });
        assert.equal(await b.tasks.active(`nobody-${randomUUID()}`), 0);
      }));

    it('stores a task only while its key runs fewer than maxActive: creations at once from both processes pass it by none', () =>
      using({}, async ({ a, b }) => {
        const owner = `gina-${randomUUID()}`;
        const now = Date.now();
        const made = Array.from({ length: 20 }, () => task(randomUUID(), owner, now));
        const stored = await Promise.all(made.map((record, i) => (i % 2 ? a : b).tasks.create(record, 5)));
        assert.equal(stored.filter(Boolean).length, 5);
        assert.equal(await a.tasks.active(owner), 5);
        const kept = made.filter((_, i) => stored[i]);
        const refused = made.filter((_, i) => !stored[i]);
        assert.equal(await b.tasks.get(refused[0]!.taskId), undefined, 'a refused task is not stored');
        assert.equal((await a.tasks.list(owner, undefined, 50)).records.length, 5);
        // A task that ended frees its place; one made ended takes none.
        assert.equal(await b.tasks.create({ ...task(randomUUID(), owner, now), status: 'completed' }, 5), true);
        assert.equal(await a.tasks.create(task(randomUUID(), owner, now), 5), false);
        await b.tasks.update(kept[0]!.taskId, { status: 'cancelled' });
        assert.equal(await a.tasks.create(task(randomUUID(), owner, now), 5), true);
        assert.equal(await b.tasks.active(owner), 5);
      }));

    it('counts a task against its limitKey instead of its owner', () =>
      using({}, async ({ a, b }) => {
        const [key, owner, other] = [`10.0.0.${randomUUID()}`, `hal-${randomUUID()}`, `ida-${randomUUID()}`];
        const now = Date.now();
        const of = (who: string) => ({ ...task(randomUUID(), who, now), limitKey: key });
        assert.equal(await a.tasks.create(of(owner), 2), true);
        const second = of(other);
        assert.equal(await b.tasks.create(second, 2), true);
        assert.equal(await a.tasks.create(of(other), 2), false, 'two owners, one key, one limit');
        assert.equal(await b.tasks.create(task(randomUUID(), other, now), 2), true, 'its owner’s own count is apart');
        assert.deepEqual(
          [await a.tasks.active(key), await b.tasks.active(owner), await a.tasks.active(other)],
          [2, 0, 1],
        );
        assert.deepEqual(await b.tasks.get(second.taskId), second);
        await a.tasks.update(second.taskId, { status: 'failed' });
        assert.equal(await b.tasks.active(key), 1);
        assert.equal(await a.tasks.create(of(other), 2), true);
      }));

    it('keeps a task ttlMs from its creation, running or not', () =>
      using({}, async ({ a, b }) => {
        const owner = `dave-${randomUUID()}`;
        const now = Date.now();
        const [short, done, long, forever] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        await a.tasks.create(task(short, owner, now, 200));
        await a.tasks.create({ ...task(done, owner, now, 200), status: 'completed', result: { content: [] } });
        await b.tasks.create(task(long, owner, now, 60_000));
        await b.tasks.create(task(forever, owner, now, null));
        assert.equal(await a.tasks.active(owner), 3);
        await sleep(300);
        assert.equal(await b.tasks.get(short), undefined);
        assert.equal(await b.tasks.get(done), undefined);
        assert.equal(await a.tasks.update(short, { status: 'completed' }), undefined);
        assert.equal(await a.tasks.active(owner), 2);
        assert.deepEqual(
          (await b.tasks.list(owner, undefined, 10)).records.map((r) => r.taskId),
          [forever, long],
        );
        assert.equal((await a.tasks.get(forever))?.ttlMs, null);
      }));
  });

  describe('request state keys', () => {
    it('agree across processes, and open old states until those have expired', () =>
      using({ keyRotationMs: 400, requestStateTtlMs: 400 }, async ({ a, b }) => {
        // Start just after a period begins, so the steps below fall where they are meant to.
        await sleep(400 - (Date.now() % 400) + 20);
        const [fromA, fromB] = await Promise.all([a.keys.current(), b.keys.current()]);
        assert.equal(fromA.id, fromB.id);
        assert.deepEqual(fromA.secret, fromB.secret);
        assert.ok(fromA.secret.byteLength >= 32);
        assert.deepEqual(await b.keys.find(fromA.id), fromA);
        assert.equal(await a.keys.find(`k${Number(fromA.id.slice(1)) + 1}`), undefined, 'a later period');
        assert.equal(await a.keys.find('nonsense'), undefined);
        await sleep(400);
        const next = await b.keys.current();
        assert.notEqual(next.id, fromA.id);
        assert.notDeepEqual(next.secret, fromA.secret);
        assert.deepEqual(await a.keys.find(next.id), next);
        assert.deepEqual(await b.keys.find(fromA.id), fromA, 'the old key, while its states live');
        await sleep(400);
        assert.equal(await a.keys.find(fromA.id), undefined, 'the old key, once they have expired');
        assert.equal(await b.keys.find(fromA.id), undefined);
      }));
  });

  describe('what is left', () => {
    it('nothing, once sessions have ended or been deleted and tasks have expired', () =>
      using({ maxEventsPerSession: 2, keyRotationMs: 100, requestStateTtlMs: 100 }, async ({ a, b, leftovers }) => {
        const now = Date.now();
        const [kept, deleted, idle] = [randomUUID(), randomUUID(), randomUUID()];
        await a.sessions.create(kept, record(['file:///x', 'file:///y']), 300);
        await b.sessions.create(deleted, record(['file:///x']), 300);
        await b.sessions.create(idle, record(), 200);
        await a.sessions.setSubscription(idle, 'file:///z', true);
        await a.sessions.setLogLevel(idle, 'error');
        for (let i = 0; i < 4; i++) await a.events.append(kept, 's', note(String(i)));
        await b.events.append(idle, 'g', null);
        await a.events.broadcast(note('all'));
        await b.events.broadcast(note('x'), 'file:///x');
        assert.ok(await b.sessions.touch(kept, 300));
        assert.equal(await a.sessions.delete(deleted), true);
        await a.tasks.create(task(randomUUID(), 'erin', now, 200));
        await b.tasks.create({ ...task(randomUUID(), 'erin', now, 200), status: 'failed' });
        await a.tasks.create(task(randomUUID(), 'frank', now, 250));
        await b.tasks.create({ ...task(randomUUID(), 'gus', now, 250), limitKey: '192.0.2.1' }, 3);
        await a.usedStates.add(randomUUID(), now + 200);
        await a.keys.current();
        assert.notDeepEqual(await leftovers(), []);
        await sleep(600);
        assert.deepEqual(await leftovers(), []);
      }));
  });
}

describe('MemoryFleet', () => {
  contract(async (options) => {
    const fleet = new MemoryFleet(options);
    return {
      a: fleet.join(),
      b: fleet.join(),
      leftovers: () => Promise.resolve(fleet.sessionCount === 0 ? [] : [`${fleet.sessionCount} sessions`]),
      close: () => Promise.resolve(),
    };
  });
});

const missing = redisMissing();

describe('redisStore', { skip: missing ?? false }, () => {
  let server: RedisServer;
  let admin: ReturnType<typeof createClient>;
  let tests = 0;
  before(async () => {
    server = await startRedis();
    admin = createClient({ url: server.url });
    await admin.connect();
  });
  after(async () => {
    await admin?.close();
    await server?.stop();
  });

  contract(async (options) => {
    const prefix = `t${++tests}:`;
    const [a, b] = await Promise.all([
      redisStore({ url: server.url, prefix, ...options }),
      redisStore({ url: server.url, prefix, ...options }),
    ]);
    return {
      a,
      b,
      leftovers: async () => (await admin.keys(`${prefix}*`)).sort(),
      close: async () => {
        await Promise.all([a.close(), b.close()]);
      },
    };
  });
});
