// The test run's reporter: Node's own `spec` reporter for each test as it finishes, then, as the
// last lines on screen, what a person wants after a long run: the tests skipped and why, the
// known deviations (tests marked `todo`), and the totals. (Node prints the totals before its list
// of failures; here they come last.) A `todo` test that fails is expected to, and does not fail
// the run: it is shown as a known deviation, not among the failing tests with a stack trace, where
// it would read as a failure.
import { spec as SpecReporter } from 'node:test/reporters';

const TOTALS = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /;

export default async function* report(source) {
  const spec = new SpecReporter();
  const totals = [];
  /** How many tests and suites were skipped, by reason. */
  const skipped = new Map();
  /** The `todo` tests, by reason, and whether each failed as expected. */
  const todos = [];
  const pump = (async () => {
    for await (let event of source) {
      if (event.type === 'test:diagnostic' && event.data.nesting === 0 && TOTALS.test(event.data.message)) {
        totals.push(event.data.message);
        continue;
      }
      // A skipped test passes, carrying the reason in `skip`.
      if (event.type === 'test:pass' && event.data.skip !== undefined) {
        const reason = typeof event.data.skip === 'string' ? event.data.skip : 'no reason given';
        const counts = skipped.get(reason) ?? { tests: 0, suites: 0 };
        counts[event.data.details?.type === 'suite' ? 'suites' : 'tests']++;
        skipped.set(reason, counts);
      }
      if (event.data?.todo !== undefined && (event.type === 'test:fail' || event.type === 'test:pass')) {
        const reason = typeof event.data.todo === 'string' ? event.data.todo : 'no reason given';
        todos.push({ name: event.data.name, reason, failed: event.type === 'test:fail' });
        if (event.type === 'test:fail') event = { ...event, type: 'test:pass', data: withoutError(event.data) };
      }
      if (!spec.write(event)) await new Promise((resolve) => spec.once('drain', resolve));
    }
    spec.end();
  })();
  for await (const chunk of spec) yield chunk;
  await pump;

  if (skipped.size > 0) {
    yield '\nSkipped:\n';
    for (const [reason, { tests, suites }] of skipped) {
      const what = [
        tests && `${tests} test${tests === 1 ? '' : 's'}`,
        suites && `${suites} suite${suites === 1 ? '' : 's'}`,
      ].filter(Boolean);
      yield `  ${what.join(' and ')}: ${reason}\n`;
    }
  }
  if (todos.length > 0) {
    yield '\nKnown deviations (todo, not failures):\n';
    for (const { name, reason, failed } of todos) {
      yield `  ${name}: ${reason}${failed ? '' : ' (it passes now: its todo can go)'}\n`;
    }
  }
  yield '\n';
  for (const line of totals) yield `${line}\n`;
}

/** A test's data without its failure, as the spec reporter shows a test that passed. */
function withoutError(data) {
  const details = { ...data.details };
  delete details.error;
  return { ...data, details };
}
