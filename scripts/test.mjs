#!/usr/bin/env node
// The test suite. With no words: compile from scratch (which type-checks src, tests and
// examples), bundle dist/, lint, then run every compiled *.test.js with Node's own test runner.
// With words: compile only what changed, bundle, and run the test files whose path contains one
// of the words; no lint, so a focused run starts in seconds.
//   npm test                          everything
//   npm test -- connection lifecycle  only test files whose path contains "connection" or "lifecycle"
//   npm test -- --lint connection     the same, linting first
//   node scripts/test.mjs --no-lint   everything but the lint
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { availableParallelism } from 'node:os';
import { ensureRedis } from './redis.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureTmux } from './tmux.mjs';
import { ensureRuntimes } from './runtimes.mjs';

const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const focused = filters.length > 0;
const lint = args.includes('--lint') || (!focused && !args.includes('--no-lint'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--lint' && a !== '--no-lint');
if (unknown.length > 0) {
  console.error(
    `unknown option ${unknown[0]}: the options are --lint and --no-lint; other words filter test files by path`,
  );
  process.exit(2);
}

/** Runs one step, saying what it does first and how long it took after; stops the run if it fails. */
function step(what, cmd, cmdArgs) {
  process.stdout.write(`${what} ...`);
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    process.stdout.write(` ${seconds} s\n`);
    return;
  }
  process.stdout.write(` failed after ${seconds} s\n\n${r.stdout}${r.stderr}`);
  console.error(`\n${what} failed (exit ${r.status ?? r.signal}); no tests were run.`);
  process.exit(r.status ?? 1);
}

const bin = (name) => join('node_modules', '.bin', name);

if (focused) {
  // Compiled files whose source is gone would still run: drop them, keep the rest for tsc to reuse.
  pruneStale('build');
} else {
  // The whole suite starts from a clean tree, as CI does.
  rmSync('build', { recursive: true, force: true });
}
step('Compiling and type-checking (tsc)', bin('tsc'), ['-p', 'tsconfig.json']);
// The published bundles (dist/), which the export tests and the command-line tests load.
step('Bundling dist/ (esbuild)', process.execPath, [join('scripts', 'build.mjs'), '--bundle']);
if (lint) step('Linting (eslint)', bin('eslint'), ['.', '--max-warnings=0']);
if (lint) step('Checking the format (prettier)', bin('prettier'), ['--check', '--log-level=warn', '**/*.{ts,mjs,js}']);

const files = findTests('build')
  .filter((f) => !focused || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no test file's path contains ${filters.map((f) => JSON.stringify(f)).join(' or ')}`);
  process.exit(1);
}
// The terminal tests drive prompts through tmux: installed first when missing, where it may be.
if (files.some((f) => f.includes('terminal-ui'))) ensureTmux();
// The Redis store's tests and the fleet's start redis-server: installed the same way.
if (files.some((f) => f.includes('redis'))) ensureRedis();
// The browser tests drive Debian's chromium: installed the same way.
if (files.some((f) => f.includes(`${sep}browser${sep}`))) ensureChromium();
// The tests under Bun and Deno run their binaries from the npm registry, kept in a cache.
if (files.some((f) => f.includes(`${sep}runtimes${sep}`))) ensureRuntimes();
const concurrency = String(Math.max(2, availableParallelism()));
console.log(`Running ${files.length} test file${files.length === 1 ? '' : 's'}, ${concurrency} at a time\n`);
const reporter = join('scripts', 'test-reporter.mjs');
const r = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, `--test-reporter=./${reporter}`, ...files],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findTests(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

/** Whether a compiled file's source (`.ts`, or `.tsx` for the inspector's page) exists. */
function hasSource(compiled) {
  return existsSync(compiled.replace(/\.js$/, '.ts')) || existsSync(compiled.replace(/\.js$/, '.tsx'));
}

/** Removes compiled JavaScript under `dir` whose TypeScript source no longer exists. */
function pruneStale(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    // Gone already: the map of a file removed a moment ago, listed after it.
    const stat = statSync(p, { throwIfNoEntry: false });
    if (stat?.isDirectory()) pruneStale(p);
    else if (stat && name.endsWith('.js') && !hasSource(p.slice('build/'.length))) {
      rmSync(p, { force: true });
      rmSync(`${p}.map`, { force: true });
    }
  }
}
