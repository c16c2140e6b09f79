// Load from a separate process: wrk (C, one thread) with bench/wrk/tools-call.lua, which
// checks every answer. Installs wrk with apt-get when it is missing and this runs as root.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface WrkOptions {
  url: string;
  mode: 'session' | 'modern';
  /** The session to use in session mode. */
  sessionId?: string;
  connections: number;
  durationMs: number;
  /** Stop once this many answers are in (then `durationMs` is only a bound). */
  stopAfter?: number;
  /** An access token to send with every request (`Authorization: Bearer`). */
  token?: string;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Wrong answers, bad statuses, socket errors and timeouts together. */
  errors: number;
}

const SCRIPT = fileURLToPath(new URL('../../../bench/wrk/tools-call.lua', import.meta.url));

export function ensureWrk(): void {
  if (hasWrk()) return;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('apt-get', ['install', '-y', '-q', 'wrk'], { stdio: 'ignore' });
    } catch {
      execFileSync('sh', ['-c', 'apt-get update -q && apt-get install -y -q wrk'], { stdio: 'ignore' });
    }
  }
  if (!hasWrk())
    throw new Error('the HTTP figures need wrk (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)');
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const seconds = Math.max(1, Math.ceil(options.durationMs / 1000));
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    options.url,
    '--',
    options.mode,
    options.sessionId ?? '-',
    String(options.stopAfter ?? 0),
    options.token ?? '-',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRKJSON '));
      if (code !== 0 || line === undefined) return reject(new Error(`wrk failed (${code}): ${out.trim().slice(-500)}`));
      const r = JSON.parse(line.slice('WRKJSON '.length)) as {
        requests: number;
        durationUs: number;
        p50Us: number;
        p99Us: number;
        wrong: number;
        socketErrors: number;
        statusErrors: number;
        timeouts: number;
      };
      resolve({
        requests: r.requests,
        seconds: r.durationUs / 1e6,
        p50Ms: r.p50Us / 1000,
        p99Ms: r.p99Us / 1000,
        errors: r.wrong + r.socketErrors + r.timeouts,
      });
    });
  });
}
