// The test run's reporter (scripts/test-reporter.mjs), on a run of planted tests: a `todo` test
// that fails as expected reads as a known deviation, not as a failure with a stack trace; a real
// failure is still listed and fails the run; skips are grouped by reason.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPORTER = fileURLToPath(new URL('../../../scripts/test-reporter.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mcpkit-reporter-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs Node's test runner with the reporter on one planted file; its exit status and output. */
function runPlanted(name: string, body: string): { status: number | null; output: string } {
  const file = join(work, name);
  writeFileSync(file, `import { it } from 'node:test';\nimport assert from 'node:assert';\n${body}\n`);
  const r = spawnSync(process.execPath, ['--test', `--test-reporter=${REPORTER}`, file], {
    encoding: 'utf8',
    timeout: 30_000,
    // A runner started inside a test file would otherwise report to this one and run nothing.
    env: { ...process.env, NODE_TEST_CONTEXT: undefined },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the test reporter', () => {
  it('shows a failing todo test as a known deviation, not as a failure', () => {
    const { status, output } = runPlanted(
      'todo.test.mjs',
      `it('passes', () => {});
it('deviates', { todo: 'the peer answers X where the spec says Y' }, () => assert.equal(1, 2));
it('cannot run here', { skip: 'no such runtime' }, () => {});`,
    );
    assert.equal(status, 0, output);
    assert.doesNotMatch(output, /failing tests/);
    assert.doesNotMatch(output, /AssertionError/);
    assert.match(
      output,
      /Known deviations \(todo, not failures\):\n {2}deviates: the peer answers X where the spec says Y\n/,
    );
    assert.match(output, /Skipped:\n {2}1 test: no such runtime\n/);
    assert.match(output, /\nfail 0\n/);
  });

  it('still lists a real failure and fails the run, and says when a todo test passes', () => {
    const { status, output } = runPlanted(
      'fail.test.mjs',
      `it('breaks', () => assert.equal(1, 2));
it('was deviating', { todo: 'fixed upstream since' }, () => {});`,
    );
    assert.equal(status, 1, output);
    assert.match(output, /failing tests:[\s\S]*breaks[\s\S]*AssertionError/);
    assert.match(output, /was deviating: fixed upstream since \(it passes now: its todo can go\)/);
    assert.match(output, /\nfail 1\n/);
  });
});
