/**
 * Two transports linked in memory, for tests and for running a client and a server in one process.
 * @module
 */
import { serialize } from '../jsonrpc/codec.js';
import { ConnectionClosedError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { SerializedResult } from '../jsonrpc/serialized-result.js';
import type { Transport, TransportReceiver } from '../jsonrpc/transport.js';

/** Options of {@link createInMemoryPair}. */
export interface InMemoryPairOptions {
  /**
   * Pass each message through `JSON.stringify`/`JSON.parse`, so the receiver sees exactly what a
   * wire would carry (no shared objects, `undefined` fields dropped) and a message that cannot be
   * serialized makes `send` reject. Default `true`; `false` hands over the same object, except
   * a response carrying a `SerializedResult` (a result serialized once for many answers): the
   * sender keeps that for many answers, so the receiver gets a copy of its own, as plain data.
   */
  clone?: boolean;
}

/**
 * One end of an in-memory pair. Delivery is asynchronous (a microtask) and in order; messages
 * that arrive before `start()` wait for it, and an end closed before it started reports the
 * close when it starts.
 */
export class InMemoryTransport implements Transport {
  #peer!: InMemoryTransport;
  readonly #clone: boolean;
  /** Set by `start()`; nothing is delivered before. */
  #receiver: TransportReceiver | undefined;
  // No more sends, from either end, once either end closed.
  #sendClosed = false;
  // The close was reported here (or will be, at start); nothing is delivered any more.
  #finished = false;
  #inbox: unknown[] = [];
  #inboxHead = 0;
  // The peer closed: deliver what is in the inbox, then report the close.
  #closePending = false;
  #flushScheduled = false;

  /** Use {@link createInMemoryPair}. */
  constructor(options: InMemoryPairOptions = {}) {
    this.#clone = options.clone ?? true;
  }

  /** Links two transports. */
  static link(a: InMemoryTransport, b: InMemoryTransport): void {
    a.#peer = b;
    b.#peer = a;
  }

  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('InMemoryTransport already started');
    this.#receiver = receiver;
    if (this.#finished) receiver.onTransportClose();
    else this.#scheduleFlush();
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#sendClosed) throw new ConnectionClosedError();
    const payload: unknown = this.#clone || sharesResult(message) ? JSON.parse(serialize(message)) : message;
    this.#peer.#deliver(payload);
  }

  async close(): Promise<void> {
    // Closed by the peer, with its close not yet delivered: stop now, dropping the rest.
    if (this.#sendClosed) {
      this.#finish();
      return;
    }
    this.#sendClosed = true;
    this.#peer.#sendClosed = true;
    // What the peer sent us is dropped; what we sent the peer still arrives, then its close.
    this.#peer.#closePending = true;
    this.#peer.#scheduleFlush();
    this.#finish();
  }

  #deliver(message: unknown): void {
    if (this.#finished) return;
    this.#inbox.push(message);
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled || this.#finished) return;
    this.#flushScheduled = true;
    queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    this.#flushScheduled = false;
    // A transport not started yet keeps its messages until it is, unless the peer closed.
    const receiver = this.#receiver;
    if (receiver) {
      while (!this.#finished && this.#inboxHead < this.#inbox.length) {
        const message = this.#inbox[this.#inboxHead++];
        try {
          receiver.onTransportMessage(message);
        } catch (error) {
          receiver.onTransportError(error instanceof Error ? error : new Error(String(error)));
        }
      }
      this.#inbox = [];
      this.#inboxHead = 0;
    }
    if (this.#closePending) this.#finish();
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#inbox = [];
    this.#receiver?.onTransportClose();
  }
}

/** Whether `message` carries a result made once for many answers. */
function sharesResult(message: JsonRpcMessage | JsonRpcMessage[]): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((m) => 'result' in m && m.result instanceof SerializedResult);
}

/**
 * Two linked transports: what one sends, the other receives. Closing either closes both
 * (each reports its close once); a send after that rejects with {@link ConnectionClosedError}.
 */
export function createInMemoryPair(options: InMemoryPairOptions = {}): [InMemoryTransport, InMemoryTransport] {
  const a = new InMemoryTransport(options);
  const b = new InMemoryTransport(options);
  InMemoryTransport.link(a, b);
  return [a, b];
}
