/**
 * Ordered, coalesced, backpressure-aware writing of lines to a Node writable stream.
 * @module
 */
import process from 'node:process';
import type { Writable } from 'node:stream';
import { ConnectionClosedError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { encodeLine } from '../transports/ndjson.js';

/** Lines queued in one turn: they go out in one `write`, and share one promise. */
interface Batch {
  text: string;
  readonly done: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { text: '', done, resolve, reject };
}

/** Options of a {@link LineWriter}. */
export interface LineWriterOptions {
  /**
   * Output waiting for the reader (queued here and buffered by the stream) above which
   * `onBackedUp(true)` is called; `onBackedUp(false)` follows once the reader has taken all but
   * half of it. Default: no signal.
   */
  highWaterMark?: number;
  onBackedUp?: (backedUp: boolean) => void;
}

/**
 * Queues lines and writes everything queued in one tick as a single `write`. A line's promise
 * settles when the stream has taken its bytes (the write callback); lines written together
 * share it. After a `write` that returns `false`, nothing more is written until `drain`, so
 * lines stay in order and callers that await their sends are slowed to the reader's pace.
 * Callers that do not await (answers to requests) are told when output backs up, so they can
 * stop taking work.
 */
export class LineWriter {
  readonly #stream: Writable;
  readonly #highWaterMark: number;
  readonly #onBackedUp: ((backedUp: boolean) => void) | undefined;
  #backedUp = false;
  #batch: Batch | undefined;
  #scheduled = false;
  #waitingForDrain = false;
  #failure: Error | undefined;
  // Writes handed to the stream whose callbacks have not run yet.
  #inFlight = 0;
  #idleWaiters: (() => void)[] = [];

  constructor(stream: Writable, options: LineWriterOptions = {}) {
    this.#stream = stream;
    this.#highWaterMark = options.highWaterMark ?? Infinity;
    this.#onBackedUp = options.onBackedUp;
  }

  /** Output not yet taken by the reader: queued here, and buffered by the stream. */
  get pendingBytes(): number {
    return (this.#batch?.text.length ?? 0) + this.#stream.writableLength;
  }

  /** Encodes a message as one line and writes it; a message JSON cannot encode rejects. */
  writeMessage(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    let line: string;
    try {
      line = encodeLine(message);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.write(line);
  }

  /** Queues one line (with its newline). */
  write(line: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const batch = (this.#batch ??= newBatch());
    batch.text += line;
    // Only a writer already waiting for the reader can be backed up: the usual path pays one test.
    if (this.#waitingForDrain && !this.#backedUp) this.#checkBackedUp();
    if (!this.#scheduled && !this.#waitingForDrain) {
      this.#scheduled = true;
      // nextTick runs after the current microtasks drain, so sends made by promise
      // continuations in the same turn join the same write.
      process.nextTick(this.#flushQueued);
    }
    return batch.done;
  }

  /** Writes whatever is queued now, even while waiting for `drain` (used before ending the stream). */
  flushNow(): void {
    this.#writeBatch();
  }

  /** Resolves once nothing is queued and every write handed to the stream has completed or failed. */
  idle(): Promise<void> {
    if (this.#inFlight === 0 && this.#batch === undefined) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Rejects everything queued and every later line with `error`. Bytes already written are not recalled. */
  fail(error: Error): void {
    this.#failure ??= error;
    const batch = this.#batch;
    this.#batch = undefined;
    this.#stream.off('drain', this.#onDrain);
    batch?.reject(this.#failure);
    if (this.#inFlight === 0) this.#notifyIdle();
  }

  #notifyIdle(): void {
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  readonly #flushQueued = (): void => {
    this.#scheduled = false;
    if (!this.#waitingForDrain) this.#writeBatch();
  };

  readonly #onDrain = (): void => {
    this.#waitingForDrain = false;
    this.#writeBatch();
    if (this.#backedUp && this.pendingBytes <= this.#highWaterMark / 2) {
      this.#backedUp = false;
      this.#onBackedUp?.(false);
    }
  };

  #checkBackedUp(): void {
    if (this.pendingBytes <= this.#highWaterMark || this.#failure) return;
    this.#backedUp = true;
    this.#onBackedUp?.(true);
  }

  #writeBatch(): void {
    const batch = this.#batch;
    if (batch === undefined || this.#failure) return;
    this.#batch = undefined;
    if (!this.#stream.writable) {
      batch.reject(new ConnectionClosedError('The output stream is closed'));
      return;
    }
    this.#inFlight++;
    const accepted = this.#stream.write(batch.text, (error) => {
      this.#inFlight--;
      if (error) batch.reject(new ConnectionClosedError(`Write failed: ${error.message}`, undefined, { cause: error }));
      else batch.resolve();
      if (this.#inFlight === 0 && this.#batch === undefined) this.#notifyIdle();
    });
    if (!accepted && !this.#waitingForDrain) {
      this.#waitingForDrain = true;
      this.#stream.once('drain', this.#onDrain);
      if (!this.#backedUp) this.#checkBackedUp();
    }
  }
}
