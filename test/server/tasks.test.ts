// Tasks, serving side, on the wire: the experimental tasks of 2025-11-25 and the tasks extension
// of 2026-07-28, driven by a raw client so every message the server sends is seen as it is.
// One handler per tool serves both forms and plain calls alike.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { Server, type ServerContext, type TaskOptions } from '../../src/server/index.js';
import { McpError } from '../../src/protocol/errors.js';
import { ManualClock } from '../../src/testing/index.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const RELATED = 'io.modelcontextprotocol/related-task';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A server whose tools run as tasks; `gate` releases `slow`, `events` says what handlers saw. */
function taskServer(options: TaskOptions = {}, clock?: ManualClock) {
  const events = new EventEmitter();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = new Server({ name: 'tasks', version: '1' }, { tasks: options, ...(clock && { clock }) });
  server.tool('plain', {}, () => text('at once'));
  server.tool('slow', { task: 'optional' }, async (_args, ctx: ServerContext) => {
    events.emit('started', ctx);
    ctx.signal.addEventListener('abort', () => events.emit('aborted', ctx.signal.reason));
    await ctx.progress(1, 2, 'half way');
    await Promise.race([gate, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
    return text(`done as ${String(ctx.taskId)}`);
  });
  server.tool('must', { task: 'required' }, () => text('always a task'));
  server.tool('ask', { task: 'optional' }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return text(`Hello, ${answer.action === 'accept' ? String(answer.content?.name) : answer.action}`);
  });
  server.tool('two', { task: 'optional' }, async (_args, ctx) => {
    const form = (message: string) => ({
      message,
      requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
    });
    const answers = await Promise.all([ctx.elicit(form('First?')), ctx.elicit(form('Second?'))]);
    return text(answers.map((a) => (a.action === 'accept' ? String(a.content?.name) : a.action)).join(' & '));
  });
  server.tool('broken', { task: 'optional' }, () => ({ ...text('it broke'), isError: true }));
  server.tool('crash', { task: 'optional' }, () => {
    throw new McpError(-32001, 'the backend is gone', { retry: false });
  });
  return { server, events, release };
}

/** Polls `tasks/get` until `done` holds of the task. */
async function until(
  client: RawClient,
  taskId: string,
  done: (task: Record<string, unknown>) => boolean,
  meta?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const reply = await client.request('tasks/get', meta ? { taskId, _meta: meta } : { taskId });
    assert.equal(reply.error, undefined, JSON.stringify(reply.error));
    if (done(reply.result!)) return reply.result!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.fail(`task ${taskId} did not get there`);
}

describe('tasks of 2025-11-25', () => {
  const legacy = (server: Server, capabilities: Record<string, unknown> = {}) =>
    RawClient.connect(server, '2025-11-25', capabilities);

  it('declares tasks and lists each tool’s task support', async () => {
    const { server } = taskServer();
    const client = await RawClient.attach(server);
    const init = await client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    assert.deepEqual((init.result!.capabilities as Record<string, unknown>).tasks, {
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { result } = await client.request('tools/list');
    const support = Object.fromEntries(
      (result!.tools as { name: string; execution?: { taskSupport: string } }[]).map((t) => [
        t.name,
        t.execution?.taskSupport,
      ]),
    );
    assert.deepEqual(support, {
      plain: undefined,
      slow: 'optional',
      must: 'required',
      ask: 'optional',
      two: 'optional',
      broken: 'optional',
      crash: 'optional',
    });
  });

  it('a task outlives its request: created at once, polled, its result collected, its status announced', async () => {
    const { server, release } = taskServer();
    const client = await legacy(server);
    const created = await client.request('tools/call', {
      name: 'slow',
      arguments: {},
      task: { ttl: 60_000 },
      _meta: { progressToken: 'p1' },
    });
    const task = created.result!.task as Record<string, unknown>;
    assert.equal(task.status, 'working');
    assert.equal(task.ttl, 60_000);
    assert.equal(typeof task.pollInterval, 'number');
    assert.match(String(task.taskId), /^[\w-]{22}$/);
    const progress = await client.next((m) => m.method === 'notifications/progress');
    assert.deepEqual(progress.params, {
      progressToken: 'p1',
      progress: 1,
      total: 2,
      message: 'half way',
      _meta: { [RELATED]: { taskId: task.taskId } },
    });
    const working = await client.request('tasks/get', { taskId: task.taskId });
    assert.equal(working.result!.status, 'working');
    // tasks/result waits for the end.
    client.send({ id: 'result', method: 'tasks/result', params: { taskId: task.taskId } });
    release();
    const result = await client.next((m) => m.id === 'result');
    assert.deepEqual(result.result, {
      ...text(`done as ${String(task.taskId)}`),
      _meta: { [RELATED]: { taskId: task.taskId } },
    });
    const status = await client.next(
      (m) => m.method === 'notifications/tasks/status' && m.params?.status === 'completed',
    );
    assert.equal(status.params!.taskId, task.taskId);
    const listed = await client.request('tasks/list', {});
    assert.deepEqual(
      (listed.result!.tasks as { taskId: string; status: string }[]).map((t) => [t.taskId, t.status]),
      [[task.taskId, 'completed']],
    );
  });

  it('asks the client mid-task with the task’s id, input_required until it answers', async () => {
    const { server } = taskServer();
    const client = await legacy(server, { elicitation: { form: {} } });
    const created = await client.request('tools/call', { name: 'ask', arguments: {}, task: {} });
    const taskId = (created.result!.task as { taskId: string }).taskId;
    const question = await client.next((m) => m.method === 'elicitation/create');
    assert.deepEqual((question.params!._meta as Record<string, unknown>)[RELATED], { taskId });
    await until(client, taskId, (t) => t.status === 'input_required');
    client.send({ id: question.id, result: { action: 'accept', content: { name: 'Ada' } } });
    const done = await until(client, taskId, (t) => t.status === 'completed');
    assert.equal(done.taskId, taskId);
    const result = await client.request('tasks/result', { taskId });
    assert.deepEqual(result.result!.content, text('Hello, Ada').content);
  });

  it('cancels: the handler’s signal aborts, the task stays cancelled, a second cancel is refused', async () => {
    const { server, events } = taskServer();
    const client = await legacy(server);
    const started = once(events, 'started');
    const created = await client.request('tools/call', { name: 'slow', arguments: {}, task: {} });
    const taskId = (created.result!.task as { taskId: string }).taskId;
    await started;
    const aborted = once(events, 'aborted');
    const cancel = await client.request('tasks/cancel', { taskId });
    assert.equal(cancel.result!.status, 'cancelled');
    await aborted;
    const after = await client.request('tasks/get', { taskId });
    assert.equal(after.result!.status, 'cancelled');
    const again = await client.request('tasks/cancel', { taskId });
    assert.equal(again.error?.code, -32602);
    const result = await client.request('tasks/result', { taskId });
    assert.equal(result.error?.code, -32602);
  });

  it('a tool’s error fails the task with its result; a JSON-RPC error fails it with the error', async () => {
    const { server } = taskServer();
    const client = await legacy(server);
    const broken = await client.request('tools/call', { name: 'broken', arguments: {}, task: {} });
    const brokenId = (broken.result!.task as { taskId: string }).taskId;
    const failed = await until(client, brokenId, (t) => t.status !== 'working');
    assert.equal(failed.status, 'failed');
    assert.equal(failed.statusMessage, 'it broke');
    const brokenResult = await client.request('tasks/result', { taskId: brokenId });
    assert.equal(brokenResult.result!.isError, true);
    const crash = await client.request('tools/call', { name: 'crash', arguments: {}, task: {} });
    const crashId = (crash.result!.task as { taskId: string }).taskId;
    await until(client, crashId, (t) => t.status === 'failed');
    const crashResult = await client.request('tasks/result', { taskId: crashId });
    assert.deepEqual(crashResult.error, { code: -32001, message: 'the backend is gone', data: { retry: false } });
  });

  it('refuses a task the tool does not allow, and a plain call of a tool that must be a task', async () => {
    const { server } = taskServer();
    const client = await legacy(server);
    const plainAsTask = await client.request('tools/call', { name: 'plain', arguments: {}, task: {} });
    assert.equal(plainAsTask.error?.code, -32601);
    const mustPlain = await client.request('tools/call', { name: 'must', arguments: {} });
    assert.equal(mustPlain.error?.code, -32601);
    assert.match(mustPlain.error!.message, /runs only as a task/);
    // Without `task`, an optional tool answers in the request.
    const plainSlow = await client.request('tools/call', { name: 'plain', arguments: {} });
    assert.deepEqual(plainSlow.result!.content, text('at once').content);
  });

  it('a task belongs to its session: another session is told it does not exist', async () => {
    const { server } = taskServer();
    const owner = await legacy(server);
    const stranger = await legacy(server);
    const created = await owner.request('tools/call', { name: 'must', arguments: {}, task: {} });
    const taskId = (created.result!.task as { taskId: string }).taskId;
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const reply = await stranger.request(method, { taskId });
      assert.equal(reply.error?.code, -32602, method);
      assert.match(reply.error!.message, /Task not found/);
    }
    const listed = await stranger.request('tasks/list', {});
    assert.deepEqual(listed.result!.tasks, []);
    assert.equal((await owner.request('tasks/get', { taskId })).error, undefined);
  });

  it('forgets a task once its time to live has passed, and caps what a client asks for', async () => {
    const clock = new ManualClock(Date.parse('2026-11-27T00:00:00Z'));
    const { server } = taskServer({ maxTtlMs: 5000 }, clock);
    const client = await legacy(server);
    const created = await client.request('tools/call', { name: 'must', arguments: {}, task: { ttl: 60_000 } });
    const task = created.result!.task as { taskId: string; ttl: number; createdAt: string };
    assert.equal(task.ttl, 5000);
    assert.equal(task.createdAt, '2026-11-27T00:00:00.000Z');
    clock.advance(4999);
    assert.equal((await client.request('tasks/get', { taskId: task.taskId })).result!.taskId, task.taskId);
    clock.advance(1);
    assert.equal((await client.request('tasks/get', { taskId: task.taskId })).error?.code, -32602);
  });

  it('refuses more tasks than a principal may run at once', async () => {
    const { server, release } = taskServer({ maxActive: 1 });
    const client = await legacy(server);
    await client.request('tools/call', { name: 'slow', arguments: {}, task: {} });
    const second = await client.request('tools/call', { name: 'slow', arguments: {}, task: {} });
    assert.match(second.error?.message ?? '', /Too many tasks in progress: at most 1/);
    release();
  });
});

describe('the tasks extension (2026-07-28)', () => {
  const envelope = (extension = true, name = 'modern') => ({
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name, version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: { form: {} },
      ...(extension && { extensions: { [TASKS]: {} } }),
    },
  });

  async function modern(options?: TaskOptions) {
    const made = taskServer(options);
    const client = await RawClient.attach(made.server);
    return { ...made, client };
  }

  const call = (client: RawClient, name: string, extension = true, who = 'modern') =>
    client.request('tools/call', { name, arguments: {}, _meta: envelope(extension, who) });

  it('declares the extension, not the 2025-11-25 capability', async () => {
    const { client } = await modern();
    const reply = await client.request('server/discover', { _meta: envelope() });
    const capabilities = reply.result!.capabilities as Record<string, unknown>;
    assert.deepEqual(capabilities.extensions, { [TASKS]: {} });
    assert.equal(capabilities.tasks, undefined);
  });

  it('answers with a flat task, then the result inline on tasks/get', async () => {
    const { client, release } = await modern();
    const created = await call(client, 'slow');
    const task = created.result!;
    assert.equal(task.resultType, 'task');
    assert.equal(task.status, 'working');
    assert.equal(task.ttlMs, 3_600_000);
    assert.equal(task.pollIntervalMs, 1000);
    for (const legacyKey of ['task', 'ttl', 'pollInterval', 'result', 'requestState']) assert.ok(!(legacyKey in task));
    const working = await until(client, String(task.taskId), (t) => t.statusMessage === 'half way', envelope());
    assert.equal(working.status, 'working');
    assert.equal(working.resultType, 'complete');
    release();
    const done = await until(client, String(task.taskId), (t) => t.status === 'completed', envelope());
    assert.deepEqual(done.result, text(`done as ${String(task.taskId)}`));
  });

  it('input mid-task: tasks/get shows the requests, tasks/update answers them, one at a time too', async () => {
    const { client } = await modern();
    const created = await call(client, 'two');
    const taskId = String(created.result!.taskId);
    const waiting = await until(
      client,
      taskId,
      (t) => Object.keys((t.inputRequests as object | undefined) ?? {}).length === 2,
      envelope(),
    );
    assert.equal(waiting.status, 'input_required');
    assert.deepEqual(Object.keys(waiting.inputRequests as object), ['elicitation-1', 'elicitation-2']);
    const first = await client.request('tasks/update', {
      taskId,
      inputResponses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } }, stray: { action: 'decline' } },
      _meta: envelope(),
    });
    assert.deepEqual(first.result, { resultType: 'complete', _meta: first.result!._meta });
    const half = await client.request('tasks/get', { taskId, _meta: envelope() });
    assert.equal(half.result!.status, 'input_required');
    assert.deepEqual(Object.keys(half.result!.inputRequests as object), ['elicitation-2']);
    const wrong = await client.request('tasks/update', {
      taskId,
      inputResponses: { 'elicitation-2': { action: 'maybe' } },
      _meta: envelope(),
    });
    assert.equal(wrong.error?.code, -32602, 'an answer that is no ElicitResult is refused');
    await client.request('tasks/update', {
      taskId,
      inputResponses: { 'elicitation-2': { action: 'accept', content: { name: 'Bob' } } },
      _meta: envelope(),
    });
    const done = await until(client, taskId, (t) => t.status === 'completed', envelope());
    assert.deepEqual(done.result, text('Ada & Bob'));
  });

  it('cancels with an empty acknowledgement, also of an ended task; the handler’s signal aborts', async () => {
    const { client, events } = await modern();
    const started = once(events, 'started');
    const created = await call(client, 'slow');
    const taskId = String(created.result!.taskId);
    await started;
    const aborted = once(events, 'aborted');
    const ack = await client.request('tasks/cancel', { taskId, _meta: envelope() });
    assert.equal(ack.result!.resultType, 'complete');
    assert.ok(!('status' in ack.result!));
    await aborted;
    assert.equal((await client.request('tasks/get', { taskId, _meta: envelope() })).result!.status, 'cancelled');
    const again = await client.request('tasks/cancel', { taskId, _meta: envelope() });
    assert.equal(again.error, undefined);
  });

  it('a tool’s error completes the task; a JSON-RPC error fails it with the error inline', async () => {
    const { client } = await modern();
    const broken = await call(client, 'broken');
    const brokenDone = await until(client, String(broken.result!.taskId), (t) => t.status !== 'working', envelope());
    assert.equal(brokenDone.status, 'completed');
    assert.equal((brokenDone.result as Record<string, unknown>).isError, true);
    const crash = await call(client, 'crash');
    const crashDone = await until(client, String(crash.result!.taskId), (t) => t.status !== 'working', envelope());
    assert.equal(crashDone.status, 'failed');
    assert.deepEqual(crashDone.error, { code: -32001, message: 'the backend is gone', data: { retry: false } });
    assert.ok(!('result' in crashDone));
  });

  it('a client without the extension gets results, -32021 for what needs it, -32601 for 2025-11-25 methods', async () => {
    const { client, release } = await modern();
    release();
    const plain = await call(client, 'slow', false);
    assert.equal(plain.result!.resultType, 'complete');
    assert.ok(Array.isArray(plain.result!.content));
    const must = await call(client, 'must', false);
    assert.equal(must.error?.code, -32021);
    assert.deepEqual(must.error?.data, { requiredCapabilities: { extensions: { [TASKS]: {} } } });
    const get = await client.request('tasks/get', { taskId: 'x', _meta: envelope(false) });
    assert.equal(get.error?.code, -32021);
    for (const method of ['tasks/result', 'tasks/list']) {
      const reply = await client.request(method, { taskId: 'x', _meta: envelope() });
      assert.equal(reply.error?.code, -32601, method);
    }
    const unknown = await client.request('tasks/get', { taskId: 'no-such-task', _meta: envelope() });
    assert.equal(unknown.error?.code, -32602);
  });

  it('another client is told the task does not exist', async () => {
    const { client } = await modern();
    const created = await call(client, 'must');
    const taskId = String(created.result!.taskId);
    const stranger = await client.request('tasks/get', { taskId, _meta: envelope(true, 'stranger') });
    assert.equal(stranger.error?.code, -32602);
    const update = await client.request('tasks/update', {
      taskId,
      inputResponses: {},
      _meta: envelope(true, 'stranger'),
    });
    assert.equal(update.error?.code, -32602);
  });

  it('sends notifications/tasks on a listen stream, for the client’s own tasks only', async () => {
    const { client, release } = await modern();
    const mine = String((await call(client, 'slow')).result!.taskId);
    const theirs = String((await call(client, 'must', true, 'stranger')).result!.taskId);
    client.send({
      id: 'listen',
      method: 'subscriptions/listen',
      params: { notifications: { taskIds: [mine, theirs, 'nonexistent'] }, _meta: envelope() },
    });
    const ack = await client.next((m) => m.method === 'notifications/subscriptions/acknowledged');
    assert.deepEqual((ack.params!.notifications as Record<string, unknown>).taskIds, [mine]);
    release();
    const event: WireMessage = await client.next(
      (m) => m.method === 'notifications/tasks' && m.params?.status === 'completed',
    );
    assert.equal(event.params!.taskId, mine);
    assert.deepEqual(event.params!.result, text(`done as ${mine}`));
    assert.equal((event.params!._meta as Record<string, unknown>)['io.modelcontextprotocol/subscriptionId'], 'listen');
    const refused = await client.request('subscriptions/listen', {
      notifications: { taskIds: [mine] },
      _meta: envelope(false),
    });
    assert.equal(refused.error?.code, -32021);
  });
});
