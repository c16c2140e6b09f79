// workerd, the open-source Workers runtime (the `workerd` dev dependency and its platform
// package), run on a generated Cap'n Proto config: every socket on 127.0.0.1 port 0, the ports
// it got read from its control descriptor, so nothing is guessed and nothing sleeps.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { within } from './e2e.js';

/** The workerd binary, or why there is none that runs here. */
export function workerdBinary(): { path: string } | { missing: string } {
  let path: string;
  try {
    path = (createRequire(import.meta.url)('workerd') as { default: string }).default;
  } catch (error) {
    return { missing: `workerd's binary is not installed for this platform: ${(error as Error).message}` };
  }
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.status !== 0) return { missing: `workerd does not run here: ${probe.error?.message ?? probe.stderr}` };
  return { path };
}

export interface Workerd {
  /** The port each socket of the config listens on, by socket name. */
  readonly ports: Readonly<Record<string, number>>;
  /** What workerd wrote to stderr so far. */
  stderr(): string;
  /** Stops workerd and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts workerd on `config` (the text of `config.capnp`, which embeds `files` by name), and
 * resolves once each of `sockets` listens.
 */
export async function startWorkerd(
  binary: string,
  config: string,
  files: Record<string, string>,
  sockets: readonly string[],
): Promise<Workerd> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-workerd-'));
  writeFileSync(join(dir, 'config.capnp'), config);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const child = spawn(binary, ['serve', 'config.capnp', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const close = async (): Promise<void> => {
    // SIGTERM makes workerd drain its connections, which the clients' keep-alive holds open;
    // it keeps nothing worth a graceful end (storage is in memory).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await within(exited, 10_000, 'workerd to exit').finally(() => rmSync(dir, { recursive: true, force: true }));
  };
  const ports: Record<string, number> = {};
  const listening = new Promise<void>((resolve) => {
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
      if (event.event === 'listen' && event.socket !== undefined) ports[event.socket] = event.port ?? 0;
      if (sockets.every((name) => name in ports)) resolve();
    });
  });
  try {
    await within(
      Promise.race([listening, exited.then(() => Promise.reject(new Error(`workerd exited: ${stderr}`)))]),
      15_000,
      'workerd to listen',
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { ports, stderr: () => stderr, close };
}
