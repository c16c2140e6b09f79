// The client's own tasks (2025-11-25): a server asks for a form or for sampling as a task, gets
// the task at once, and polls, collects or cancels it while the client's handler runs.
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { McpError } from '../../src/protocol/errors.js';
import { Server, type ServerContext } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';

const RELATED = 'io.modelcontextprotocol/related-task';

const FORM = {
  mode: 'form',
  message: 'Approve?',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
};

/** A client whose handlers wait for the test to release them, telling `events` what they saw. */
function slowClient(events: EventEmitter) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const client = new Client(
    { name: 'tasks-client', version: '1' },
    {
      elicitation: {
        form: async (params, ctx) => {
          events.emit('asked', params);
          ctx.signal.addEventListener('abort', () => events.emit('aborted'));
          await Promise.race([gate, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
          return { action: 'accept', content: { ok: true } };
        },
      },
      sampling: () => {
        throw new McpError(-32001, 'no model here');
      },
    },
  );
  return { client, release: () => release() };
}

/** A server whose `relay` tool runs `use` with its session to the client; the answer is its text. */
function relayServer(use: (ctx: ServerContext) => Promise<unknown>): Server {
  const server = new Server({ name: 'asker', version: '1' });
  server.tool('relay', {}, async (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify(await use(ctx)) }],
  }));
  return server;
}

const relay = async (session: ClientSession) =>
  JSON.parse(
    ((await session.callTool({ name: 'relay', arguments: {} })).content[0] as { text: string }).text,
  ) as Record<string, unknown>;

async function poll(ctx: ServerContext, taskId: string, until: (task: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 500; i++) {
    const task = await ctx.session.request('tasks/get', { taskId });
    if (until(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('the task did not get there');
}

describe('the client’s own tasks (2025-11-25)', () => {
  it('declares them for the requests it answers, in 2025-11-25 only', async () => {
    const { client } = slowClient(new EventEmitter());
    assert.deepEqual(client.capabilities.tasks, {
      list: {},
      cancel: {},
      requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
    });
    const seen: unknown[] = [];
    const server = relayServer(async (ctx) => seen.push(ctx.session.clientCapabilities));
    const { client: old } = await connectPair(server, { client, protocolVersion: '2025-06-18' });
    await old.callTool({ name: 'relay', arguments: {} });
    assert.equal((seen[0] as Record<string, unknown>).tasks, undefined);
    await old.close();
    const none = new Client(
      { name: 'plain', version: '1' },
      { tasks: false, elicitation: { form: () => ({ action: 'decline' }) } },
    );
    assert.equal(none.capabilities.tasks, undefined);
  });

  it('a form asked as a task: named at once, answered later, collected with its task’s id', async () => {
    const events = new EventEmitter();
    const { client, release } = slowClient(events);
    const asked = once(events, 'asked');
    const server = relayServer(async (ctx) => {
      const created = await ctx.session.request('elicitation/create', { ...FORM, task: { ttl: 60_000 } });
      const taskId = (created.task as { taskId: string }).taskId;
      const working = await ctx.session.request('tasks/get', { taskId });
      const [params] = (await asked) as [Record<string, unknown>];
      release();
      await poll(ctx, taskId, (t) => t.status === 'completed');
      const result = await ctx.session.request('tasks/result', { taskId });
      const listed = await ctx.session.request('tasks/list', {});
      return { created, working: working.status, params, result, listed: (listed.tasks as unknown[]).length };
    });
    const { client: session } = await connectPair(server, { client, protocolVersion: '2025-11-25' });
    const seen = await relay(session);
    const task = (seen.created as { task: Record<string, unknown> }).task;
    assert.equal(task.status, 'working');
    assert.equal(task.ttl, 60_000);
    assert.equal(seen.working, 'working');
    assert.equal(
      (seen.params as Record<string, unknown>).task,
      undefined,
      'the handler gets the request, not the task',
    );
    assert.deepEqual(seen.result, {
      action: 'accept',
      content: { ok: true },
      _meta: { [RELATED]: { taskId: task.taskId } },
    });
    assert.equal(seen.listed, 1);
    await session.close();
  });

  it('a handler’s JSON-RPC error fails the task; tasks/result returns the error', async () => {
    const { client } = slowClient(new EventEmitter());
    const server = relayServer(async (ctx) => {
      const created = await ctx.session.request('sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
        maxTokens: 5,
        task: {},
      });
      const taskId = (created.task as { taskId: string }).taskId;
      const failed = await poll(ctx, taskId, (t) => t.status !== 'working');
      const error = await ctx.session
        .request('tasks/result', { taskId })
        .catch((e: McpError) => ({ code: e.code, message: e.message }));
      return { failed, error };
    });
    const { client: session } = await connectPair(server, { client, protocolVersion: '2025-11-25' });
    const seen = await relay(session);
    assert.equal((seen.failed as Record<string, unknown>).status, 'failed');
    assert.deepEqual(seen.error, { code: -32001, message: 'no model here' });
    await session.close();
  });

  it('the server cancels: the handler’s signal aborts; an ended task cannot be cancelled again', async () => {
    const events = new EventEmitter();
    const { client } = slowClient(events);
    const aborted = once(events, 'aborted');
    const asked = once(events, 'asked');
    const server = relayServer(async (ctx) => {
      const created = await ctx.session.request('elicitation/create', { ...FORM, task: {} });
      const taskId = (created.task as { taskId: string }).taskId;
      await asked;
      const cancelled = await ctx.session.request('tasks/cancel', { taskId });
      await aborted;
      const again = await ctx.session.request('tasks/cancel', { taskId }).catch((e: McpError) => e.code);
      const unknown = await ctx.session.request('tasks/get', { taskId: 'nope' }).catch((e: McpError) => e.code);
      return { status: cancelled.status, again, unknown };
    });
    const { client: session } = await connectPair(server, { client, protocolVersion: '2025-11-25' });
    assert.deepEqual(await relay(session), { status: 'cancelled', again: -32602, unknown: -32602 });
    await session.close();
  });
});
