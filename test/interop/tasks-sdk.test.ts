// Tasks (protocol revision 2025-11-25) between mcpkit and the official SDK
// (@modelcontextprotocol/sdk 1.32.2, its experimental tasks), both ways:
//   - the SDK's client (client.experimental.tasks) against mcpkit's task server
//     (test/fixtures/tasks-server.ts), over stdio in a child process and over Streamable HTTP;
//   - mcpkit's client (callToolAsTask, ToolTask) against a server written with the SDK's
//     McpServer and registerToolTask (test/fixtures/tasks-sdk-server.ts), over stdio.
// Each side makes a task of a call, polls it, collects its result, lists and cancels tasks, and
// answers an elicitation the task asks on the way.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  TaskStatusNotificationSchema,
  type CallToolResult as SdkCallToolResult,
  type Task as SdkTask,
} from '@modelcontextprotocol/sdk/types.js';
import { Client, ToolTask, type ClientSession } from '../../src/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { CancelledError } from '../../src/protocol/errors.js';
import type { CallToolResult } from '../../src/types/tools.js';
import { fixture, firstText, nodeTransport, within } from '../helpers/e2e.js';
import { tasksServer } from '../fixtures/tasks-server.js';

const LIMIT = 15_000;
const text = (result: unknown): string => firstText(result as Record<string, unknown>);
const relatedTaskOf = (meta: Record<string, unknown> | undefined): unknown => meta?.[RELATED_TASK_META_KEY];

/** A JSON-RPC error with `code`, as either side raises it. */
function withCode(code: number, message?: RegExp) {
  return (error: unknown): boolean => {
    assert.equal((error as { code?: unknown }).code, code, String(error));
    if (message) assert.match((error as Error).message, message);
    return true;
  };
}

/** What the SDK client's elicitation handler was asked, and the task's status while it was. */
interface Asked {
  message: string;
  relatedTask: unknown;
  statusMeanwhile: string | undefined;
}

/** The official SDK's client, declaring form elicitation, answering "Ada", hearing task status. */
class SdkTaskClient {
  readonly client = new SdkClient(
    { name: 'sdk-tasks-client', version: '1.32.2' },
    { capabilities: { elicitation: { form: {} } } },
  );
  readonly asked: Asked[] = [];
  readonly #statuses: SdkTask[] = [];
  readonly #waiters = new Set<() => void>();

  constructor() {
    this.client.setRequestHandler(ElicitRequestSchema, async ({ params }) => {
      const related = relatedTaskOf(params._meta);
      const taskId = (related as { taskId?: string } | undefined)?.taskId;
      // While the question waits for its answer, the task says it needs input.
      const statusMeanwhile = taskId ? (await this.client.experimental.tasks.getTask(taskId)).status : undefined;
      this.asked.push({ message: params.message, relatedTask: related, statusMeanwhile });
      return { action: 'accept', content: { name: 'Ada' } };
    });
    this.client.setNotificationHandler(TaskStatusNotificationSchema, ({ params }) => {
      this.#statuses.push(params as SdkTask);
      for (const wake of this.#waiters) wake();
    });
  }

  /** Resolves once a `notifications/tasks/status` has told of `taskId` in `status`. */
  async heard(taskId: string, status: string): Promise<SdkTask> {
    const find = () => this.#statuses.find((t) => t.taskId === taskId && t.status === status);
    for (;;) {
      const found = find();
      if (found) return found;
      await new Promise<void>((resolve) => {
        const wake = () => (this.#waiters.delete(wake), resolve());
        this.#waiters.add(wake);
      });
    }
  }
}

/** Runs a stream of the SDK's task API to its end. */
async function drain<T>(stream: AsyncGenerator<T, void, void>): Promise<T[]> {
  const messages: T[] = [];
  for await (const message of stream) messages.push(message);
  return messages;
}

interface Served {
  name: string;
  connect(client: SdkClient): Promise<void>;
  close(): Promise<void>;
  stderr(): string;
}

function overStdio(): Served {
  let stderr = '';
  return {
    name: 'stdio (a child process)',
    async connect(client) {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [fixture('tasks-server')],
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await within(client.connect(transport), LIMIT, 'the SDK client to connect over stdio');
    },
    close: async () => {},
    stderr: () => stderr,
  };
}

function overHttp(): Served {
  let listening: ListeningServer | undefined;
  return {
    name: 'Streamable HTTP',
    async connect(client) {
      listening = await listen(tasksServer(), { host: '127.0.0.1', port: 0 });
      const transport = new StreamableHTTPClientTransport(new URL(listening.url));
      await within(client.connect(transport as Transport), LIMIT, 'the SDK client to connect over HTTP');
    },
    close: async () => {
      await listening?.close();
    },
    stderr: () => '',
  };
}

for (const served of [overStdio(), overHttp()]) {
  describe(`the official SDK's task client against mcpkit's task server, over ${served.name}`, () => {
    const sdk = new SdkTaskClient();
    const { client } = sdk;
    const tasks = client.experimental.tasks;

    before(() => served.connect(client));
    after(async () => {
      await within(client.close(), LIMIT, 'the SDK client to close');
      await served.close();
      const stderr = served.stderr();
      if (stderr) console.error(`mcpkit server stderr:\n${stderr}`);
    });

    it('finds the tasks capability and which tools run as tasks', async () => {
      assert.deepEqual(client.getServerCapabilities()?.tasks, {
        list: {},
        cancel: {},
        requests: { tools: { call: {} } },
      });
      const { tools } = await client.listTools();
      const support = Object.fromEntries(tools.map((t) => [t.name, t.execution?.taskSupport]));
      assert.deepEqual(support, {
        work: 'optional',
        ask: 'optional',
        hold: 'optional',
        cancelled: undefined,
        fail: 'optional',
      });
    });

    it('callToolStream: the tool runs as a task, polled to its result', async () => {
      // No `task` option: the SDK asks for one because tools/list says the tool supports it.
      const messages = await within(
        drain(tasks.callToolStream({ name: 'work', arguments: { ms: 60 } })),
        LIMIT,
        'the stream to end',
      );
      const [created, ...rest] = messages;
      assert.equal(created?.type, 'taskCreated');
      const task = (created as { task: SdkTask }).task;
      assert.equal(task.status, 'working');
      assert.equal(task.pollInterval, 20);
      assert.ok(!Number.isNaN(Date.parse(task.createdAt)) && !Number.isNaN(Date.parse(task.lastUpdatedAt)));
      const statuses = rest.flatMap((m) => (m.type === 'taskStatus' ? [m.task.status] : []));
      assert.equal(statuses.at(-1), 'completed');
      assert.ok(
        statuses.every((s) => s === 'working' || s === 'completed'),
        statuses.join(),
      );
      const last = rest.at(-1);
      assert.equal(last?.type, 'result', JSON.stringify(last));
      const result = (last as { result: SdkCallToolResult }).result;
      assert.equal(text(result), 'worked 60 ms');
      // tasks/result ties its answer to the task (tasks.mdx, "Associating Task-Related Messages").
      assert.deepEqual(relatedTaskOf(result._meta), { taskId: task.taskId });

      const now = await tasks.getTask(task.taskId);
      assert.equal(now.status, 'completed');
      assert.equal(now.taskId, task.taskId);
      // The server told of the end with notifications/tasks/status too.
      const heard = await within(sdk.heard(task.taskId, 'completed'), LIMIT, 'the completed notification');
      assert.equal(heard.createdAt, task.createdAt);
    });

    it('tools/call with `task`: the ttl asked for, the result from tasks/result, the task in tasks/list', async () => {
      const { task } = await client.request(
        { method: 'tools/call', params: { name: 'work', arguments: { ms: 30 } } },
        CreateTaskResultSchema,
        { task: { ttl: 30_000 } },
      );
      assert.equal(task.status, 'working');
      assert.equal(task.ttl, 30_000);
      // tasks/result waits for the end.
      const result = await within(tasks.getTaskResult(task.taskId, CallToolResultSchema), LIMIT, 'tasks/result');
      assert.equal(text(result), 'worked 30 ms');
      assert.deepEqual(relatedTaskOf(result._meta), { taskId: task.taskId });
      const done = await tasks.getTask(task.taskId);
      assert.equal(done.status, 'completed');
      assert.equal(done.ttl, 30_000);

      const listed = await tasks.listTasks();
      const mine = listed.tasks.find((t) => t.taskId === task.taskId);
      assert.equal(mine?.status, 'completed');
      assert.ok(listed.tasks.length >= 2, 'the earlier task is listed too');
      assert.ok(listed.tasks.every((t) => typeof t.taskId === 'string' && typeof t.status === 'string'));
    });

    it('answers an elicitation the task asks, tied to the task, with the SDK client’s handler', async () => {
      sdk.asked.length = 0;
      const messages = await within(
        drain(tasks.callToolStream({ name: 'ask', arguments: {} }, CallToolResultSchema, { task: {} })),
        LIMIT,
        'the stream to end',
      );
      const created = messages[0] as { type: string; task: SdkTask };
      assert.equal(created.type, 'taskCreated');
      const last = messages.at(-1) as { type: string; result?: SdkCallToolResult };
      assert.equal(last.type, 'result', JSON.stringify(last));
      assert.equal(text(last.result), 'Hello, Ada!');
      assert.deepEqual(sdk.asked, [
        { message: 'Your name?', relatedTask: { taskId: created.task.taskId }, statusMeanwhile: 'input_required' },
      ]);
      assert.equal((await tasks.getTask(created.task.taskId)).status, 'completed');
    });

    it('cancels a task: the tool hears it, the stream ends, a second cancel is refused', async () => {
      const stream = tasks.callToolStream({ name: 'hold', arguments: {} });
      const first = await within(stream.next(), LIMIT, 'the task to be made');
      assert.equal(first.value?.type, 'taskCreated');
      const { taskId } = (first.value as { task: SdkTask }).task;
      assert.equal((await tasks.getTask(taskId)).status, 'working');

      const cancelled = await tasks.cancelTask(taskId);
      assert.equal(cancelled.taskId, taskId);
      assert.equal(cancelled.status, 'cancelled');
      const rest = await within(drain(stream), LIMIT, 'the stream to end');
      assert.deepEqual(
        rest.map((m) => (m.type === 'taskStatus' ? `status ${m.task.status}` : m.type)),
        ['status cancelled', 'error'],
      );
      assert.match(String((rest[1] as { error: Error }).error.message), /was cancelled/);

      assert.equal((await tasks.getTask(taskId)).status, 'cancelled');
      // The tool's signal aborted: `hold` counted it.
      assert.equal(text(await client.callTool({ name: 'cancelled', arguments: {} })), '1');
      // tasks.mdx, "Task Cancellation": a task in a terminal status cannot be cancelled (-32602).
      await assert.rejects(tasks.cancelTask(taskId), withCode(-32602));
      await assert.rejects(tasks.getTaskResult(taskId, CallToolResultSchema), withCode(-32602));
    });

    it('a task that fails: failed with a message; tasks/result is the tool’s JSON-RPC error', async () => {
      const { task } = await client.request(
        { method: 'tools/call', params: { name: 'fail', arguments: {} } },
        CreateTaskResultSchema,
        { task: {} },
      );
      await assert.rejects(
        within(tasks.getTaskResult(task.taskId, CallToolResultSchema), LIMIT, 'tasks/result'),
        (error: unknown) => {
          assert.ok(error instanceof McpError, String(error));
          return withCode(-32001, /the job has no worker/)(error);
        },
      );
      const failed = await tasks.getTask(task.taskId);
      assert.equal(failed.status, 'failed');
      assert.match(failed.statusMessage ?? '', /the job has no worker/);

      // The SDK's stream ends a failed task with an error of its own.
      const messages = await within(drain(tasks.callToolStream({ name: 'fail', arguments: {} })), LIMIT, 'the stream');
      assert.equal(messages[0]?.type, 'taskCreated');
      const last = messages.at(-1) as { type: string; error?: Error };
      assert.equal(last.type, 'error');
      assert.match(String(last.error?.message), /failed/);
    });
  });
}

describe('mcpkit’s client against a task server written with the official SDK, over stdio', () => {
  const asked: { message: string; relatedTask: unknown }[] = [];
  let session: ClientSession;
  let stderr = '';

  before(async () => {
    const client = new Client(
      { name: 'mcpkit-tasks-client', version: '1' },
      {
        elicitation: {
          form: (params) => {
            asked.push({ message: params.message, relatedTask: relatedTaskOf(params._meta) });
            return { action: 'accept', content: { name: 'Ada' } };
          },
        },
      },
    );
    const transport = nodeTransport(fixture('tasks-sdk-server'));
    const decoder = new TextDecoder();
    transport.onstderr = (chunk) => (stderr += decoder.decode(chunk, { stream: true }));
    session = await within(
      client.connect(transport, { protocolVersion: '2025-11-25', eraCache: false }),
      LIMIT,
      'connect to the SDK server',
    );
  });
  after(async () => {
    await within(session.close(), LIMIT, 'close');
    if (stderr) console.error(`SDK server stderr:\n${stderr}`);
  });

  async function held(name: string, args: Record<string, unknown> = {}, ttlMs?: number): Promise<ToolTask> {
    const started = await within(
      session.callToolAsTask({ name, arguments: args }, ttlMs === undefined ? {} : { ttlMs }),
      LIMIT,
      `${name} as a task`,
    );
    assert.ok(started instanceof ToolTask, `${name} became a task: ${JSON.stringify(started)}`);
    return started;
  }

  it('negotiates 2025-11-25 and finds the tasks capability and the tools’ task support', async () => {
    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual(session.serverCapabilities.tasks, {
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await session.listTools();
    const support = Object.fromEntries(tools.map((t) => [t.name, t.execution?.taskSupport]));
    assert.equal(support.work, 'optional');
    assert.equal(support['only-task'], 'required');
    assert.equal(support.cancelled, 'forbidden');
  });

  it('holds a task: its state, polled to the result; found again by id', async () => {
    const task = await held('work', { ms: 60 }, 30_000);
    assert.equal(task.state?.status, 'working');
    assert.equal(task.state?.ttlMs, 30_000);
    assert.equal(task.state?.pollIntervalMs, 20);
    const seen: string[] = [];
    const result = await within(task.result({ onStatus: (s) => seen.push(s.status) }), LIMIT, 'the result');
    assert.equal(firstText(result), 'worked 60 ms');
    assert.equal(result.isError, undefined);
    assert.deepEqual(relatedTaskOf(result._meta), { taskId: task.taskId });
    assert.equal(seen.at(-1), 'completed');
    assert.ok(
      seen.every((s) => s === 'working' || s === 'completed'),
      seen.join(),
    );

    const status = await task.status();
    assert.equal(status.status, 'completed');
    assert.equal(status.ttlMs, 30_000);
    const again = session.task(task.taskId);
    assert.equal((await again.status()).status, 'completed');
    assert.equal(firstText(await within(again.result(), LIMIT, 'the result again')), 'worked 60 ms');
  });

  it('lists tasks with tasks/list, page after page', async () => {
    const task = await held('work', { ms: 1 });
    await within(task.result(), LIMIT, 'the result');
    const listed: { taskId: string; status: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = (await session.request('tasks/list', cursor === undefined ? {} : { cursor })) as {
        tasks: { taskId: string; status: string }[];
        nextCursor?: string;
      };
      listed.push(...page.tasks);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assert.equal(listed.find((t) => t.taskId === task.taskId)?.status, 'completed');
    assert.ok(listed.length >= 2, 'the earlier task is listed too');
  });

  it('runs a tool that requires a task', async () => {
    const task = await held('only-task');
    assert.equal(firstText(await within(task.result(), LIMIT, 'the result')), 'ran as a task');
  });

  it('calls a tool listed without task support at once, callToolAsTask or not', async () => {
    await session.listTools();
    // tasks.mdx, "Tool-Level Negotiation": the client must not ask a task of such a tool.
    const outcome = await within(session.callToolAsTask({ name: 'cancelled', arguments: {} }), LIMIT, 'the call');
    assert.ok(!(outcome instanceof ToolTask), 'no task was asked for');
    assert.match(firstText(outcome as CallToolResult), /^\d+$/);
  });

  it(
    'a tool that requires a task, called without one, is refused with -32601',
    {
      todo: 'the SDK 1.32.2 answers with a tool result (isError, "MCP error -32601: ...") where tasks.mdx, "Tool-Level Negotiation", says the server MUST return a -32601 error',
    },
    async () => {
      await assert.rejects(session.callTool({ name: 'only-task', arguments: {} }), withCode(-32601));
    },
  );

  it('a task that fails: status failed; its result is the tool’s error result', async () => {
    const task = await held('fail');
    const result = await within(task.result(), LIMIT, 'the result');
    assert.equal(result.isError, true);
    assert.equal(firstText(result), 'the job has no worker');
    assert.equal((await task.status()).status, 'failed');
  });

  it('a tool that throws instead of making a task: the call is answered with a JSON-RPC error', async () => {
    // The SDK's McpServer turns the thrown error into a tool error result, which its Server then
    // refuses as a CreateTaskResult for a call that asked for a task: -32602, without the tool's
    // message. mcpkit's client hands on the error as it came.
    await assert.rejects(
      within(session.callToolAsTask({ name: 'refuse', arguments: {} }), LIMIT, 'the call'),
      withCode(-32602, /Invalid task creation result/),
    );
    // Without asking for a task, the same tool error is the call's result.
    const plain = await session.callTool({ name: 'refuse', arguments: {} });
    assert.equal(plain.isError, true);
    assert.equal(firstText(plain), 'no task today');
  });

  it('cancels a task: cancelled status, the tool hears it, result() rejects, a second cancel is refused', async () => {
    const task = await held('hold');
    assert.equal((await task.status()).status, 'working');
    await within(task.cancel(), LIMIT, 'the cancellation');
    const status = await task.status();
    assert.equal(status.status, 'cancelled');
    await assert.rejects(within(task.result(), LIMIT, 'the result'), CancelledError);
    assert.equal(firstText(await session.callTool({ name: 'cancelled', arguments: {} })), '1');
    await assert.rejects(task.cancel(), withCode(-32602));
  });

  it('answers an elicitation the task asks (delivered through tasks/result) with the client’s handler', async () => {
    asked.length = 0;
    const task = await held('ask');
    const result = await within(task.result(), 5000, 'the result of a task that asks');
    assert.equal(firstText(result), 'Hello, Ada!');
    assert.deepEqual(asked, [{ message: 'Your name?', relatedTask: { taskId: task.taskId } }]);
    assert.equal((await task.status()).status, 'completed');
  });
});
