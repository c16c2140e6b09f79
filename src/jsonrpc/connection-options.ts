/**
 * What a connection (`Connection`) is made with and asked for: the handlers the layer above gives it,
 * its options, and the options of one request.
 * @module
 */
import type { Clock } from './clock.js';
import type { ConnectionClosedError, JsonRpcError, UnserializableMessageError } from './errors.js';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from './message.js';
import type { MessageInfo } from './transport.js';

/**
 * What the layer above does with what the connection hears. One object may serve many
 * connections: each call names the connection's `owner` (the session above it), so a server
 * with thousands of connections holds one set of handlers, not a set each.
 */
export interface ConnectionHandlers<Owner> {
  /**
   * Answers a request (`batched`: it arrived inside a batch) with a result object, or throws a
   * `JsonRpcError`; any other throw is -32603. `info` is what the transport learned reading it.
   */
  onRequest(owner: Owner, request: JsonRpcRequest, batched: boolean, info: MessageInfo | undefined): unknown;
  onNotification(owner: Owner, notification: JsonRpcNotification): void;
  /** One of our requests was given up (timeout or abort) while the peer may still be working on it. */
  onAbandon?(owner: Owner, id: RequestId, method: string, reason: unknown): void;
  /**
   * The error a request rejects with when the peer answers with an error, or with a response
   * that breaks JSON-RPC: lets the layer above give the peer's errors a class of its own.
   * Default: a `JsonRpcError`.
   */
  peerError?(code: number, message: string, data: unknown): JsonRpcError;
  /** Whether an inbound batch is acceptable now. Without it, batches are rejected. */
  acceptBatch?(owner: Owner): boolean;
  /** A problem that does not end the connection: dropped responses, handler crashes, transport errors. */
  onError?(owner: Owner, error: Error): void;
  /** The connection ended; every pending request has already been rejected with `error`. */
  onClose?(owner: Owner, error: ConnectionClosedError): void;
  /**
   * The peer ended its input; requests still being handled get to finish before the connection
   * closes. Long-lived ones (a subscription stream) should end now rather than hold it open.
   */
  onInputEnd?(owner: Owner): void;
  /**
   * A request's handler failed with something other than a `JsonRpcError`, or its answer could
   * not be written (an `UnserializableMessageError`): a bug on this side, answered -32603 with
   * nothing internal in it beyond why the answer could not be written. Default: the error goes
   * to `onError`.
   */
  onRequestFailure?(owner: Owner, request: JsonRpcRequest, error: unknown): void;
  /**
   * A notification of this side could not be written (an `UnserializableMessageError`): a bug
   * on this side, where `onError` hears of the peer's mistakes and the channel's. Its caller's
   * promise rejects too. Default: the error goes to `onError`.
   */
  onSendFailure?(owner: Owner, error: UnserializableMessageError): void;
}

/**
 * What a request may be cancelled by besides a signal: the peer's request it is made for (a
 * gateway passes the context of the call it forwards), at no cost until it is cancelled, where
 * an `AbortSignal` costs its making and its listener on every request.
 */
export interface CancelSource {
  /** Calls `listener` once when cancelled (soon after, if it already is); returns what stops listening. */
  onCancel(listener: (reason: unknown) => void): () => void;
}

export interface RequestOptions {
  /** Aborting rejects the request with the signal's reason and abandons it. */
  signal?: AbortSignal;
  /** Cancelling rejects the request with the reason and abandons it, as `signal` does. */
  cancelWith?: CancelSource;
  /**
   * Time without a response (or without a `resetTimeout`) before the request fails. Default
   * 60 s. `Infinity` waits as long as the connection lasts (a long-lived stream of notifications).
   */
  timeoutMs?: number;
  /**
   * Upper bound on the whole request, however often the timeout is reset. Default: no bound beyond
   * `timeoutMs` resets.
   */
  maxTotalTimeoutMs?: number;
  /** Use this id instead of allocating one (it must come from `allocateId`). */
  id?: RequestId;
  /** The inbound request this one is made on behalf of; transports may route by it. */
  relatedRequestId?: RequestId;
}

export interface ConnectionOptions {
  defaultTimeoutMs?: number;
  clock?: Clock;
  /**
   * After the peer's input ends, how long requests still being handled may take to finish
   * before the connection closes anyway (aborting them). Default 10 s.
   */
  drainTimeoutMs?: number;
  /**
   * Ids of the requests this side sends are strings starting with it (`<prefix>1`, ...) rather
   * than numbers: a process of a fleet names itself, so answers reaching another process can
   * be sent on to it.
   */
  idPrefix?: string;
}
