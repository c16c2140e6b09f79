// The test run's reporter: Node's own `spec` reporter for each test as it finishes, then, as the
// last lines on screen, what a person wants after a long run: the tests skipped and why, and the
// totals. (Node prints the totals before its list of failures; here they come last.)
import { spec as SpecReporter } from 'node:test/reporters';

const TOTALS = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /;

export default async function* report(source) {
  const spec = new SpecReporter();
  const totals = [];
  /** How many tests and suites were skipped, by reason. */
  const skipped = new Map();
  const pump = (async () => {
    for await (const event of source) {
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
  yield '\n';
  for (const line of totals) yield `${line}\n`;
}
