// Every request a client sends, through the typed methods of ClientSession, and the iterators
// that walk paginated lists.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { CapabilityNotSupportedError } from '../../src/protocol/errors.js';
import { Server } from '../../src/server/index.js';
import type { Tool } from '../../src/types/tools.js';
import { clientInfo, fakeServer, link, PROMPTS, RESOURCES, TEMPLATES, textOf } from '../helpers/linked-client.js';

function toolServer(pageSize?: number): Server {
  const server = new Server({ name: 'tools', version: '1' }, pageSize === undefined ? {} : { pageSize });
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) {
    server.tool(name, { description: `the ${name} tool` }, (args) => ({
      content: [{ type: 'text', text: `${name}(${JSON.stringify(args)})` }],
    }));
  }
  return server;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('tools', () => {
  it('listTools returns one page, callTool the typed result', async () => {
    const { session } = await link(toolServer(), new Client(clientInfo));
    const { tools, nextCursor } = await session.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['alpha', 'beta', 'gamma', 'delta', 'epsilon'],
    );
    assert.equal(nextCursor, undefined);
    const result = await session.callTool({ name: 'beta', arguments: { x: 1 } });
    assert.equal(textOf(result), 'beta({"x":1})');
    await session.close();
  });

  it('tools() walks every page, asking for the next only when needed', async () => {
    const { session, sent } = await link(toolServer(2), new Client(clientInfo));
    const firstPage = await session.listTools();
    assert.equal(firstPage.tools.length, 2);
    assert.ok(firstPage.nextCursor);
    const all: Tool[] = await collect(session.tools());
    assert.deepEqual(
      all.map((t) => t.name),
      ['alpha', 'beta', 'gamma', 'delta', 'epsilon'],
    );
    const lists = () => sent.filter((m) => m.method === 'tools/list');
    assert.equal(lists().length, 1 + 3);
    for await (const tool of session.tools()) {
      assert.equal(tool.name, 'alpha');
      break;
    }
    assert.equal(lists().length, 1 + 3 + 1, 'stopping early asks for no further page');
    await session.close();
  });

  it('fails locally, without sending, when the server has no tools', async () => {
    const { session, sent } = await link(new Server({ name: 'bare', version: '1' }), new Client(clientInfo));
    await assert.rejects(session.listTools(), CapabilityNotSupportedError);
    await assert.rejects(collect(session.tools()), CapabilityNotSupportedError);
    assert.equal(sent.filter((m) => m.method === 'tools/list').length, 0);
    await session.close();
  });
});

describe('resources, prompts and completion', () => {
  it('each method sends the spec request and returns the typed result', async () => {
    const { server, requests } = fakeServer();
    const { session } = await link(server, new Client(clientInfo));
    assert.deepEqual((await session.listResources()).resources, RESOURCES.slice(0, 2));
    assert.deepEqual((await session.listResources({ cursor: '4' })).resources, RESOURCES.slice(4));
    assert.deepEqual((await session.listResourceTemplates()).resourceTemplates, TEMPLATES.slice(0, 2));
    const read = await session.readResource({ uri: 'file:///data/a.txt' });
    assert.deepEqual(read.contents, [
      { uri: 'file:///data/a.txt', mimeType: 'text/plain', text: 'contents of file:///data/a.txt' },
    ]);
    assert.deepEqual(await session.subscribeResource({ uri: 'file:///data/a.txt' }), {});
    assert.deepEqual(await session.unsubscribeResource({ uri: 'file:///data/a.txt' }), {});
    assert.deepEqual((await session.listPrompts()).prompts, PROMPTS.slice(0, 2));
    const prompt = await session.getPrompt({ name: 'greet', arguments: { topic: 'MCP' } });
    assert.deepEqual(prompt.messages, [{ role: 'user', content: { type: 'text', text: 'greet: MCP' } }]);
    const completion = await session.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'topic', value: 'py' },
    });
    assert.deepEqual(completion.completion.values, ['python', 'pytorch']);
    assert.deepEqual(await session.setLoggingLevel({ level: 'error' }), {});
    assert.deepEqual(await session.ping(), {});
    assert.deepEqual(
      requests.map((r) => r.method),
      [
        'resources/list',
        'resources/list',
        'resources/templates/list',
        'resources/read',
        'resources/subscribe',
        'resources/unsubscribe',
        'prompts/list',
        'prompts/get',
        'completion/complete',
      ],
    );
    await session.close();
  });

  it('resources(), resourceTemplates() and prompts() walk every page', async () => {
    const { server, requests } = fakeServer();
    const { session } = await link(server, new Client(clientInfo));
    assert.deepEqual(await collect(session.resources()), RESOURCES);
    assert.deepEqual(await collect(session.resourceTemplates()), TEMPLATES);
    assert.deepEqual(await collect(session.prompts()), PROMPTS);
    const cursors = (method: string) => requests.filter((r) => r.method === method).map((r) => r.params.cursor);
    assert.deepEqual(cursors('resources/list'), [undefined, '2', '4']);
    assert.deepEqual(cursors('resources/templates/list'), [undefined, '2']);
    assert.deepEqual(cursors('prompts/list'), [undefined, '2']);
    await session.close();
  });

  it('an iterator keeps the params it was given (other than the cursor) on every page', async () => {
    const { server, requests } = fakeServer();
    const { session } = await link(server, new Client(clientInfo));
    await collect(session.prompts({ _meta: { trace: 't1' } }));
    assert.deepEqual(
      requests.map((r) => r.params),
      [{ _meta: { trace: 't1' } }, { _meta: { trace: 't1' }, cursor: '2' }],
    );
    await session.close();
  });

  it('stops with a clear error when the server repeats a cursor', async () => {
    const server = new Server({ name: 'loop', version: '1' });
    let served = 0;
    server.addFeature({
      handlers: {
        'prompts/list': (params) => {
          served++;
          // Page 1 -> "x", page "x" -> "y", page "y" -> "x" again.
          return { prompts: [{ name: `p${served}` }], nextCursor: params.cursor === 'x' ? 'y' : 'x' };
        },
      },
      capabilities: () => ({ prompts: {} }),
    });
    const { session } = await link(server, new Client(clientInfo));
    const names: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const prompt of session.prompts()) names.push(prompt.name);
      })(),
      (error: unknown) => error instanceof JsonRpcError && /repeated the prompts\/list cursor "x"/.test(error.message),
    );
    assert.deepEqual(names, ['p1', 'p2', 'p3'], 'the items of every page received are delivered');
    assert.equal(served, 3, 'the repeated cursor is never sent');
    await session.close();
  });

  it('passes request options through (progress, signal)', async () => {
    const server = new Server({ name: 'slow', version: '1' });
    server.addFeature({
      handlers: {
        'resources/read': async (params, ctx) => {
          await ctx.progress(1, 2, 'half');
          await ctx.progress(2, 2, 'done');
          return { contents: [{ uri: params.uri as string, text: 'ok' }] };
        },
        'resources/list': (_params, ctx) =>
          new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ resources: [] }))),
      },
      capabilities: () => ({ resources: {} }),
    });
    const { session } = await link(server, new Client(clientInfo));
    const progress: unknown[] = [];
    await session.readResource({ uri: 'file:///x' }, { onprogress: (p) => progress.push(p) });
    assert.deepEqual(progress, [
      { progress: 1, total: 2, message: 'half' },
      { progress: 2, total: 2, message: 'done' },
    ]);
    const controller = new AbortController();
    const walking = collect(session.resources({}, { signal: controller.signal }));
    controller.abort(new Error('enough'));
    await assert.rejects(walking, /enough/);
    await session.close();
  });

  it('completion needs no capability in 2024-11-05', async () => {
    const server = new Server({ name: 'old', version: '1' });
    server.addFeature({
      handlers: { 'completion/complete': () => ({ completion: { values: ['x'] } }) },
      capabilities: () => ({ prompts: {} }),
    });
    const { session } = await link(server, new Client(clientInfo), '2024-11-05');
    assert.deepEqual(
      (await session.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }))
        .completion.values,
      ['x'],
    );
    await session.close();
  });
});

describe('tasks (2025-11-25)', () => {
  it('a task-augmented call returns the task; the tasks methods are typed requests', async () => {
    const task = {
      taskId: 't1',
      status: 'working' as const,
      createdAt: '2025-11-25T10:00:00Z',
      lastUpdatedAt: '2025-11-25T10:00:00Z',
      ttl: 60000,
    };
    const server = new Server({ name: 'tasks', version: '1' });
    server.addFeature({
      handlers: {
        'tools/call': (params) => (params.task ? { task } : { content: [] }),
        'tasks/get': (params) => ({ ...task, taskId: params.taskId as string, status: 'completed' }),
        'tasks/result': () => ({ content: [{ type: 'text', text: 'the result' }] }),
        'tasks/list': () => ({ tasks: [task] }),
        'tasks/cancel': () => ({ ...task, status: 'cancelled' }),
      },
      capabilities: () => ({ tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }),
    });
    const { session } = await link(server, new Client(clientInfo));
    const created = await session.callTool({ name: 'long', task: { ttl: 60000 } });
    assert.deepEqual(created.task, task);
    assert.equal((await session.request('tasks/get', { taskId: 't1' })).status, 'completed');
    assert.deepEqual((await session.request('tasks/result', { taskId: 't1' })).content, [
      { type: 'text', text: 'the result' },
    ]);
    assert.deepEqual((await session.request('tasks/list')).tasks, [task]);
    assert.equal((await session.request('tasks/cancel', { taskId: 't1' })).status, 'cancelled');
    await session.close();
  });

  it('the tasks methods do not exist before 2025-11-25', async () => {
    const server = new Server({ name: 'tasks', version: '1' }, { capabilities: { tasks: { list: {} } } });
    const { session } = await link(server, new Client(clientInfo), '2025-06-18');
    await assert.rejects(
      session.request('tasks/list'),
      /not a client-to-server request in protocol revision 2025-06-18/,
    );
    await session.close();
  });
});
