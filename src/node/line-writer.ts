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

/**
 * Queues lines and writes everything queued in one tick as a single `write`. A line's promise
 * settles when the stream has taken its bytes (the write callback); lines written together
 * share it. After a `write` that returns `false`, nothing more is written until `drain`, so
 * lines stay in order and callers that await their sends are slowed to the reader's pace.
 */
export class LineWriter {
  private readonly stream: Writable;
  private batch: Batch | undefined;
  private scheduled = false;
  private waitingForDrain = false;
  private failure: Error | undefined;
  // Writes handed to the stream whose callbacks have not run yet.
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(stream: Writable) {
    this.stream = stream;
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
    if (this.failure) return Promise.reject(this.failure);
    const batch = (this.batch ??= newBatch());
    batch.text += line;
    if (!this.scheduled && !this.waitingForDrain) {
      this.scheduled = true;
      // nextTick runs after the current microtasks drain, so sends made by promise
      // continuations in the same turn join the same write.
      process.nextTick(this.flushQueued);
    }
    return batch.done;
  }

  /** Writes whatever is queued now, even while waiting for `drain` (used before ending the stream). */
  flushNow(): void {
    this.writeBatch();
  }

  /** Resolves once nothing is queued and every write handed to the stream has completed or failed. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.batch === undefined) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Rejects everything queued and every later line with `error`. Bytes already written are not recalled. */
  fail(error: Error): void {
    this.failure ??= error;
    const batch = this.batch;
    this.batch = undefined;
    this.stream.off('drain', this.onDrain);
    batch?.reject(this.failure);
    if (this.inFlight === 0) this.notifyIdle();
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private readonly flushQueued = (): void => {
    this.scheduled = false;
    if (!this.waitingForDrain) this.writeBatch();
  };

  private readonly onDrain = (): void => {
    this.waitingForDrain = false;
    this.writeBatch();
  };

  private writeBatch(): void {
    const batch = this.batch;
    if (batch === undefined || this.failure) return;
    this.batch = undefined;
    if (!this.stream.writable) {
      batch.reject(new ConnectionClosedError('The output stream is closed'));
      return;
    }
    this.inFlight++;
    const accepted = this.stream.write(batch.text, (error) => {
      this.inFlight--;
      if (error) batch.reject(new ConnectionClosedError(`Write failed: ${error.message}`, undefined, { cause: error }));
      else batch.resolve();
      if (this.inFlight === 0 && this.batch === undefined) this.notifyIdle();
    });
    if (!accepted && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.stream.once('drain', this.onDrain);
    }
  }
}
