/**
 * The client side of the stdio transport: runs an MCP server as a child process and talks to it
 * over the child's stdin and stdout.
 * @module
 */
import type * as ChildProcesses from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { parseFrame } from '../jsonrpc/codec.js';
import { ConnectionClosedError, ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { LineSplitter } from '../transports/ndjson.js';
import type { Transport, TransportReceiver } from '../jsonrpc/transport.js';
import {
  PIPE_NETWORK,
  type EraCacheKeyed,
  type NetworkAttributes,
  type NetworkDescribed,
} from '../protocol/transport-abilities.js';
import { decodeUtf8, linePreview, toBytes } from './bytes.js';
import { getDefaultEnvironment } from './environment.js';
import { LineWriter } from './line-writer.js';
import { DEFAULT_STDERR_TAIL_BYTES, StderrTail } from './stderr-tail.js';

/** Options of {@link CommandTransport}. */
export interface CommandTransportOptions {
  /** The program to run. Not run through a shell. */
  command: string;
  /** Its arguments. Default none. */
  args?: readonly string[];
  /**
   * Variables added to the child's environment. The child does not inherit the whole parent
   * environment, only {@link getDefaultEnvironment}'s safe subset (on POSIX: HOME, LOGNAME, PATH,
   * SHELL, TERM, USER), which these override. Pass `{ ...process.env }` to inherit everything.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The child's working directory. Default: this process's. */
  cwd?: string;
  /**
   * What becomes of the child's stderr. `'inherit'` (default) shares this process's stderr;
   * `'pipe'` captures it for `onstderr` and keeps its tail for error messages; `'ignore'` drops it.
   */
  stderr?: 'inherit' | 'pipe' | 'ignore';
  /** With `stderr: 'pipe'`, how many of the last stderr bytes to keep. Default 8 KiB. */
  stderrTailBytes?: number;
  /** The largest message accepted from the child, in bytes. Default 16 MiB (results can be large). */
  maxMessageBytes?: number;
  /** On close, how long to wait for the child to exit after closing its stdin before SIGTERM. Default 2000 ms. */
  closeTimeoutMs?: number;
  /** On close, how long to wait after SIGTERM before SIGKILL. Default 2000 ms. */
  killTimeoutMs?: number;
}

/** The default limit on one message from the child: 16 MiB. */
export const DEFAULT_CLIENT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

// After the child exits, how long its stdio may stay open (held by a grandchild) before the
// transport stops waiting for the last output.
const STDIO_DRAIN_GRACE_MS = 250;

/**
 * Spawns a server process and exchanges newline-delimited messages with it.
 *
 * If the child cannot be spawned, crashes, or exits on its own, the close is reported with a
 * {@link ConnectionClosedError} naming the exit code or signal and, with `stderr: 'pipe'`, the
 * tail of its stderr; so does a message sent after the child closed its end of the pipes.
 * `close()` shuts down as the specification asks: it closes the child's stdin, waits
 * `closeTimeoutMs`, sends SIGTERM, waits `killTimeoutMs`, sends SIGKILL, and resolves once the
 * child has exited. Lines from the child that are not JSON-RPC (not JSON, or JSON that is not a
 * message), and lines too long, are reported as errors that do not end the transport, and
 * skipped; the report of a line that is not JSON-RPC carries its start as `data.line` (see
 * {@link nonProtocolLine}).
 */
export class CommandTransport implements Transport, EraCacheKeyed, NetworkDescribed {
  /** With `stderr: 'pipe'`, each chunk the child writes to stderr. */
  onstderr?: (chunk: Uint8Array) => void;

  readonly #options: CommandTransportOptions;
  readonly #splitter: LineSplitter;
  readonly #tail: StderrTail | undefined;
  /** Set by `start()`. */
  #receiver: TransportReceiver | undefined;
  #child: ChildProcess | undefined;
  #writer: LineWriter | undefined;
  #closeRequested = false;
  #stopping: Promise<void> | undefined;
  #exited = false;
  #drainTimer: ReturnType<typeof setTimeout> | undefined;
  #finished = false;
  readonly #exitSignal = deferred();
  readonly #finishedSignal = deferred();
  /** Why the connection ended, once it has. */
  #ending: ConnectionClosedError | undefined;

  /** The channel, for telemetry: a pipe. */
  get network(): NetworkAttributes {
    return PIPE_NETWORK;
  }

  constructor(options: CommandTransportOptions) {
    this.#options = options;
    this.#tail =
      options.stderr === 'pipe' ? new StderrTail(options.stderrTailBytes ?? DEFAULT_STDERR_TAIL_BYTES) : undefined;
    this.#splitter = new LineSplitter(
      { onLine: (line) => this.#receive(line), onOversizedLine: (limit) => this.#reportOversized(limit) },
      { maxLineBytes: options.maxMessageBytes ?? DEFAULT_CLIENT_MAX_MESSAGE_BYTES, decode: decodeUtf8 },
    );
  }

  /**
   * The server's name in a client's era cache: its command line and working directory, so a
   * server of the legacy era is not probed again each time it is started.
   */
  get eraCacheKey(): string {
    return JSON.stringify([
      'command',
      this.#options.cwd ?? process.cwd(),
      this.#options.command,
      ...(this.#options.args ?? []),
    ]);
  }

  /** The child's process id, once spawned. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The child's exit code once it has exited normally, else `null` (also when it never started). */
  get exitCode(): number | null {
    const code = this.#child?.exitCode ?? null;
    // Node reports a failed spawn as a negative errno here.
    return code !== null && code < 0 ? null : code;
  }

  /** The signal that ended the child, once it has been ended by one, else `null`. */
  get signalCode(): NodeJS.Signals | null {
    return this.#child?.signalCode ?? null;
  }

  /** With `stderr: 'pipe'`, the last bytes the child wrote to stderr, as text; otherwise `''`. */
  get stderrTail(): string {
    return this.#tail?.text() ?? '';
  }

  /** Spawns the child. Rejects (and reports the close) if it cannot be started, or was closed already. */
  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('CommandTransport already started');
    if (this.#finished) {
      receiver.onTransportClose(this.#closeRequested ? undefined : this.#ending);
      throw new Error('CommandTransport already closed');
    }
    this.#receiver = receiver;
    const { spawn } = await childProcess();
    // Closed while `node:child_process` loaded: the close went to the receiver already.
    if (this.#finished) throw new Error('CommandTransport already closed');
    const { command, args = [], cwd } = this.#options;
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd,
        env: { ...getDefaultEnvironment(), ...this.#options.env },
        stdio: ['pipe', 'pipe', this.#options.stderr ?? 'inherit'],
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      const failure = this.#spawnError(error instanceof Error ? error : new Error(String(error)));
      this.#finish(failure);
      throw failure;
    }
    this.#child = child;
    const stdin = child.stdin!;
    const stdout = child.stdout!;
    this.#writer = new LineWriter(stdin);
    stdin.on('error', (error) => this.#onStdinError(error));
    stdout.on('data', (chunk: Uint8Array | string) => this.#splitter.push(toBytes(chunk)));
    stdout.on('end', () => this.#onStdoutEnd());
    child.stderr?.on('data', (chunk: Uint8Array | string) => {
      const bytes = toBytes(chunk);
      this.#tail?.push(bytes);
      this.onstderr?.(bytes);
    });
    child.on('exit', (code, signal) => this.#onExit(code, signal));
    child.on('close', (code, signal) => this.#finish(this.#exitError(code, signal)));

    await new Promise<void>((resolve, reject) => {
      const onSpawn = (): void => {
        child.off('error', onError);
        child.on('error', (error) => receiver.onTransportError(error));
        resolve();
      };
      const onError = (error: Error): void => {
        child.off('spawn', onSpawn);
        const failure = this.#spawnError(error);
        this.#exited = true;
        this.#exitSignal.resolve();
        this.#finish(failure);
        reject(failure);
      };
      child.once('spawn', onSpawn);
      child.once('error', onError);
    });
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (!this.#writer) return Promise.reject(new ConnectionClosedError('CommandTransport not started'));
    // Once finished, the writer rejects with the reason the connection ended.
    if (this.#closeRequested && !this.#finished)
      return Promise.reject(new ConnectionClosedError('Connection is closing'));
    // The child is going away on its own (it closed stdout, or stops reading stdin): the reason
    // to give is how it ended (its exit code, its stderr), not that a pipe is closed.
    if (!this.#finished && (this.#stopping || !this.#child!.stdin!.writable)) return this.#endedWith();
    return this.#writer.writeMessage(message);
  }

  /** Rejects, once the child is gone, with the reason the connection ended. */
  async #endedWith(): Promise<never> {
    await this.#finishedSignal.promise;
    throw this.#ending ?? new ConnectionClosedError();
  }

  /** Shuts the child down (stdin close, then SIGTERM, then SIGKILL) and resolves once it has exited. */
  async close(): Promise<void> {
    if (!this.#child) {
      if (!this.#finished) this.#closeRequested = true;
      this.#finish(undefined);
      return;
    }
    if (!this.#finished) this.#closeRequested = true;
    await this.#stop();
    await this.#finishedSignal.promise;
  }

  #stop(): Promise<void> {
    this.#stopping ??= this.#escalate();
    return this.#stopping;
  }

  async #escalate(): Promise<void> {
    const child = this.#child!;
    if (!this.#exited) {
      this.#writer!.flushNow();
      child.stdin!.end();
    }
    if (await this.#exitsWithin(this.#options.closeTimeoutMs ?? 2000)) return;
    child.kill('SIGTERM');
    if (await this.#exitsWithin(this.#options.killTimeoutMs ?? 2000)) return;
    child.kill('SIGKILL');
    await this.#exitSignal.promise;
  }

  #exitsWithin(ms: number): Promise<boolean> {
    if (this.#exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.#exitSignal.promise.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.#exited = true;
    this.#exitSignal.resolve();
    // 'close' follows once stdout and stderr are drained; a grandchild holding them open must not delay it forever.
    this.#drainTimer = setTimeout(() => {
      this.#child?.stdout?.destroy();
      this.#child?.stderr?.destroy();
      this.#finish(this.#exitError(code, signal));
    }, STDIO_DRAIN_GRACE_MS);
  }

  // The child closed its stdout: it can send nothing more, so shut it down if it does not exit.
  #onStdoutEnd(): void {
    this.#splitter.end();
    if (!this.#exited) void this.#stop();
  }

  #onStdinError(error: Error): void {
    // A child that exits or stops reading closes the pipe under pending writes; its exit reports that.
    if (this.#exited || this.#stopping || (error as NodeJS.ErrnoException).code === 'EPIPE') return;
    this.#receiver?.onTransportError(error);
  }

  #receive(line: string): void {
    const receiver = this.#receiver!;
    const parsed = parseFrame(line);
    const value: unknown = parsed.ok ? parsed.value : undefined;
    if (!parsed.ok || !isMessageShaped(value)) {
      // A server's log line or banner on stdout: the peer would answer an error to nobody.
      const preview = linePreview(line);
      receiver.onTransportError(
        new JsonRpcError(
          parsed.ok ? ErrorCode.InvalidRequest : ErrorCode.ParseError,
          `The server wrote a line to stdout that is not JSON-RPC: ${preview}; an MCP server writes only protocol messages there (logs go to stderr)`,
          { line: preview },
        ),
      );
      return;
    }
    try {
      receiver.onTransportMessage(parsed.value);
    } catch (error) {
      receiver.onTransportError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #reportOversized(limit: number): void {
    this.#receiver?.onTransportError(
      new JsonRpcError(ErrorCode.InvalidRequest, `Message from the server exceeds the limit of ${limit} bytes`),
    );
  }

  #finish(error: ConnectionClosedError | undefined): void {
    if (this.#finished) return;
    this.#finished = true;
    clearTimeout(this.#drainTimer);
    const closedError = error ?? new ConnectionClosedError();
    this.#ending = closedError;
    this.#writer?.fail(closedError);
    this.#splitter.reset();
    this.#finishedSignal.resolve();
    this.#receiver?.onTransportClose(this.#closeRequested ? undefined : closedError);
  }

  #spawnError(error: Error): ConnectionClosedError {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'ENOENT' ? ' (command not found, or the working directory does not exist)' : '';
    return new ConnectionClosedError(
      `Failed to start MCP server ${JSON.stringify(this.#options.command)}: ${error.message}${hint}`,
      { command: this.#options.command, code },
      { cause: error },
    );
  }

  #exitError(code: number | null, signal: NodeJS.Signals | null): ConnectionClosedError {
    const how = signal ? `was terminated by ${signal}` : `exited with code ${code}`;
    const stderr = this.stderrTail;
    const detail = stderr.trim() ? `; stderr:\n${stderr.trimEnd()}` : '';
    return new ConnectionClosedError(`MCP server process ${JSON.stringify(this.#options.command)} ${how}${detail}`, {
      exitCode: code,
      signal,
      ...(this.#tail ? { stderr } : {}),
    });
  }
}

/** A JSON-RPC message or batch, by its outside: an array, or an object naming version 2.0. */
function isMessageShaped(value: unknown): boolean {
  return (
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === '2.0')
  );
}

/**
 * The start of the line, quoted, when `error` is a {@link CommandTransport}'s report of a line
 * its server wrote to stdout that is not JSON-RPC; otherwise `undefined`.
 */
export function nonProtocolLine(error: unknown): string | undefined {
  if (!(error instanceof JsonRpcError)) return undefined;
  const line = (error.data as { line?: unknown } | undefined)?.line;
  return typeof line === 'string' ? line : undefined;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

type ChildProcessModule = typeof ChildProcesses;
let childProcessModule: Promise<ChildProcessModule> | undefined;

/** `node:child_process`, loaded when the first child starts: a server never needs it. */
function childProcess(): Promise<ChildProcessModule> {
  return (childProcessModule ??= import('node:child_process'));
}
