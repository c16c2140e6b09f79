#!/usr/bin/env node
// The whole test suite: compile (which type-checks src, tests and examples), bundle, lint,
// then run every compiled *.test.js with Node's own test runner. Arguments filter test files by path.
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs connection      only test files whose path contains "connection"
//   node scripts/test.mjs --no-lint ...   skip the lint step
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const lint = !args.includes('--no-lint');
const filters = args.filter((a) => !a.startsWith('--'));

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

const bin = (name) => join('node_modules', '.bin', name);

// A stale build tree could hold tests whose sources were deleted: start from a clean one.
rmSync('build', { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.json']);
// The published bundles (dist/), which the export tests load too.
run(process.execPath, [join('scripts', 'build.mjs'), '--bundle']);
if (lint) run(bin('eslint'), ['.', '--max-warnings=0']);

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findTests(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}
const files = findTests('build').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = String(Math.max(2, availableParallelism()));
run(process.execPath, ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, ...files]);
