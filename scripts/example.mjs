#!/usr/bin/env node
// Runs one example of examples/ as its README says:
//   npm run example -- <name> [arguments...]
// It compiles what changed (tsc, incremental: the first run takes a minute, later ones seconds),
// bundles dist/ when it is missing (the examples import mcpkit as an app does, and the package's
// own name resolves to dist/), then runs build/examples/<name>/main.js with the arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository's paths, wherever the command is started from; the example runs where it was.
const root = fileURLToPath(new URL('..', import.meta.url));

const [name, ...rest] = process.argv.slice(2);
const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'examples', entry.name, 'main.ts')))
  .map((entry) => entry.name)
  .sort();
if (name === undefined || !examples.includes(name)) {
  if (name !== undefined) console.error(`There is no example named ${JSON.stringify(name)}.`);
  console.error(`Usage: npm run example -- <name> [arguments]\nExamples: ${examples.join(', ')}`);
  process.exit(2);
}

/** Runs a step quietly; on failure shows its output and stops. */
function step(what, cmd, args) {
  process.stderr.write(`${what} ...`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status === 0) return void process.stderr.write(' done\n');
  process.stderr.write(` failed\n\n${r.stdout}${r.stderr}`);
  process.exit(r.status ?? 1);
}

step('Compiling (tsc)', process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
if (!existsSync(join(root, 'dist', 'cli.js')))
  step('Bundling dist/', process.execPath, [join('scripts', 'build.mjs'), '--bundle']);
process.stderr.write('\n');
const r = spawnSync(
  process.execPath,
  ['--enable-source-maps', join(root, 'build', 'examples', name, 'main.js'), ...rest],
  // npm runs scripts in the package's folder; the example runs where the command was typed.
  { stdio: 'inherit', cwd: process.env.INIT_CWD ?? process.cwd() },
);
process.exit(r.status ?? 1);
