/**
 * A JSON-RPC transport over `postMessage` between two windows: a view and its host (or the
 * host's sandbox proxy). Only messages whose `source` is the peer's window (and, when the
 * peer's origin is known, whose `origin` is it) are taken; anything else posted to this
 * window (another frame, an extension, the page itself) is ignored.
 * @module
 */
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import type { Transport, TransportReceiver } from '../jsonrpc/transport.js';

/** What the transport needs of a window: to post to the peer, and to hear messages. */
export interface PostMessagePeer {
  /** The peer's window (`window.parent` for a view, the frame's `contentWindow` for a host). */
  readonly target: {
    /** Sends `message` to the peer, if its page is of `targetOrigin` (`*`: any). */
    postMessage(message: unknown, targetOrigin: string): void;
  };
  /** The window messages arrive on: this one. */
  readonly listenOn: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The origin messages are posted to; `*` when the peer's origin is opaque (a sandboxed frame). */
  readonly targetOrigin?: string;
}

export class PostMessageTransport implements Transport {
  readonly #peer: PostMessagePeer;
  #receiver: TransportReceiver | undefined;
  readonly #listener = (event: Event) => {
    const { source, origin, data } = event as MessageEvent;
    if (source !== this.#peer.target) return;
    // A frame's window stays the same object when the frame navigates: the origin tells whose page it holds.
    const expected = this.#peer.targetOrigin;
    if (expected !== undefined && expected !== '*' && origin !== expected) return;
    this.#receiver?.onTransportMessage(data);
  };

  constructor(peer: PostMessagePeer) {
    this.#peer = peer;
  }

  async start(receiver: TransportReceiver): Promise<void> {
    this.#receiver = receiver;
    this.#peer.listenOn.addEventListener('message', this.#listener);
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#receiver === undefined) throw new Error('the transport is closed');
    this.#peer.target.postMessage(message, this.#peer.targetOrigin ?? '*');
  }

  async close(): Promise<void> {
    const receiver = this.#receiver;
    if (receiver === undefined) return;
    this.#receiver = undefined;
    this.#peer.listenOn.removeEventListener('message', this.#listener);
    receiver.onTransportClose();
  }
}
