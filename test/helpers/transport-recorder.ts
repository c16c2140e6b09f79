// For the transport tests: an awaitable queue, and a receiver that records what a transport
// reports.
import type { TransportReceiver } from '../../src/jsonrpc/transport.js';
import { within } from './e2e.js';

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
