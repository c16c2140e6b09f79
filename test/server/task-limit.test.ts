// The limit on the tasks one client runs at once (`tasks.maxActive`, 32 by default), as a client
// meets it: a burst of task-augmented calls written all at once makes exactly as many tasks as
// the limit allows and refuses the rest, over stdio to a real child process (2025-11-25) and
// over real HTTP (2026-07-28); once tasks end, new ones are taken again. Anonymous clients of
// one name share an owner, and so a limit, unless `limitKey` counts it per client.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server, type TaskOptions } from '../../src/server/index.js';
import { fixture } from '../helpers/e2e.js';
import { RawChild } from '../helpers/raw-child.js';
import { tasksServer } from '../fixtures/tasks-server.js';
import { modernPost, type JsonRpcReply, type ModernCaller } from '../helpers/modern-post.js';

const LIMIT = 32;
const BURST = 100;
const TASKS = 'io.modelcontextprotocol/tasks';
const TOO_MANY = new RegExp(`^Too many tasks in progress: at most ${LIMIT} at once`);

type Reply = JsonRpcReply;

/** Splits a burst's answers into the tasks made (their ids) and the refusals; anything else fails. */
function tally(replies: readonly Reply[], taskIdOf: (result: Record<string, unknown>) => unknown) {
  const made: string[] = [];
  const refused: Reply['error'][] = [];
  for (const reply of replies) {
    if (reply.result !== undefined) {
      const taskId = taskIdOf(reply.result);
      assert.equal(typeof taskId, 'string', `a task: ${JSON.stringify(reply)}`);
      made.push(taskId as string);
    } else refused.push(reply.error);
  }
  return { made, refused };
}

/** Asserts that every refusal is the limit's own: -32603 with its message. */
function assertRefusedByLimit(refused: readonly Reply['error'][], limit = LIMIT): void {
  for (const error of refused) {
    assert.equal(error?.code, -32603, JSON.stringify(error));
    assert.match(error?.message ?? '', new RegExp(`^Too many tasks in progress: at most ${limit} at once`));
  }
}

describe('the task limit under a burst, over stdio (2025-11-25)', () => {
  let child: RawChild;
  before(async () => {
    child = new RawChild([fixture('tasks-server')]);
    await child.initialize('2025-11-25');
  });
  after(async () => {
    child.kill();
    await child.closed;
  });

  const call = (id: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'hold', arguments: {}, task: {} },
  });

  it(`makes exactly ${LIMIT} tasks of ${BURST} calls written at once, then takes new ones once those end`, async () => {
    const ids = Array.from({ length: BURST }, (_, i) => `burst-${i}`);
    await child.write(ids.map((id) => `${JSON.stringify(call(id))}\n`).join(''));
    const replies = (await Promise.all(ids.map((id) => child.response(id)))) as Reply[];
    const { made, refused } = tally(replies, (result) => (result.task as { taskId?: unknown } | undefined)?.taskId);
    assert.equal(made.length, LIMIT);
    assert.equal(refused.length, BURST - LIMIT);
    assertRefusedByLimit(refused);

    // At the limit, one more is refused until a task ends.
    await child.send(call('one-more'));
    assert.match(((await child.response('one-more')) as Reply).error?.message ?? '', TOO_MANY);
    for (const taskId of made) {
      await child.send({ jsonrpc: '2.0', id: `cancel-${taskId}`, method: 'tasks/cancel', params: { taskId } });
      assert.equal(((await child.response(`cancel-${taskId}`)) as Reply).result?.status, 'cancelled');
    }
    const again = ids.map((id) => `again-${id}`).slice(0, LIMIT);
    await child.write(again.map((id) => `${JSON.stringify(call(id))}\n`).join(''));
    const retried = (await Promise.all(again.map((id) => child.response(id)))) as Reply[];
    assert.equal(
      tally(retried, (result) => (result.task as { taskId?: unknown } | undefined)?.taskId).made.length,
      LIMIT,
    );
  });
});

describe('the task limit under a burst, over HTTP (2026-07-28, the tasks extension)', () => {
  let listening: ListeningServer;
  before(async () => {
    listening = await listen(tasksServer(), { host: '127.0.0.1', port: 0 });
  });
  after(() => listening.close());

  const caller = { name: 'burst', capabilities: { extensions: { [TASKS]: {} } } };
  const post = (method: string, params: Record<string, unknown>) => modernPost(listening.url, method, params, caller);

  it(`makes exactly ${LIMIT} tasks of ${BURST} concurrent requests, then takes new ones once those end`, async () => {
    const hold = () => post('tools/call', { name: 'hold', arguments: {} });
    const replies = await Promise.all(Array.from({ length: BURST }, hold));
    const { made, refused } = tally(replies, (result) => result.taskId);
    assert.equal(made.length, LIMIT);
    assert.equal(refused.length, BURST - LIMIT);
    assertRefusedByLimit(refused);

    assert.match((await hold()).error?.message ?? '', TOO_MANY);
    await Promise.all(made.map(async (taskId) => assert.ok((await post('tasks/cancel', { taskId })).result)));
    const retried = await Promise.all(Array.from({ length: LIMIT }, hold));
    assert.equal(tally(retried, (result) => result.taskId).made.length, LIMIT);
  });
});

describe('the task limit counted per client (limitKey), over HTTP', () => {
  /**
   * A server whose `hold` tasks wait until cancelled, `maxActive` 2, counted per `limitKey`
   * when given; its endpoint names each request's client by its `x-api-key` header.
   */
  async function serve(limitKey?: TaskOptions['limitKey']): Promise<ListeningServer> {
    const server = new Server({ name: 'keyed', version: '1' }, { tasks: { maxActive: 2, limitKey } });
    server.tool('hold', { task: 'optional' }, async (_args, ctx) => {
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      return { content: [] };
    });
    server.tool('key', {}, (_args, ctx) => ({ content: [{ type: 'text', text: ctx.clientKey ?? '(none)' }] }));
    return listen(server, { host: '127.0.0.1', port: 0, clientKey: (request) => request.header('x-api-key') });
  }

  /** An anonymous client that names itself as every other one does, with an API key of its own. */
  const client = (apiKey: string) => ({
    name: 'same-name',
    capabilities: { extensions: { [TASKS]: {} } },
    headers: { 'x-api-key': apiKey },
  });

  /** How many of `count` concurrent `hold` calls of `caller` became tasks; their ids. */
  async function holds(url: string, caller: ModernCaller, count: number): Promise<string[]> {
    const call = () => modernPost(url, 'tools/call', { name: 'hold', arguments: {} }, caller);
    const { made, refused } = tally(await Promise.all(Array.from({ length: count }, call)), (r) => r.taskId);
    assertRefusedByLimit(refused, 2);
    return made;
  }

  it('without it, anonymous clients of one name share one limit: the first uses it up for the other', async () => {
    const listening = await serve();
    try {
      assert.equal((await holds(listening.url, client('alice'), 3)).length, 2);
      assert.equal((await holds(listening.url, client('bob'), 3)).length, 0);
    } finally {
      await listening.close();
    }
  });

  it('keyed by the client key the endpoint reads from a header, each client has a limit of its own', async () => {
    const listening = await serve((ctx) => ctx.clientKey);
    try {
      const [alice, bob] = [client('alice'), client('bob')];
      const key = await modernPost(listening.url, 'tools/call', { name: 'key', arguments: {} }, alice);
      assert.deepEqual(key.result?.content, [{ type: 'text', text: 'alice' }]);
      // A request of a 2025-11-25 session is told its POST's client key too.
      const { session } = await connectHttp(new Client({ name: 'same-name', version: '1' }), listening.url, {
        protocolVersion: '2025-11-25',
        eraCache: false,
        headers: { 'x-api-key': 'carol' },
      });
      try {
        assert.deepEqual((await session.callTool({ name: 'key', arguments: {} })).content, [
          { type: 'text', text: 'carol' },
        ]);
      } finally {
        await session.close();
      }
      const [ofAlice, ofBob] = await Promise.all([holds(listening.url, alice, 5), holds(listening.url, bob, 5)]);
      assert.deepEqual([ofAlice.length, ofBob.length], [2, 2]);
      // The tasks still belong to their owner, the shared name: the limit moved, ownership did not.
      const seen = await modernPost(listening.url, 'tasks/get', { taskId: ofAlice[0] }, bob);
      assert.equal(seen.result?.status, 'working');
      // One of alice's ends: alice may start one more, bob still none.
      assert.ok((await modernPost(listening.url, 'tasks/cancel', { taskId: ofAlice[0] }, alice)).result);
      assert.deepEqual(
        [(await holds(listening.url, bob, 1)).length, (await holds(listening.url, alice, 2)).length],
        [0, 1],
      );
    } finally {
      await listening.close();
    }
  });
});
