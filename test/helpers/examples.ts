// The examples of examples/ as a user runs them: their compiled main file (what
// `npm run example -- <name>` runs) in a child process, its output collected.
import { fileURLToPath } from 'node:url';
import { runCli, type CliResult } from './e2e.js';

/** The compiled file of an example, `build/examples/<name>/<file>`. */
export function exampleFile(name: string, file = 'main.js'): string {
  return fileURLToPath(new URL(`../../examples/${name}/${file}`, import.meta.url));
}

/** Runs `node build/examples/<name>/main.js ...args` to its end (at most `ms`, default 60 s), with `env` added. */
export function runExample(
  name: string,
  options: { args?: readonly string[]; env?: Record<string, string>; ms?: number } = {},
): Promise<CliResult> {
  return runCli(options.args ?? [], options.ms ?? 60_000, options.env ?? {}, exampleFile(name));
}
