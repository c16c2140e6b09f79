// A transport driven by the test: it records what is sent and injects what is received.
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import type { Transport, TransportReceiver } from '../../src/jsonrpc/transport.js';

export class ScriptedTransport implements Transport {
  readonly sent: unknown[] = [];
  #receiver: TransportReceiver | undefined;
  #waiters: (() => void)[] = [];
  closed = false;

  async start(receiver: TransportReceiver): Promise<void> {
    this.#receiver = receiver;
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed) throw new Error('closed');
    this.sent.push(message);
    for (const w of this.#waiters.splice(0)) w();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.#receiver?.onTransportClose();
  }

  /** Delivers a value as if it arrived from the peer. */
  receive(value: unknown): void {
    this.#receiver?.onTransportMessage(value);
  }

  /** Ends the transport from the peer's side. */
  drop(error?: Error): void {
    this.closed = true;
    this.#receiver?.onTransportClose(error);
  }

  /**
   * Answers the first message sent, a client's `server/discover`, as a server of 2026-07-28
   * alone: a complete result with `result`'s members too.
   */
  async answerDiscover(result: Record<string, unknown>): Promise<void> {
    await this.waitForSent(1);
    const discover = this.sent[0] as { id: unknown };
    this.receive({
      jsonrpc: '2.0',
      id: discover.id,
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'], ...result },
    });
  }

  /** Resolves once at least `count` messages have been sent. */
  async waitForSent(count: number): Promise<void> {
    while (this.sent.length < count) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}
