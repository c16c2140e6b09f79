// A seeded fuzzer for the rule that every request gets exactly one answer, whatever its result
// holds: malformed, deep and huge messages, results JSON cannot write (10,000 and 100,000 deep, a
// cycle, a BigInt, a throwing toJSON), deep arguments echoed back, envelopes with wrong fields,
// the same id twice, odd ids and mixed batches, written to a real server process (the fixture
// `deep-input-server`) over stdio and over Streamable HTTP, in a 2025-11-25 session, as
// 2026-07-28 requests, and in a 2025-03-26 session (batches). Every message with a usable id
// gets exactly one answer, notifications and responses none, and the server lives on: it answers
// a final ping, and over stdio exits 0 at the end of its input. FUZZ_SEED=<seed> reruns a run.
import { describe, it, type TestContext } from 'node:test';
import { fixture } from '../helpers/e2e.js';
import { DeepServerCases } from '../helpers/fuzz-cases.js';
import { holds, plan, type Plan } from '../helpers/fuzz-check.js';
import { postAll } from '../helpers/fuzz-http.js';
import { deepServer } from '../helpers/fuzz-oracle.js';
import { runStdio, seedFor } from '../helpers/fuzz-run.js';

/** The fixture's limit on one line or POST body: small, so the fuzzer reaches it at little cost. */
const MAX_BYTES = 512 * 1024;
const ENV = { MAX_MESSAGE_BYTES: String(MAX_BYTES) };
/** Lines per run: a few seconds each on a small machine. */
const LINES = 600;

const RUNS = [
  { version: '2025-11-25', salt: 10 },
  { version: '2026-07-28', salt: 11 },
  { version: '2025-03-26', salt: 12 },
] as const;

/** A plan of `LINES` lines for the fixture, in `version`; says how many hold what JSON cannot write. */
function fuzzPlan(t: TestContext, seed: number, version: string): Plan {
  const modern = version >= '2026-07-28';
  const gen = new DeepServerCases(seed, { modern, maxBytes: MAX_BYTES });
  const fuzz = plan(gen.rng, LINES, version, () => gen.line(), { outcome: deepServer(modern), maxBytes: MAX_BYTES });
  const unwritable = fuzz.lines.filter((line) => holds(line, -32603)).length;
  const oversize = fuzz.lines.filter((line) => line.oversize).length;
  t.diagnostic(`${unwritable} lines ask for what JSON cannot write, ${oversize} are over the limit`);
  return fuzz;
}

describe('every request answered once, over stdio', () => {
  for (const { version, salt } of RUNS) {
    it(`in ${version}`, async (t) => {
      const seed = seedFor(t, salt);
      const args = [fixture('deep-input-server')];
      // The server reports each result it could not write to stderr, as it should.
      await runStdio(t, seed, { args, env: ENV, version, stderr: 'any' }, fuzzPlan(t, seed, version));
    });
  }
});

describe('every request answered once, over Streamable HTTP', () => {
  for (const { version, salt } of RUNS) {
    it(`in ${version}`, async (t) => {
      const seed = seedFor(t, salt + 10);
      await postAll(t, seed, { name: 'deep-input-server', env: ENV, version }, fuzzPlan(t, seed, version));
    });
  }
});
