// Tasks from the client's side, over a real child process (stdio) and real HTTP, in both
// forms: a call the server makes a task waited for as one call, a task held and polled, input
// asked mid-task answered by the client's handlers, cancellation, expiry, another client
// refused, and a result collected by a new connection.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, ToolTask, type ClientSession } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { CancelledError } from '../../src/protocol/errors.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { CallToolResult } from '../../src/types/tools.js';
import { fixture, nodeTransport, within } from '../helpers/e2e.js';
import { tasksServer } from '../fixtures/tasks-server.js';

const LIMIT = 15_000;
const firstText = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** `promise` rejects with a JSON-RPC error of `code`. */
const rejectsWith = (promise: Promise<unknown>, code: number) =>
  assert.rejects(promise, (error: Error & { code?: number }) => error.code === code);

function client(name = 'tasks-client'): Client {
  return new Client(
    { name, version: '1' },
    { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  );
}

async function held(session: ClientSession, name: string, args: Record<string, unknown> = {}): Promise<ToolTask> {
  const started = await session.callToolAsTask({ name, arguments: args });
  assert.ok(started instanceof ToolTask, `${name} became a task`);
  return started;
}

const ERAS: ProtocolVersion[] = ['2026-07-28', '2025-11-25'];

for (const version of ERAS) {
  describe(`tasks over stdio, ${version}`, () => {
    let session: ClientSession;
    before(async () => {
      session = await within(
        client().connect(nodeTransport(fixture('tasks-server')), { protocolVersion: version, eraCache: false }),
        LIMIT,
        'connect',
      );
    });
    after(() => session.close());

    it('a task outlives its request: held, polled, its result collected', async () => {
      const task = await held(session, 'work', { ms: 60 });
      const seen: string[] = [];
      const result = await within(task.result({ onStatus: (s) => seen.push(s.status) }), LIMIT, 'the result');
      assert.equal(firstText(result), 'worked 60 ms');
      assert.equal(seen.at(-1), 'completed');
      assert.ok(seen.includes('working'));
      assert.equal((await task.status()).status, 'completed');
    });

    it('input asked mid-task is answered by the client’s own handler', async () => {
      const task = await held(session, 'ask');
      assert.equal(firstText(await within(task.result(), LIMIT, 'the result')), 'Hello, Ada!');
    });

    it('cancelling ends the task and reaches the tool', async () => {
      const task = await held(session, 'hold');
      await task.cancel();
      await assert.rejects(task.result(), CancelledError);
      const count = await session.callTool({ name: 'cancelled', arguments: {} });
      assert.equal(firstText(count), '1');
    });

    it('a task is forgotten once its time to live has passed', async () => {
      const short = await within(
        client().connect(nodeTransport(fixture('tasks-server'), ['--ttl', '300']), {
          protocolVersion: version,
          eraCache: false,
        }),
        LIMIT,
        'connect',
      );
      try {
        const task = await held(short, 'work', { ms: 10 });
        assert.equal(task.state?.ttlMs, 300);
        await within(task.result(), LIMIT, 'the result');
        await new Promise((resolve) => setTimeout(resolve, 350));
        await rejectsWith(task.status(), -32602);
      } finally {
        await short.close();
      }
    });

    it('a failed task rejects with the tool’s JSON-RPC error', async () => {
      const task = await held(session, 'fail');
      await assert.rejects(task.result(), (error: Error & { code?: number }) => {
        assert.equal(error.code, -32001);
        assert.match(error.message, /the job has no worker/);
        return true;
      });
    });
  });
}

describe('tasks over Streamable HTTP', () => {
  let listening: ListeningServer;
  before(async () => {
    listening = await listen(tasksServer(400), { host: '127.0.0.1', port: 0 });
  });
  after(() => listening.close());

  const connect = async (version: ProtocolVersion, name?: string) =>
    (await connectHttp(client(name), listening.url, { protocolVersion: version, eraCache: false })).session;

  it('2026-07-28: callTool waits for a task the server made, answering its input, as one call', async () => {
    const session = await connect('2026-07-28');
    try {
      const result = await within(session.callTool({ name: 'ask', arguments: {} }), LIMIT, 'the call');
      assert.equal(firstText(result), 'Hello, Ada!');
      const worked = await within(session.callTool({ name: 'work', arguments: { ms: 40 } }), LIMIT, 'the call');
      assert.equal(firstText(worked), 'worked 40 ms');
    } finally {
      await session.close();
    }
  });

  it('2026-07-28: a new connection collects the result; another client is told there is no such task', async () => {
    const first = await connect('2026-07-28');
    const task = await held(first, 'work', { ms: 80 });
    await first.close();
    const again = await connect('2026-07-28');
    const stranger = await connect('2026-07-28', 'someone-else');
    try {
      await rejectsWith(stranger.task(task.taskId).status(), -32602);
      const result = await within(again.task(task.taskId).result(), LIMIT, 'the result');
      assert.equal(firstText(result), 'worked 80 ms');
    } finally {
      await again.close();
      await stranger.close();
    }
  });

  it('a task is forgotten once its time to live has passed', async () => {
    const session = await connect('2026-07-28');
    try {
      const task = await held(session, 'work', { ms: 10 });
      assert.equal(task.state?.ttlMs, 400);
      await within(task.result(), LIMIT, 'the result');
      await new Promise((resolve) => setTimeout(resolve, 450));
      await rejectsWith(task.status(), -32602);
    } finally {
      await session.close();
    }
  });

  it('2025-11-25: held, asked for input through the session, cancelled; its status heard', async () => {
    const session = await connect('2025-11-25');
    const heard: string[] = [];
    session.on('taskStatus', (task) => heard.push(`${task.taskId} ${task.status}`));
    try {
      const asked = await held(session, 'ask');
      assert.equal(firstText(await within(asked.result(), LIMIT, 'the result')), 'Hello, Ada!');
      assert.ok(heard.includes(`${asked.taskId} input_required`), heard.join(', '));
      assert.ok(heard.includes(`${asked.taskId} completed`), heard.join(', '));
      const holding = await held(session, 'hold');
      await holding.cancel();
      await assert.rejects(holding.result(), CancelledError);
      // Without asking for a task, the call answers in the request.
      const plain = await session.callTool({ name: 'work', arguments: { ms: 5 } });
      assert.equal(firstText(plain), 'worked 5 ms');
    } finally {
      await session.close();
    }
  });

  it('2025-11-25: a task belongs to its session: another is told there is none, and it expires', async () => {
    const owner = await connect('2025-11-25');
    const other = await connect('2025-11-25');
    try {
      const task = await held(owner, 'work', { ms: 10 });
      await rejectsWith(other.task(task.taskId).status(), -32602);
      await within(task.result(), LIMIT, 'the result');
      assert.equal(task.state?.ttlMs, 400);
      await new Promise((resolve) => setTimeout(resolve, 450));
      await rejectsWith(task.status(), -32602);
    } finally {
      await owner.close();
      await other.close();
    }
  });

  it('2026-07-28: cancelling over HTTP reaches the tool', async () => {
    const session = await connect('2026-07-28');
    try {
      const before = Number(firstText(await session.callTool({ name: 'cancelled', arguments: {} })));
      const holding = await held(session, 'hold');
      await holding.cancel();
      await assert.rejects(holding.result(), CancelledError);
      const after = Number(firstText(await session.callTool({ name: 'cancelled', arguments: {} })));
      assert.equal(after, before + 1);
    } finally {
      await session.close();
    }
  });
});
