// The limit on the tasks one client runs at once (`tasks.maxActive`, 32 by default), as a client
// meets it: a burst of task-augmented calls written all at once makes exactly as many tasks as
// the limit allows and refuses the rest, over stdio to a real child process (2025-11-25) and
// over real HTTP (2026-07-28); once tasks end, new ones are taken again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { fixture } from '../e2e/helpers.js';
import { RawChild } from '../e2e/raw-child.js';
import { tasksServer } from '../fixtures/tasks-server.js';
import { modernPost, type JsonRpcReply } from '../helpers/modern-post.js';

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
