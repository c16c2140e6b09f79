/**
 * Two transports linked in memory, for tests and for running a client and a server in one process.
 * @module
 */
import { ConnectionClosedError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import type { Transport } from './transport.js';

/** Options of {@link createInMemoryPair}. */
export interface InMemoryPairOptions {
  /**
   * Pass each message through `JSON.stringify`/`JSON.parse`, so the receiver sees exactly what a
   * wire would carry (no shared objects, `undefined` fields dropped) and a message that cannot be
   * serialized makes `send` reject. Default `true`; `false` hands over the same object.
   */
  clone?: boolean;
}

/**
 * One end of an in-memory pair. Delivery is asynchronous (a microtask) and in order; messages
 * that arrive before `start()` wait for it.
 */
export class InMemoryTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (error?: Error) => void;

  private peer!: InMemoryTransport;
  private readonly clone: boolean;
  private started = false;
  // No more sends, from either end, once either end closed.
  private sendClosed = false;
  // onclose has fired here; nothing is delivered any more.
  private finished = false;
  private inbox: unknown[] = [];
  private inboxHead = 0;
  // The peer closed: deliver what is in the inbox, then fire onclose.
  private closePending = false;
  private flushScheduled = false;

  /** Use {@link createInMemoryPair}. */
  constructor(options: InMemoryPairOptions = {}) {
    this.clone = options.clone ?? true;
  }

  /** Links two transports. */
  static link(a: InMemoryTransport, b: InMemoryTransport): void {
    a.peer = b;
    b.peer = a;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('InMemoryTransport already started');
    this.started = true;
    this.scheduleFlush();
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.sendClosed) throw new ConnectionClosedError();
    const payload: unknown = this.clone ? JSON.parse(JSON.stringify(message)) : message;
    this.peer.deliver(payload);
  }

  async close(): Promise<void> {
    // Closed by the peer, with its close not yet delivered: stop now, dropping the rest.
    if (this.sendClosed) {
      this.finish();
      return;
    }
    this.sendClosed = true;
    this.peer.sendClosed = true;
    // What the peer sent us is dropped; what we sent the peer still arrives, then its close.
    this.peer.closePending = true;
    this.peer.scheduleFlush();
    this.finish();
  }

  private deliver(message: unknown): void {
    if (this.finished) return;
    this.inbox.push(message);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.finished) return;
    this.flushScheduled = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    // A transport not started yet keeps its messages until it is, unless the peer closed.
    if (this.started) {
      while (!this.finished && this.inboxHead < this.inbox.length) {
        const message = this.inbox[this.inboxHead++];
        try {
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        }
      }
      this.inbox = [];
      this.inboxHead = 0;
    }
    if (this.closePending) this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.inbox = [];
    this.onclose?.();
  }
}

/**
 * Two linked transports: what one sends, the other receives. Closing either closes both
 * (`onclose` fires once on each); a send after that rejects with {@link ConnectionClosedError}.
 */
export function createInMemoryPair(options: InMemoryPairOptions = {}): [InMemoryTransport, InMemoryTransport] {
  const a = new InMemoryTransport(options);
  const b = new InMemoryTransport(options);
  InMemoryTransport.link(a, b);
  return [a, b];
}
