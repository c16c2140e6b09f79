/**
 * Ordered, coalesced, backpressure-aware writing of lines to a Node writable stream.
 * @module
 */
import process from 'node:process';
import type { Writable } from 'node:stream';
import { ConnectionClosedError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { encodeLine } from '../transports/ndjson.js';

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Queues lines and writes everything queued in one tick as a single `write`. A line's promise
 * settles when the stream has taken its bytes (the write callback). After a `write` that returns
 * `false`, nothing more is written until `drain`, so lines stay in order and callers that await
 * their sends are slowed to the reader's pace.
 */
export class LineWriter {
  private readonly stream: Writable;
  private lines: string[] = [];
  private waiters: Pending[] = [];
  private scheduled = false;
  private waitingForDrain = false;
  private failure: Error | undefined;
  // Writes handed to the stream whose callbacks have not run yet.
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(stream: Writable) {
    this.stream = stream;
  }

  /** Queues one line (with its newline). */
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

  write(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.lines.push(line);
      this.waiters.push({ resolve, reject });
      if (!this.scheduled && !this.waitingForDrain) {
        this.scheduled = true;
        // nextTick runs after the current microtasks drain, so sends made by promise
        // continuations in the same turn join the same write.
        process.nextTick(this.flushQueued);
      }
    });
  }

  /** Writes whatever is queued now, even while waiting for `drain` (used before ending the stream). */
  flushNow(): void {
    this.writeBatch();
  }

  /** Resolves once nothing is queued and every write handed to the stream has completed or failed. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.lines.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Rejects everything queued and every later line with `error`. Bytes already written are not recalled. */
  fail(error: Error): void {
    this.failure ??= error;
    const waiters = this.waiters;
    this.lines = [];
    this.waiters = [];
    this.stream.off('drain', this.onDrain);
    for (const w of waiters) w.reject(this.failure);
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
    if (this.lines.length === 0 || this.failure) return;
    const data = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    const waiters = this.waiters;
    this.lines = [];
    this.waiters = [];
    if (!this.stream.writable) {
      const error = new ConnectionClosedError('The output stream is closed');
      for (const w of waiters) w.reject(error);
      return;
    }
    this.inFlight++;
    const accepted = this.stream.write(data, (error) => {
      this.inFlight--;
      if (error) {
        const closed = new ConnectionClosedError(`Write failed: ${error.message}`, undefined, { cause: error });
        for (const w of waiters) w.reject(closed);
      } else {
        for (const w of waiters) w.resolve();
      }
      if (this.inFlight === 0 && this.lines.length === 0) this.notifyIdle();
    });
    if (!accepted && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.stream.once('drain', this.onDrain);
    }
  }
}
