// `mcpkit call --task`, `--detach` and `mcpkit task get|result|cancel`, run as a person would,
// against a server of tasks on a real HTTP socket, in the revision of the tasks extension
// (where a task is found again from a new connection) and in 2025-11-25.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { runCli } from '../helpers/e2e.js';
import { tasksServer } from '../fixtures/tasks-server.js';

describe('mcpkit and tasks', () => {
  let listening: ListeningServer;
  before(async () => {
    listening = await listen(tasksServer(), { host: '127.0.0.1', port: 0 });
  });
  after(() => listening.close());

  const url = () => listening.url;

  it('call --task follows the task to its result, saying which task it is', async () => {
    const run = await runCli(['call', '--task', 'work', 'ms=120', '--', url()]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'worked 120 ms');
    assert.match(run.stderr, /work runs as task [\w-]{22}/);
    assert.match(run.stderr, /task [\w-]{22} working: half way/);
    const json = await runCli(['call', '--task', '--json', 'work', 'ms=10', '--', url()]);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout).content, [{ type: 'text', text: 'worked 10 ms' }]);
  });

  it('--detach prints the task id; task get, result and cancel find it again', async () => {
    const started = await runCli(['call', '--detach', 'work', 'ms=300', '--', url()]);
    assert.equal(started.code, 0, started.stderr);
    const taskId = started.stdout.trim();
    assert.match(taskId, /^[\w-]{22}$/);
    assert.match(started.stderr, new RegExp(`mcpkit task result ${taskId}`));
    const got = await runCli(['task', 'get', taskId, '--json', '--', url()]);
    assert.equal(got.code, 0, got.stderr);
    assert.equal(JSON.parse(got.stdout).taskId, taskId);
    const result = await runCli(['task', 'result', taskId, '--', url()]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), 'worked 300 ms');

    const holding = (await runCli(['call', '--detach', 'hold', '--', url()])).stdout.trim();
    const cancel = await runCli(['task', 'cancel', holding, '--', url()]);
    assert.equal(cancel.code, 0, cancel.stderr);
    const after = await runCli(['task', 'result', holding, '--', url()]);
    assert.equal(after.code, 1);
    assert.match(after.stderr, /was cancelled/);
  });

  it('a task id that is not the server’s is a clear failure; a bad action is a usage error', async () => {
    const unknown = await runCli(['task', 'get', 'no-such-task', '--', url()]);
    assert.equal(unknown.code, 3);
    assert.match(unknown.stderr, /Task not found/);
    // An id may start with `-`: it is still the id, not an option.
    const dashed = await runCli(['task', 'get', '-no-such-task', '--json', '--', url()]);
    assert.equal(dashed.code, 3, dashed.stdout);
    assert.match(dashed.stdout, /Task not found/);
    const usage = await runCli(['task', 'frob', 'x', '--', url()]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /usage: mcpkit task get\|result\|cancel/);
  });

  it('2025-11-25: call --task asks for a task and follows it', async () => {
    const run = await runCli(['call', '--task', '--protocol-version', '2025-11-25', 'work', 'ms=50', '--', url()]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'worked 50 ms');
    assert.match(run.stderr, /runs as task/);
  });
});
