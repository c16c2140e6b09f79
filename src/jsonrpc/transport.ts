/**
 * The transport contract: a transport moves JSON-RPC messages and nothing more. It sits at the
 * base, beside the connection that drives it, so that every layer above can name it.
 * @module
 */
import type { JsonRpcMessage, RequestId } from './message.js';

/** Hints a transport may use to route a message; transports with one channel ignore them. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (a progress or log notification, or a request
   * to the client, made while handling it). HTTP sends it on that request's response stream.
   */
  relatedRequestId?: RequestId;
}

/**
 * A bidirectional channel of JSON-RPC messages.
 *
 * `start(receiver)` begins delivery: from then on the transport reports everything it hears
 * to `receiver`, which is the connection above it. Inbound values are already-parsed JSON (an
 * object, or an array for a batch) that the connection validates; a transport that parses text
 * answers unparseable input itself (-32700), since only it knows the input was not JSON.
 *
 * Anything else a particular transport offers (a child's `pid`, an HTTP session id) is its own
 * member; the abilities other layers look for are named interfaces in
 * `protocol/transport-abilities.ts`.
 */
export interface Transport {
  /** Begins delivering inbound messages to `receiver`. Called once; rejects if the transport cannot start. */
  start(receiver: TransportReceiver): Promise<void>;
  /** Sends one message, or a batch of responses. Rejects if the transport is closed. */
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void>;
  /** Closes the transport; the receiver's `onTransportClose` is called once, whoever closed it. */
  close(): Promise<void>;
}

/**
 * What a transport already learned about an inbound message while reading it, handed on with
 * the message so that the layer reading it next need not work it out again. The connection
 * passes it through untouched; the protocol layer knows what each member holds.
 */
export interface MessageInfo {
  /** The checked envelope of a modern request: an HTTP endpoint checks it before it serves. */
  readonly envelope?: object;
  /**
   * Who the access token the message came with speaks for (an `AuthInfo`): an HTTP endpoint
   * that checks tokens verified it before it delivered the message.
   */
  readonly auth?: object;
  /**
   * Which client the message came from, as an HTTP endpoint's `clientKey` option names the
   * request that carried it (by default its network address): a key for limits kept per client.
   */
  readonly clientKey?: string;
}

/**
 * What a transport reports to: one object rather than callbacks set on the transport, so a
 * connection costs no closures (which counts where thousands stay open, as HTTP sessions do).
 */
export interface TransportReceiver {
  /**
   * An inbound JSON value: a message, a batch (array), or something malformed to be answered;
   * `info` is what the transport learned of it while reading, if anything.
   */
  onTransportMessage(message: unknown, info?: MessageInfo): void;
  /** A problem that does not end the transport (an unparseable line, a write error). */
  onTransportError(error: Error): void;
  /**
   * The peer will send nothing more, but `send` still works (stdin reached its end while
   * stdout is open). The connection then finishes what is in flight and closes. For a receiver
   * without it, the transport treats the end of input as a close.
   */
  onTransportEnd?(): void;
  /** The transport ended. `error` says why when it was not a requested close. */
  onTransportClose(error?: Error): void;
  /**
   * A request this side sent is held up on its way, by this side (its user is authorizing it):
   * its time limit stops while `held`, and starts afresh when it is released.
   */
  onTransportHold?(id: RequestId, held: boolean): void;
}
