/**
 * The server side of the stdio transport: messages in on stdin, out on stdout, one per line.
 * @module
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import { errorResponse, parseFrame } from '../jsonrpc/codec.js';
import { ConnectionClosedError, ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from '../transports/ndjson.js';
import type { Transport, TransportReceiver } from '../jsonrpc/transport.js';
import { PIPE_NETWORK, type NetworkAttributes, type NetworkDescribed } from '../protocol/transport-abilities.js';
import { LineWriter } from './line-writer.js';
import { decodeUtf8, linePreview, toBytes } from './bytes.js';

/** Options of {@link StdioServerTransport}. */
export interface StdioServerTransportOptions {
  /** Where messages come from. Default `process.stdin`. */
  stdin?: Readable;
  /** Where messages go; nothing else is written to it. Default `process.stdout`. */
  stdout?: Writable;
  /** The largest inbound message, in bytes; longer lines are refused without being buffered. Default 4 MiB. */
  maxMessageBytes?: number;
  /**
   * Output waiting for the client to read it, in bytes, above which stdin is no longer read;
   * reading resumes once the client has read all but half of it. A client that sends without
   * reading cannot make the server hold more than this plus the answers already in the
   * making. Default 4 MiB.
   */
  outputHighWaterMark?: number;
}

/** Default of `outputHighWaterMark`: 4 MiB. */
const DEFAULT_OUTPUT_HIGH_WATER_MARK = 4 * 1024 * 1024;

/**
 * Serves one client over stdin/stdout.
 *
 * - A line that is not JSON is answered here with a -32700 error response (id `null`), reported
 *   as an error that does not end the transport, and skipped.
 * - A line over `maxMessageBytes` is discarded as it arrives, answered with a -32600 error
 *   response (id `null`), reported likewise, and skipped.
 * - End of stdin is the client's request to shut down: the receiver's `onTransportEnd` lets the
 *   connection answer what is in flight, then it closes; a receiver without it is told of the
 *   close at once.
 * - Sends made in the same tick go out in one write; when stdout pushes back, later sends wait
 *   for `drain`. A failing stdout (EPIPE: the client is gone) is reported and closes the
 *   transport instead of crashing the process.
 * - While more than `outputHighWaterMark` bytes of output wait for the client, no more input
 *   is taken (from the next line on, and stdin is paused), so a client that does not read
 *   cannot grow the server's memory without bound; nothing is dropped.
 */
export class StdioServerTransport implements Transport, NetworkDescribed {
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #splitter: LineSplitter;
  readonly #writer: LineWriter;
  /** Set by `start()`. */
  #receiver: TransportReceiver | undefined;
  #closed = false;
  #reading = false;

  /** The channel, for telemetry: a pipe. */
  get network(): NetworkAttributes {
    return PIPE_NETWORK;
  }

  constructor(options: StdioServerTransportOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#writer = new LineWriter(this.#stdout, {
      highWaterMark: options.outputHighWaterMark ?? DEFAULT_OUTPUT_HIGH_WATER_MARK,
      onBackedUp: (backedUp) => (backedUp ? this.#holdInput() : this.#takeInput()),
    });
    this.#splitter = new LineSplitter(
      { onLine: (line) => this.#receive(line), onOversizedLine: (limit) => this.#refuseOversized(limit) },
      { maxLineBytes: options.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES, decode: decodeUtf8 },
    );
  }

  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('StdioServerTransport already started');
    if (this.#closed) throw new ConnectionClosedError();
    this.#receiver = receiver;
    this.#stdout.on('error', this.#onStdoutError);
    this.#stdout.on('close', this.#onStdoutClose);
    this.#reading = true;
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('end', this.#onEnd);
    this.#stdin.on('close', this.#onStdinClose);
    this.#stdin.on('error', this.#onStdinError);
    // Output that backed up before the start holds input back from the first line.
    if (this.#splitter.isPaused) this.#stdin.pause();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError());
    return this.#writer.writeMessage(message);
  }

  async close(): Promise<void> {
    this.#shutdown();
  }

  readonly #onData = (chunk: Uint8Array | string): void => {
    this.#splitter.push(toBytes(chunk));
  };

  // The client has nothing more to say; answers to what it already sent may still go out.
  readonly #onEnd = (): void => {
    this.#splitter.end();
    const receiver = this.#receiver;
    if (!receiver?.onTransportEnd || this.#closed) {
      this.#shutdown();
      return;
    }
    this.#stopReading();
    receiver.onTransportEnd();
  };

  // Destroyed without an end: the client did not ask to stop.
  readonly #onStdinClose = (): void => {
    this.#shutdown(new ConnectionClosedError('stdin was closed without an end of stream'));
  };

  readonly #onStdinError = (error: Error): void => {
    if (this.#closed) return;
    this.#shutdown(new ConnectionClosedError(`stdin failed: ${error.message}`, undefined, { cause: error }));
  };

  // Stays attached until the last write has settled: a late EPIPE must not crash the process.
  readonly #onStdoutError = (error: Error): void => {
    if (this.#closed) return;
    this.#receiver?.onTransportError(error);
    this.#shutdown(new ConnectionClosedError(`stdout failed: ${error.message}`, undefined, { cause: error }));
  };

  readonly #onStdoutClose = (): void => {
    this.#shutdown(new ConnectionClosedError('stdout was closed'));
  };

  #receive(line: string): void {
    const parsed = parseFrame(line);
    if (!parsed.ok) {
      this.#answerLocally(parsed.response.error.code, parsed.response.error.message, linePreview(line));
      return;
    }
    const receiver = this.#receiver!;
    try {
      receiver.onTransportMessage(parsed.value);
    } catch (error) {
      receiver.onTransportError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #refuseOversized(limit: number): void {
    this.#answerLocally(ErrorCode.InvalidRequest, `Message exceeds the limit of ${limit} bytes`);
  }

  #answerLocally(code: number, message: string, preview?: string): void {
    if (this.#closed) return;
    // The failure is the client's; a write error here surfaces through the stdout handlers.
    this.#writer.writeMessage(errorResponse(null, code, message)).catch(() => {});
    const detail = preview === undefined ? message : `${message} (line: ${preview})`;
    this.#receiver?.onTransportError(new JsonRpcError(code, detail));
  }

  // Output backed up: stop taking requests until the client reads.
  #holdInput(): void {
    this.#splitter.pause();
    if (this.#reading) this.#stdin.pause();
  }

  #takeInput(): void {
    this.#splitter.resume();
    // A line just delivered may have backed output up again.
    if (this.#reading && !this.#splitter.isPaused) this.#stdin.resume();
  }

  #stopReading(): void {
    this.#reading = false;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('end', this.#onEnd);
    this.#stdin.off('close', this.#onStdinClose);
    // Only stop the stream if nobody else reads it; a paused stdin lets the process exit.
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#splitter.reset();
  }

  #shutdown(error?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopReading();
    this.#stdout.off('close', this.#onStdoutClose);
    if (error) this.#writer.fail(error);
    else this.#writer.flushNow();
    // A failed write emits 'error' a tick after its callback; detach only after that.
    void this.#writer.idle().then(() =>
      setImmediate(() => {
        this.#stdout.off('error', this.#onStdoutError);
        this.#stdin.off('error', this.#onStdinError);
      }),
    );
    this.#receiver?.onTransportClose(error);
  }
}
