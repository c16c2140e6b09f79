/**
 * Redis for the example without Docker: Debian's redis-server (`apt-get install redis-server`)
 * on a free port of 127.0.0.1, keeping nothing on disk.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Starts redis-server; resolves once it answers PING. Rejects when it is not installed. */
export async function startRedisServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-fleet-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`redis-server could not start (${error.message})`)));
    void exited.then(([code]) => reject(new Error(`redis-server exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited.catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([failed, answersPing(port)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

/** Waits (at most 10 s) until a server on `port` answers PING. */
async function answersPing(port: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    const ok = await new Promise<boolean>((resolve) => {
      socket.setEncoding('utf8').once('data', (reply: string) => resolve(reply.startsWith('+PONG')));
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => resolve(false));
    });
    socket.destroy();
    if (ok) return;
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

/** A port no one listens on now (Redis cannot be asked for port 0). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
