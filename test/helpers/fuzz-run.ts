// Runs a fuzz plan against a server child process over stdio: writes it in random chunks, waits
// for the answers it deserves, checks them, then checks the server still answers and exits 0 at
// the end of its input. The seed of every run is printed, and FUZZ_SEED=<seed> reruns one.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import process from 'node:process';
import type { TestContext } from 'node:test';
import { RawChild } from './raw-child.js';
import { MODERN_ENVELOPE, Random } from './fuzz-cases.js';
import { check, chunks, type Plan } from './fuzz-check.js';

/** The seed of a run (`salt` tells the runs of one file apart), printed so a failure can be rerun. */
export function seedFor(t: TestContext, salt: number): number {
  const seed = process.env.FUZZ_SEED === undefined ? randomInt(2 ** 31) : (Number(process.env.FUZZ_SEED) + salt) >>> 0;
  t.diagnostic(`seed ${seed} (rerun with FUZZ_SEED=${seed - salt})`);
  return seed;
}

export interface StdioRun {
  /** `node` arguments of the server. */
  args: readonly string[];
  env?: Record<string, string>;
  /** The revision of the session the plan runs in; a modern run opens none. */
  version: string;
  /** Whether the server may write to stderr (its reports of its own failures). Default: it must not. */
  stderr?: 'empty' | 'any';
}

/** The request that shows the server still answers: `ping`, or in a modern run `server/discover`. */
export function finalPing(version: string): Record<string, unknown> {
  return version >= '2026-07-28'
    ? { jsonrpc: '2.0', id: 'final-ping', method: 'server/discover', params: { _meta: MODERN_ENVELOPE } }
    : { jsonrpc: '2.0', id: 'final-ping', method: 'ping' };
}

/** Initializes under `version` (unless modern), writes the plan in random chunks, checks the answers, pings, and ends stdin. */
export async function runStdio(t: TestContext, seed: number, run: StdioRun, fuzz: Plan): Promise<void> {
  const rng = new Random(seed ^ 0x5eed);
  const child = new RawChild(run.args, run.env);
  try {
    if (run.version < '2026-07-28') {
      const init = await child.initialize(run.version);
      assert.equal(init.protocolVersion, run.version);
    }
    const start = child.lines.length;
    let answered = 0;
    child.onLine = () => answered++;
    for (const chunk of chunks(rng, fuzz.input)) await child.write(chunk);
    t.diagnostic(`${fuzz.lines.length} lines, ${fuzz.input.length} bytes written; ${fuzz.answerLines} answers due`);
    const waited = await child
      .until(() => answered >= fuzz.answerLines, `${fuzz.answerLines} answers`, 25_000)
      .then(
        () => undefined,
        (error: Error) => error,
      );
    const output = () => child.lines.slice(start).filter((l) => !l.includes('"final-ping"'));
    if (waited) {
      const problems = check(fuzz.lines, output());
      assert.fail(`seed ${seed}: ${waited.message}; ${answered} lines came back\n${problems.slice(0, 20).join('\n')}`);
    }

    assert.ok(child.alive, `seed ${seed}: the server died: ${child.stderr}`);
    await child.send(finalPing(run.version));
    assert.ok('result' in (await child.response('final-ping')), `seed ${seed}: the final ping failed`);
    assert.ok(child.alive, `seed ${seed}: the server died: ${child.stderr}`);

    // Ending stdin lets everything in flight finish; the output is then complete.
    assert.deepEqual(await child.endInput(15_000), { code: 0, signal: null }, `seed ${seed}: ${child.stderr}`);
    const problems = check(fuzz.lines, output());
    assert.deepEqual(problems.slice(0, 20), [], `seed ${seed}: ${problems.length} problems`);
    if ((run.stderr ?? 'empty') === 'empty') assert.equal(child.stderr, '', `seed ${seed}: the server wrote to stderr`);
  } finally {
    child.kill();
  }
}
