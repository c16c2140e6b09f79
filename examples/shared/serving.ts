/**
 * What the examples' main files share: start a program that serves over HTTP and prints its URL
 * as the first line of stdout (as `listen`'s examples and `mcpkit ... --http` do), and stop it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A program serving over HTTP, in a child process. */
export interface Serving {
  /** The URL it printed. */
  readonly url: string;
  /** Ends it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Runs `command args`, waits (at most `ms`) for the first line of its stdout, the URL it serves
 * at; its stderr shows on ours. Rejects, and ends it, when it exits or stays silent first.
 */
export async function startServing(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<Serving> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: options.env ?? process.env });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  let timer: NodeJS.Timeout | undefined;
  try {
    const [url] = (await Promise.race([
      once(lines, 'line'),
      exited.then(([code]) => Promise.reject(new Error(`${args.join(' ')} exited (${code}) before it served`))),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${args.join(' ')} printed no URL`)), options.ms ?? 30_000);
      }),
    ])) as [string];
    return {
      url,
      async stop() {
        lines.close();
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
