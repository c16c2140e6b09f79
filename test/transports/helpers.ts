// Shared helpers for the transport tests: fixture paths, an awaitable queue, failure guards, a
// receiver that records what a transport reports.
import { fileURLToPath } from 'node:url';
import type { TransportReceiver } from '../../src/jsonrpc/transport.js';

/** The compiled path of a fixture in test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}.js`, import.meta.url));
}

/** Rejects if `promise` has not settled within `ms`: a guard against hangs, never a wait. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/** Values pushed by callbacks, taken in order by awaiting `next()`. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((value: T) => void)[] = [];

  readonly push = (value: T): void => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.items.push(value);
  };

  next(what = 'the next value', ms = 5000): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as T);
    return within(new Promise<T>((resolve) => this.waiters.push(resolve)), ms, what);
  }

  get size(): number {
    return this.items.length;
  }
}

/** What a transport reports, queued in order for the test to read, and the receiver it reports to. */
export interface Recorder {
  receiver: TransportReceiver;
  messages: Inbox<unknown>;
  errors: Inbox<Error>;
  closes: Inbox<Error | undefined>;
}

/**
 * A receiver that queues what it is told. It has no `onTransportEnd`, as a receiver that is not
 * a connection may not: a transport then treats the end of input as a close.
 */
export function recorder(): Recorder {
  const messages = new Inbox<unknown>();
  const errors = new Inbox<Error>();
  const closes = new Inbox<Error | undefined>();
  const receiver: TransportReceiver = {
    onTransportMessage: messages.push,
    onTransportError: errors.push,
    onTransportClose: closes.push,
  };
  return { receiver, messages, errors, closes };
}
