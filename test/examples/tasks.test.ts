// examples/tasks: a task created, polled while it works, then its result collected, as its
// README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/tasks', () => {
  it('creates the task, polls it to its end and collects the result', async () => {
    const { code, stdout, stderr } = await runExample('tasks');
    assert.equal(code, 0, stderr);
    const lines = stdout.trim().split('\n');
    assert.match(lines[0]!, /^task \S+ created$/);
    assert.match(lines[1]!, /^status: working/);
    assert.deepEqual(lines.slice(-2), ['status: completed', 'result: The report has 3 sections.']);
  });
});
