// Starts the benchmark's server processes: `<transport>-<impl>`, one entry file per
// implementation so each process loads only what it serves, bundled by bundle-servers.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Implementation } from '../figure.js';
import type { CpuReading, MemoryReading } from '../servers/probes.js';
import { BUNDLED_DIR } from '../bundle-servers.js';

export function serverScript(transport: 'stdio' | 'http', impl: Implementation): string {
  return join(BUNDLED_DIR, `${transport}-${impl}.mjs`);
}

/** A stdio server child with its stdin and stdout piped; stderr goes to this process's. */
export function spawnStdioServer(impl: Implementation, args: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, [serverScript('stdio', impl), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
}

/** Ends a child and waits for its exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface HttpServerProcess {
  readonly url: string;
  /** The access token to send, when the server needs one (`--auth`). */
  readonly token: string | undefined;
  /** The same server without authorization, when it serves one beside (`--auth` of mcpkit). */
  readonly plainUrl: string | undefined;
  readonly child: ChildProcess;
  /** The server's memory after a full collection. */
  memory(): Promise<MemoryReading>;
  /** The processor time the server has used so far. */
  cpu(): Promise<CpuReading>;
  stop(): Promise<void>;
}

/** The first line a server writes: see `servers/http-serving.ts`. */
interface Announced {
  url: string;
  token?: string;
  plainUrl?: string;
}

/**
 * Starts an HTTP server child (with `--expose-gc`, an IPC channel, and room for the thousands of
 * sessions the memory figures open) and waits for its URL.
 */
export async function startHttpServer(impl: Implementation, args: readonly string[] = []): Promise<HttpServerProcess> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', serverScript('http', impl), ...args],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const { url, token, plainUrl } = await new Promise<Announced>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline === -1) return;
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      resolve(JSON.parse(out.slice(0, newline)) as Announced);
    };
    const onExit = (code: number | null) => reject(new Error(`${impl} HTTP server exited (${code}) before listening`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    url,
    token,
    plainUrl,
    child,
    memory: () => probe<MemoryReading>(child, impl, 'memory'),
    cpu: () => probe<CpuReading>(child, impl, 'cpu'),
    stop: () => stopChild(child),
  };
}

/** Asks a server child for a reading over its IPC channel (see `servers/probes.ts`). */
function probe<T>(child: ChildProcess, impl: Implementation, what: 'memory' | 'cpu'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${impl} did not answer the ${what} probe`)), 30_000);
    child.once('message', (reading) => {
      clearTimeout(timer);
      resolve(reading as T);
    });
    child.send(what);
  });
}
