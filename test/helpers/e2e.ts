// Shared helpers for the end-to-end, interop and robustness tests: paths of the built CLI and
// fixtures, failure guards, running the CLI, and transports to servers in child processes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, type ClientSession, type Subscription, type SubscriptionEventMap } from '../../src/client/index.js';
import type { Transport } from '../../src/jsonrpc/transport.js';
import { CommandTransport, type CommandTransportOptions } from '../../src/node/command.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';

/**
 * The `mcpkit` CLI as published (the bundle `npm install` puts on the PATH), which the test
 * command builds before any test runs. Its example server is the one a user runs, with one
 * copy of the library inside.
 */
export const CLI = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));

/** The same: tests that name the published CLI say so. */
export const DIST_CLI = CLI;

/** Arguments to `node` that serve the example server over stdio. */
export const EXAMPLE_SERVER_ARGS: readonly string[] = [CLI, 'example-server'];

/** The compiled path of a fixture in test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}.js`, import.meta.url));
}

export const clientInfo = { name: 'e2e-client', version: '0.0.1' };

/** Rejects if `promise` has not settled within `ms`: a guard against hangs, never a wait. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/**
 * Starts a call, handing `start` the progress callback to give it, and resolves once the first
 * progress arrives (the tool is running) within `ms`. The call comes back unawaited, for the
 * test to see how it settles.
 */
export async function startedCall<T>(
  start: (onprogress: () => void) => Promise<T>,
  ms: number,
  what: string,
): Promise<{ call: Promise<T> }> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const call = start(() => started());
  await within(running, ms, what);
  return { call };
}

/** Resolves once `check` holds, checking every `everyMs`; fails after `ms`, as {@link within} does. */
export function until(check: () => boolean, what: string, ms: number, everyMs = 5): Promise<void> {
  return within(
    (async () => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, everyMs));
    })(),
    ms,
    what,
  );
}

/**
 * `client`'s session with the server behind `transport` (a child process, as a rule), in
 * `protocolVersion`; fails if it is not open within 15 s.
 */
export function connectChild(
  transport: Transport,
  protocolVersion: ProtocolVersion = '2025-11-25',
  client = new Client(clientInfo),
): Promise<ClientSession> {
  return within(client.connect(transport, { protocolVersion }), 15_000, 'initialize');
}

/** A transport that runs `node <script> ...args` with stderr captured. */
export function nodeTransport(
  script: string,
  args: readonly string[] = [],
  options: Partial<CommandTransportOptions> = {},
): CommandTransport {
  return new CommandTransport({
    command: process.execPath,
    args: [script, ...args],
    stderr: 'pipe',
    closeTimeoutMs: 5000,
    ...options,
  });
}

/** A transport to the example server (`mcpkit example-server`). */
export function exampleTransport(options: Partial<CommandTransportOptions> = {}): CommandTransport {
  return nodeTransport(CLI, ['example-server'], options);
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Era caches of the CLI runs of this process: one directory each, so runs do not see each other's. */
let cacheDirs: string | undefined;
let cacheRuns = 0;

function freshCacheDir(): string {
  if (cacheDirs === undefined) {
    const base = mkdtempSync(join(tmpdir(), 'mcpkit-cli-cache-'));
    cacheDirs = base;
    process.once('exit', () => rmSync(base, { recursive: true, force: true }));
  }
  return join(cacheDirs, String(++cacheRuns));
}

/**
 * Runs the built CLI (or `cli`, such as {@link DIST_CLI}) with `args` and collects its output
 * and exit status. Its era cache is a directory of its own unless `env` names one
 * (`MCPKIT_CACHE_DIR`).
 */
export function runCli(
  args: readonly string[],
  ms = 20_000,
  env: Record<string, string> = {},
  cli = CLI,
): Promise<CliResult> {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCPKIT_CACHE_DIR: freshCacheDir(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return within(done, ms, `mcpkit ${args.join(' ')}`).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}

/** The text of the first content block of a tool result. */
export function firstText(result: Record<string, unknown>): string {
  const content = result.content as { type: string; text?: string }[] | undefined;
  const block = content?.[0];
  if (!block || block.type !== 'text' || typeof block.text !== 'string') {
    throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  }
  return block.text;
}

/** How many objects deep `{"a":{"a":...}}` nests, counted with a loop (the value may be deeper than the stack). */
export function chainDepth(value: unknown): number {
  let levels = 0;
  for (let v = value; typeof v === 'object' && v !== null; v = (v as { a?: unknown }).a) levels++;
  return levels;
}

/** The next `event` of a subscription, failing after `ms`. */
export function nextSubscriptionEvent<E extends keyof SubscriptionEventMap>(
  subscription: Subscription,
  event: E,
  ms = 10_000,
): Promise<SubscriptionEventMap[E]> {
  return within(
    new Promise((resolve) => {
      const off = subscription.on(event, (payload) => {
        off();
        resolve(payload);
      });
    }),
    ms,
    `the subscription's ${event}`,
  );
}

/** A server in a child process, at the URL it printed. */
export interface ServingProcess {
  readonly url: string;
  close(): Promise<void>;
  /** Ends it at once (SIGKILL), as a process that dies does. */
  kill(): Promise<void>;
}

/**
 * Runs `node <script> ...args`, which prints the URL it serves on as its first line of stdout;
 * `env` is added to this process's environment. A process that ends before it prints fails at
 * once, with the end of what it wrote to stderr.
 */
export async function serving(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ServingProcess> {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const endedFirst = exited.then(([code, signal]) => {
    throw new Error(`${script} ${args.join(' ')} ended (${String(code ?? signal)}) before it listened: ${stderr}`);
  });
  try {
    const listening = once(lines, 'line') as Promise<[string]>;
    const [url] = await within(Promise.race([listening, endedFirst]), 30_000, `${script} ${args.join(' ')} to listen`);
    return {
      url,
      close: async () => {
        lines.close();
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await within(exited, 10_000, 'the server to exit');
      },
      kill: async () => {
        lines.close();
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await within(exited, 10_000, 'the server to die');
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
