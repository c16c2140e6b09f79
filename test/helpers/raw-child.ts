// A server child process driven through raw pipes: bytes in, stdout lines out, no client library
// in between, so tests see exactly what the server writes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import process from 'node:process';
import { within } from './e2e.js';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class RawChild {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every line the child wrote to stdout, without its newline. */
  readonly lines: string[] = [];
  stderr = '';
  /** Resolves once the child has exited and its stdout and stderr are closed. */
  readonly closed: Promise<Exit>;
  /** Called for each stdout line as it arrives. */
  onLine?: (line: string) => void;
  private pending: Buffer[] = [];
  private checks: (() => void)[] = [];
  private ended = false;

  /** Runs `node ...args`; `env` is added to this process's environment. */
  constructor(args: readonly string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    // A child that dies makes pending writes fail with EPIPE; its exit is what tests look at.
    this.child.stdin.on('error', () => {});
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (s: string) => (this.stderr += s));
    this.closed = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('close', (code, signal) => {
        this.ended = true;
        if (this.pending.length > 0) this.lines.push(Buffer.concat(this.pending).toString('utf8'));
        this.pending = [];
        this.runChecks();
        resolve({ code, signal });
      });
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Writes bytes, waiting for `drain` when the pipe is full. */
  async write(data: string | Uint8Array): Promise<void> {
    if (this.child.stdin.write(data)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.child.stdin.off('drain', onDrain);
        this.child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      const onExit = () => done(new Error(`the child exited while we were writing; stderr: ${this.stderr}`));
      this.child.stdin.on('drain', onDrain);
      this.child.on('exit', onExit);
    });
  }

  /** Writes one message (any JSON value) as a line. */
  send(message: unknown): Promise<void> {
    return this.write(JSON.stringify(message) + '\n');
  }

  /** Resolves once `condition()` holds, re-checked as output arrives; fails on timeout or when output ends first. */
  until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
    if (condition()) return Promise.resolve();
    const waiting = new Promise<void>((resolve, reject) => {
      const check = () => {
        if (condition()) {
          this.checks = this.checks.filter((c) => c !== check);
          resolve();
        } else if (this.ended) {
          this.checks = this.checks.filter((c) => c !== check);
          reject(new Error(`the child's output ended before ${what}; stderr: ${this.stderr}`));
        }
      };
      this.checks.push(check);
    });
    return within(waiting, ms, what);
  }

  /** The first parsed stdout message with this id, waiting for it if needed. */
  async response(id: unknown, ms = 10_000): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    const key = JSON.stringify(id);
    let scanned = 0;
    await this.until(
      () => {
        for (; scanned < this.lines.length && !found; scanned++) {
          const value = tryParse(this.lines[scanned]!);
          if (isRecord(value) && 'id' in value && JSON.stringify(value.id) === key) found = value;
        }
        return found !== undefined;
      },
      `a response with id ${key}`,
      ms,
    );
    return found!;
  }

  /** Sends initialize and notifications/initialized, and returns the initialize result. */
  async initialize(protocolVersion = '2025-11-25', id: string | number = 'init'): Promise<Record<string, unknown>> {
    await this.send({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    const response = await this.response(id);
    await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (!isRecord(response.result)) throw new Error(`initialize failed: ${JSON.stringify(response)}`);
    return response.result;
  }

  /** Ends stdin and waits for the child to exit. */
  async endInput(ms = 10_000): Promise<Exit> {
    this.child.stdin.end();
    return within(this.closed, ms, 'the child to exit after the end of its stdin');
  }

  /** Kills the child if it is still running (cleanup after a failure). */
  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      const line =
        this.pending.length === 0 ? piece.toString('utf8') : Buffer.concat([...this.pending, piece]).toString('utf8');
      this.pending = [];
      this.lines.push(line);
      this.onLine?.(line);
      start = nl + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    this.runChecks();
  }

  private runChecks(): void {
    for (const check of [...this.checks]) check();
  }
}

export function tryParse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
