/**
 * The transport contract: a transport moves JSON-RPC messages and nothing more.
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../jsonrpc/message.js';

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
 * Inbound values are already-parsed JSON (an object, or an array for a batch) that the
 * connection above validates; a transport that parses text answers unparseable input itself
 * (-32700), since only it knows the input was not JSON. The callbacks are set by the
 * connection before `start()` is called.
 */
export interface Transport {
  /** Begins delivering inbound messages. Called once. */
  start(): Promise<void>;
  /** Sends one message, or a batch of responses. Rejects if the transport is closed. */
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void>;
  /** Closes the transport; `onclose` fires once, whoever closed it. */
  close(): Promise<void>;

  /** An inbound JSON value: a message, a batch (array), or something malformed to be answered. */
  onmessage?: (message: unknown) => void;
  /** A problem that does not end the transport (an unparseable line, a write error). */
  onerror?: (error: Error) => void;
  /**
   * The peer will send nothing more, but `send` still works (stdin reached its end while
   * stdout is open). The connection then finishes what is in flight and closes. A transport
   * that sees no handler here treats the end of input as a close.
   */
  onend?: () => void;
  /** The transport ended. `error` says why when it was not a requested close. */
  onclose?: (error?: Error) => void;

  /**
   * Optional: takes the receiver of everything above as one object, instead of the four
   * callbacks (the connection then sets none of them). Saves every connection four closures,
   * which counts where thousands of connections stay open, as HTTP sessions do.
   */
  attach?(receiver: TransportReceiver): void;
}

/** What {@link Transport.attach} hands over: the callbacks, as methods of one object. */
export interface TransportReceiver {
  onTransportMessage(message: unknown): void;
  onTransportError(error: Error): void;
  onTransportEnd(): void;
  onTransportClose(error?: Error): void;
}
