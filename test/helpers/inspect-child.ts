// `mcpkit inspect` as a person starts it: the built command line, as a child, with the example
// server (or nothing) to inspect; resolves with the URL it prints (the token in it).
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, within } from './e2e.js';

export { CLI };

export interface InspectChild {
  child: ChildProcess;
  url: URL;
  token: string;
  /** What it said on stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `mcpkit inspect <args>` (with `env` added); `args` may end with `--` and a server. */
export async function startInspect(args: string[], env: Record<string, string> = {}): Promise<InspectChild> {
  const child = spawn(process.execPath, [CLI, 'inspect', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += String(chunk)));
  const url = await within(
    new Promise<URL>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += String(chunk);
        const found = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(out);
        if (found) resolve(new URL(found[1]!));
      });
      child.once('exit', (code) => reject(new Error(`mcpkit inspect exited with ${code}: ${err}`)));
    }),
    20_000,
    'mcpkit inspect to print its URL',
  );
  return {
    child,
    url,
    token: url.searchParams.get('token')!,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The example server, as `mcpkit inspect` starts it. */
export const EXAMPLE_SERVER = ['--', process.execPath, CLI, 'example-server'];

/** `mcpkit example-server --http` on a free port: Streamable HTTP at `url` (`/mcp`), HTTP+SSE at `/sse`. */
export async function startHttpExample(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'example-server', '--http', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await within(
    new Promise<string>((resolve) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += String(chunk);
        const found = /^(http:\/\/127\.0\.0\.1:\d+\/mcp)$/m.exec(out);
        if (found) resolve(found[1]!);
      });
    }),
    20_000,
    'the example server to print its URL',
  );
  return { child, url };
}
