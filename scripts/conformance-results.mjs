// Reading the conformance suite's results and holding them to an expected-failures file.
//
// The expected-failures files use the suite's own baseline format (so they can also be passed
// to its --expected-failures), restricted to one entry a line with its reason as a comment:
//   server:
//     - dns-rebinding-protection  # why it fails
//     - server-sse-polling:server-sse-disconnect-resume  # one check of a scenario only
// A scenario fails when any of its checks is FAILURE or WARNING, as the suite's baseline
// judges, or SKIPPED: a check the suite did not run proves nothing, so it counts as failed. The comparison is strict both ways: an unlisted failure and a listed entry that
// passes (or did not run) are both mismatches.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const FAILING = new Set(['FAILURE', 'WARNING', 'SKIPPED']);
const SEVERITY = { FAILURE: 3, WARNING: 2, SUCCESS: 1, INFO: 1, SKIPPED: 0 };

/** The entries of `leg` (`server` or `client`) in an expected-failures file; each needs a reason. */
export function readExpectedFailures(file, leg) {
  const entries = [];
  let section;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trimEnd();
      const where = `${file}:${index + 1}`;
      if (line.trim() === '' || line.trim().startsWith('#')) return;
      const key = /^([a-z]+):\s*(\[\])?\s*(#.*)?$/.exec(line);
      if (key) {
        section = key[1];
        if (section !== 'server' && section !== 'client') throw new Error(`${where}: unknown section ${section}`);
        return;
      }
      const item = /^\s+-\s+([^\s#]+)\s+#\s*(\S.*)$/.exec(line);
      if (!item || section === undefined)
        throw new Error(`${where}: expected "  - scenario[:check-id]  # reason", got ${JSON.stringify(line)}`);
      if (section !== leg) return;
      const [scenario, checkId] = splitEntry(item[1]);
      entries.push({ scenario, checkId, reason: item[2], where });
    });
  return entries;
}

// Scenario names hold no colon; check ids may.
function splitEntry(entry) {
  const at = entry.indexOf(':');
  return at === -1 ? [entry, undefined] : [entry.slice(0, at), entry.slice(at + 1)];
}

/**
 * The checks of each scenario found under `dir`, where the suite saved
 * `<prefix><scenario>-<time>/checks.json`; a scenario whose name has a folder in it
 * (`auth/metadata-default`) is saved in that folder (`auth/metadata-default-<time>/`).
 * Returns a Map from scenario name to its checks.
 */
export function readResults(dir, prefix = '') {
  const results = new Map();
  const walk = (folder, path) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const match = /^(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry.name);
      const file = join(folder, entry.name, 'checks.json');
      const name = `${path}${match?.[1] ?? ''}`;
      if (match && name.startsWith(prefix) && existsSync(file))
        results.set(name.slice(prefix.length), JSON.parse(readFileSync(file, 'utf8')));
      else if (!match) walk(join(folder, entry.name), `${path}${entry.name}/`);
    }
  };
  walk(dir, '');
  return results;
}

/** Each check id once, with its most severe status: ids repeat within a scenario. */
function collapse(checks) {
  const byId = new Map();
  for (const check of checks) {
    const seen = byId.get(check.id);
    if (!seen || (SEVERITY[check.status] ?? 0) > (SEVERITY[seen.status] ?? 0)) byId.set(check.id, check);
  }
  return [...byId.values()];
}

/**
 * Judges every scenario that should have run. `results` maps scenario to checks; a scenario
 * with no result fails with a synthetic `no-result` check.
 * Returns rows `{ scenario, outcome, failing, reason, note }` with outcome one of
 * `pass`, `expected`, `unexpected`, `stale`, and the overall `ok`.
 */
export function judge(scenarios, results, expected) {
  const rows = [];
  for (const scenario of scenarios) {
    const checks = results.get(scenario) ?? [
      { id: 'no-result', status: 'FAILURE', errorMessage: 'the suite saved no result for this scenario' },
    ];
    const failing = collapse(checks).filter((c) => FAILING.has(c.status));
    const entries = expected.filter((e) => e.scenario === scenario);
    const whole = entries.find((e) => e.checkId === undefined);
    const listedChecks = new Map(entries.filter((e) => e.checkId !== undefined).map((e) => [e.checkId, e]));
    const reason = entries.map((e) => (e.checkId ? `${e.checkId}: ${e.reason}` : e.reason)).join('; ');
    if (whole) {
      rows.push({
        scenario,
        outcome: failing.length > 0 ? 'expected' : 'stale',
        failing,
        reason,
        note: failing.length > 0 ? '' : 'passes now: remove its entry',
      });
      continue;
    }
    const unexpected = failing.filter((c) => !listedChecks.has(c.id));
    const passing = [...listedChecks.keys()].filter(
      (id) => collapse(checks).find((c) => c.id === id)?.status === 'SUCCESS',
    );
    if (unexpected.length > 0) rows.push({ scenario, outcome: 'unexpected', failing: unexpected, reason, note: '' });
    else if (passing.length > 0)
      rows.push({ scenario, outcome: 'stale', failing, reason, note: `passes now: remove ${passing.join(', ')}` });
    else rows.push({ scenario, outcome: failing.length > 0 ? 'expected' : 'pass', failing, reason, note: '' });
  }
  for (const entry of expected) {
    if (!scenarios.includes(entry.scenario)) {
      rows.push({
        scenario: entry.scenario,
        outcome: 'stale',
        failing: [],
        reason: entry.reason,
        note: `${entry.where}: no such scenario ran`,
      });
    }
  }
  return { rows, ok: rows.every((r) => r.outcome === 'pass' || r.outcome === 'expected') };
}

const MARK = { pass: '✓', expected: '~', unexpected: '✗', stale: '!' };

/** A summary a person can act on: every scenario, and for each mismatch what failed and why. */
export function formatSummary(title, { rows, ok }) {
  const lines = [title];
  for (const row of rows) {
    let line = `  ${MARK[row.outcome]} ${row.scenario}`;
    if (row.outcome === 'expected') line += `  (expected: ${row.reason})`;
    if (row.outcome === 'unexpected') line += '  UNEXPECTED FAILURE';
    if (row.outcome === 'stale') line += `  STALE ENTRY: ${row.note}`;
    lines.push(line);
    if (row.outcome === 'unexpected') {
      for (const c of row.failing)
        lines.push(
          `      ${c.id} ${c.status}: ${c.errorMessage ?? c.details?.message ?? c.description ?? ''}`.trimEnd(),
        );
    }
  }
  const count = (outcome) => rows.filter((r) => r.outcome === outcome).length;
  lines.push(
    `  => ${count('pass')} passing, ${count('expected')} failing as expected, ${count('unexpected')} failing unexpectedly, ${count('stale')} stale entries: ${ok ? 'OK' : 'MISMATCH'}`,
  );
  return lines.join('\n');
}
