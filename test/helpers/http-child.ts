// A server served over Streamable HTTP from a real child process (`node <fixture> --http`, or
// any command) that listens on 127.0.0.1 and a free port and prints its URL as its first line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { fixture, within } from './e2e.js';

export interface HttpChild {
  readonly url: string;
  /** What the child wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Runs `node <fixture> --http`, which serves on a free port and prints its URL first; `env` is
 * added to this process's environment.
 */
export function startHttpChild(name: string, env: Record<string, string> = {}): Promise<HttpChild> {
  return startHttpCommand(process.execPath, [fixture(name), '--http'], { name, env });
}

/**
 * Runs `command` with `args` (in `cwd`), which serves on a free port and prints its URL as its
 * first line of stdout; `env` is added to this process's environment.
 */
export async function startHttpCommand(
  command: string,
  args: readonly string[],
  { name, env = {}, cwd }: { name: string; env?: Record<string, string>; cwd?: string },
): Promise<HttpChild> {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    cwd,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = once(lines, 'line') as Promise<[string]>;
  try {
    const [url] = await within(
      Promise.race([first, exited.then(() => Promise.reject(new Error(`${name} exited: ${stderr}`)))]),
      15_000,
      `${name} to listen`,
    );
    return {
      url,
      stderr: () => stderr,
      close: async () => {
        lines.close();
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await within(exited, 10_000, `${name} to exit`);
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
