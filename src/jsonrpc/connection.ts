/**
 * A JSON-RPC 2.0 connection over a transport: id allocation, response correlation,
 * timeouts, inbound validation and batches. Knows nothing of MCP; the layer above supplies
 * handlers and hears about abandoned requests so it can tell the peer.
 * @module
 */
import type { MessageInfo, SendOptions, Transport, TransportReceiver } from './transport.js';
import { errorResponse, serializationFailure } from './codec.js';
import {
  ConnectionClosedError,
  ErrorCode,
  JsonRpcError,
  RequestTimeoutError,
  UnserializableMessageError,
} from './errors.js';
import {
  isObject,
  isRequestId,
  type JsonRpcErrorResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from './message.js';
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import type { ConnectionHandlers, ConnectionOptions, RequestOptions } from './connection-options.js';

export type { CancelSource, ConnectionHandlers, ConnectionOptions, RequestOptions } from './connection-options.js';

/** Returned by a request handler to send no response at all (the request was cancelled). */
export const NO_RESPONSE: unique symbol = Symbol('mcpkit.noResponse');

interface Pending {
  method: string;
  resolve(result: Record<string, unknown>): void;
  reject(error: unknown): void;
  timeoutMs: number;
  /** The bound on the whole request (`maxTotalTimeoutMs`), however often its timeout is reset. */
  deadline: number;
  /** When its current timeout runs out: the earlier of the last (re)start plus `timeoutMs`, and `deadline`. */
  expiresAt: number;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  /** Stops listening to the request's `cancelWith`. */
  offCancel: (() => void) | undefined;
}

/** The connection's one timer, set for the earliest moment a pending request may time out. */
interface Alarm {
  timer: TimerHandle;
  at: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

// The phases of a connection (`#phase`), in the only order it goes through them: one small
// integer rather than a flag each, since every HTTP session holds a connection.
/** Messages flow both ways. */
const OPEN = 0;
/** The peer ended its input: requests being handled finish and are answered, then it closes. */
const DRAINING = 1;
/** This side is closing its transport: a send failing now is the close, not a failed send. */
const CLOSING = 2;
type Phase = typeof OPEN | typeof DRAINING | typeof CLOSING;

export class Connection<Owner = undefined> implements TransportReceiver {
  readonly #transport: Transport;
  readonly #handlers: ConnectionHandlers<Owner>;
  /** What the handlers are told they act for. */
  readonly #owner: Owner;
  /** Kept as given (the layer above shares one object among its connections); read with defaults. */
  readonly #options: ConnectionOptions;
  // Created on first use: an idle connection (an HTTP session between requests) holds nothing.
  #pending: Map<RequestId, Pending> | undefined;
  #inbound: Set<RequestId> | undefined;
  #nextId = 1;
  #closed: ConnectionClosedError | undefined;
  #alarm: Alarm | undefined;
  /** Inbound requests (or batches) whose response has not been handed to the transport yet. */
  #busy = 0;
  /** How far it is on its way to closed; once closed, `#closed` holds why. */
  #phase: Phase = OPEN;

  constructor(
    transport: Transport,
    handlers: ConnectionHandlers<Owner>,
    owner: Owner,
    options: ConnectionOptions = {},
  ) {
    this.#transport = transport;
    this.#handlers = handlers;
    this.#owner = owner;
    this.#options = options;
  }

  /** For the transport: an inbound JSON value, and what the transport learned reading it. */
  onTransportMessage(value: unknown, info?: MessageInfo): void {
    this.#receive(value, info);
  }

  /** For the transport: a problem that does not end it. */
  onTransportError(error: Error): void {
    this.#handlers.onError?.(this.#owner, error);
  }

  /** For the transport: the peer's input ended. */
  onTransportEnd(): void {
    this.#onInputEnd();
  }

  /** For the transport: it ended. */
  onTransportClose(error?: Error): void {
    this.#onTransportClose(error);
  }

  #clock(): Clock {
    return this.#options.clock ?? systemClock;
  }

  /** Starts the transport, which reports to this connection from then on. */
  start(): Promise<void> {
    return this.#transport.start(this);
  }

  get closed(): boolean {
    return this.#closed !== undefined;
  }

  /** The channel the connection drives. */
  get transport(): Transport {
    return this.#transport;
  }

  /** Ids are never reused within a connection, even after the request settles. */
  allocateId(): RequestId {
    const prefix = this.#options.idPrefix;
    return prefix === undefined ? this.#nextId++ : `${prefix}${this.#nextId++}`;
  }

  /** Sends a request and resolves with its result, or rejects with the peer's error. */
  request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions = {},
  ): Promise<Record<string, unknown>> {
    if (this.#closed) return Promise.reject(this.#closed);
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = options.id ?? this.allocateId();
    const timeoutMs = options.timeoutMs ?? this.#options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const now = this.#clock().now();
    const deadline = options.maxTotalTimeoutMs === undefined ? Infinity : now + options.maxTotalTimeoutMs;

    return new Promise((resolve, reject) => {
      const entry: Pending = {
        method,
        resolve,
        reject,
        timeoutMs,
        deadline,
        expiresAt: Infinity,
        signal,
        onAbort: undefined,
        offCancel: undefined,
      };
      (this.#pending ??= new Map()).set(id, entry);
      this.#arm(id, entry, now);
      if (signal) {
        entry.onAbort = () => this.#abandon(id, signal.reason);
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      const cancelWith = options.cancelWith;
      if (cancelWith) entry.offCancel = cancelWith.onCancel((reason) => this.#abandon(id, reason));
      const message: JsonRpcRequest =
        params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
      const sending =
        options.relatedRequestId === undefined
          ? this.#transport.send(message)
          : this.#transport.send(message, { relatedRequestId: options.relatedRequestId });
      sending.catch((error: unknown) => {
        // A send cut short by our own close is a closed connection, not a failed send: the
        // close rejects everything pending with one clear error.
        if (this.#phase === CLOSING) return;
        if (!this.#settle(id)) return;
        reject(error instanceof UnserializableMessageError ? unsent(error, `Request ${method}`) : error);
      });
    });
  }

  /** Restarts a pending request's timeout (on progress, say), within its total bound. */
  resetTimeout(id: RequestId): void {
    const entry = this.#pending?.get(id);
    if (!entry) return;
    this.#arm(id, entry, this.#clock().now());
  }

  /**
   * A request of ours is held up on this side (see `TransportReceiver.onTransportHold`): no
   * time runs against it until it is released, when its timeout starts afresh.
   */
  onTransportHold(id: RequestId, held: boolean): void {
    const entry = this.#pending?.get(id);
    if (!entry) return;
    // The alarm finds an entry that never expires and passes it by.
    if (held) entry.expiresAt = Infinity;
    else this.#arm(id, entry, this.#clock().now());
  }

  /** Whether a request of ours with this id is still awaiting its response. */
  isPending(id: RequestId): boolean {
    return this.#pending?.has(id) ?? false;
  }

  /**
   * Sends a notification; rejects when it cannot be sent. One JSON cannot write is reported
   * (`onSendFailure`) as well, since callers often drop a notification's failure.
   */
  notify(method: string, params?: Record<string, unknown>, options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(this.#closed);
    const message: JsonRpcNotification =
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    const sending = options === undefined ? this.#transport.send(message) : this.#transport.send(message, options);
    return sending.catch((error: unknown) => {
      if (!(error instanceof UnserializableMessageError)) throw error;
      const failure = unsent(error, `Notification ${method}`);
      if (this.#handlers.onSendFailure) this.#handlers.onSendFailure(this.#owner, failure);
      else this.#reportError(failure);
      throw failure;
    });
  }

  /** Sends a message as is (a transport-level reply, for instance). */
  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closed) return Promise.reject(this.#closed);
    return this.#transport.send(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#phase = CLOSING;
    await this.#transport.close();
    // A transport that failed to report its close still leaves nothing pending.
    this.#onTransportClose();
  }

  /**
   * (Re)starts a request's timeout. One timer serves every request of the connection, set for
   * the earliest expiry: a timer per request costs more than the request on a fast peer.
   */
  #arm(id: RequestId, entry: Pending, now: number): void {
    entry.expiresAt = Math.min(now + entry.timeoutMs, entry.deadline);
    if (entry.expiresAt <= now) this.#timeout(id, entry);
    else this.#alarmBy(entry.expiresAt);
  }

  #alarmBy(at: number): void {
    if (at === Infinity || (this.#alarm !== undefined && this.#alarm.at <= at)) return;
    const clock = this.#clock();
    if (this.#alarm !== undefined) clock.clearTimeout(this.#alarm.timer);
    this.#alarm = { at, timer: clock.setTimeout(() => this.#onAlarm(), Math.max(0, at - clock.now())) };
  }

  /** Times out what has expired, then sets the timer for the next expiry, if anything waits. */
  #onAlarm(): void {
    this.#alarm = undefined;
    const now = this.#clock().now();
    let next = Infinity;
    for (const [id, entry] of [...(this.#pending ?? [])]) {
      if (entry.expiresAt <= now) this.#timeout(id, entry);
      else next = Math.min(next, entry.expiresAt);
    }
    if (!this.#closed) this.#alarmBy(next);
  }

  #timeout(id: RequestId, entry: Pending): void {
    const total = entry.deadline !== Infinity && entry.deadline <= this.#clock().now();
    const message = total
      ? `Request ${entry.method} (id ${id}) exceeded its maximum total time`
      : `Request ${entry.method} (id ${id}) timed out after ${entry.timeoutMs} ms`;
    this.#abandon(id, new RequestTimeoutError(message, { timeoutMs: entry.timeoutMs, method: entry.method }));
  }

  /** Gives up on a pending request: reject it locally and let the layer above tell the peer. */
  #abandon(id: RequestId, reason: unknown): void {
    const entry = this.#pending?.get(id);
    if (!entry || !this.#settle(id)) return;
    entry.reject(reason);
    if (!this.#closed) this.#handlers.onAbandon?.(this.#owner, id, entry.method, reason);
  }

  /** Removes a pending entry and its timer and abort listener; false when it was already gone. */
  #settle(id: RequestId): boolean {
    const entry = this.#pending?.get(id);
    if (!entry) return false;
    this.#pending?.delete(id);
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
    entry.offCancel?.();
    return true;
  }

  #onTransportClose(error?: Error): void {
    if (this.#closed) return;
    const closed =
      error instanceof ConnectionClosedError
        ? error
        : new ConnectionClosedError(error ? `Connection closed: ${error.message}` : 'Connection closed', undefined, {
            cause: error,
          });
    this.#closed = closed;
    if (this.#alarm !== undefined) {
      this.#clock().clearTimeout(this.#alarm.timer);
      this.#alarm = undefined;
    }
    for (const [id, entry] of [...(this.#pending ?? [])]) {
      this.#settle(id);
      entry.reject(closed);
    }
    this.#handlers.onClose?.(this.#owner, closed);
  }

  /**
   * The peer will send nothing more. Our pending requests can never be answered, so they fail
   * now; requests being handled get to finish and be answered, then the connection closes.
   */
  #onInputEnd(): void {
    if (this.#closed || this.#phase !== OPEN) return;
    this.#phase = DRAINING;
    const ended = new ConnectionClosedError('Connection closed: the peer ended its input');
    for (const [id, entry] of [...(this.#pending ?? [])]) {
      this.#settle(id);
      entry.reject(ended);
    }
    this.#handlers.onInputEnd?.(this.#owner);
    if (this.#busy === 0) {
      void this.close();
      return;
    }
    this.#clock().setTimeout(() => void this.close(), this.#options.drainTimeoutMs ?? 10_000);
  }

  #idle(): void {
    this.#busy--;
    if (this.#phase === DRAINING && this.#busy === 0) void this.close();
  }

  #receive(value: unknown, info: MessageInfo | undefined): void {
    if (this.#closed) return;
    if (Array.isArray(value)) {
      this.#receiveBatch(value, info);
      return;
    }
    const reply = this.#receiveOne(value, false, info);
    if (reply instanceof Promise) {
      this.#busy++;
      void reply.then((response) => response && this.#answer(response, value)).finally(() => this.#idle());
    } else if (reply) {
      void this.#answer(reply, value);
    }
  }

  #receiveBatch(items: unknown[], info: MessageInfo | undefined): void {
    if (items.length === 0) {
      void this.#sendQuietly(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: empty batch'));
      return;
    }
    if (!this.#handlers.acceptBatch?.(this.#owner)) {
      void this.#sendQuietly(
        errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: batches are not supported'),
      );
      return;
    }
    // What the transport learned of the batch (who sent it) holds for each of its items.
    const replies = items.map((item) => this.#receiveOne(item, true, info));
    this.#busy++;
    void Promise.all(replies)
      .then((responses) => {
        const batch = responses.filter((r): r is JsonRpcResponse => r !== undefined);
        if (batch.length > 0) return this.#answer(batch, items);
      })
      .finally(() => this.#idle());
  }

  /** Handles one message; returns the response to send for it, if any. */
  #receiveOne(
    value: unknown,
    batched: boolean,
    info: MessageInfo | undefined,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    if (!isObject(value) || value.jsonrpc !== '2.0') {
      return invalid(value, 'Invalid Request: not a JSON-RPC 2.0 message');
    }
    const method = value.method;
    if (method === undefined) {
      if ('result' in value || 'error' in value) {
        this.#receiveResponse(value);
        return undefined;
      }
      return invalid(value, 'Invalid Request: missing method');
    }
    if (typeof method !== 'string') return invalid(value, 'Invalid Request: method must be a string');
    const params = value.params;
    const hasId = 'id' in value;
    if (hasId && !isRequestId(value.id)) {
      return invalid(value, 'Invalid Request: id must be a string or a safe integer');
    }
    if (params !== undefined && !isObject(params)) {
      const message = 'Invalid params: params must be an object';
      return hasId ? errorResponse(value.id as RequestId, ErrorCode.InvalidParams, message) : undefined;
    }
    if (!hasId) {
      this.#dispatchNotification(value as unknown as JsonRpcNotification);
      return undefined;
    }
    return this.#dispatchRequest(value as unknown as JsonRpcRequest, batched, info);
  }

  #dispatchNotification(notification: JsonRpcNotification): void {
    try {
      this.#handlers.onNotification(this.#owner, notification);
    } catch (error) {
      this.#reportError(error);
    }
  }

  #dispatchRequest(
    request: JsonRpcRequest,
    batched: boolean,
    info: MessageInfo | undefined,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const id = request.id;
    if (this.#inbound?.has(id)) {
      return errorResponse(id, ErrorCode.InvalidRequest, `Invalid Request: id ${JSON.stringify(id)} is already in use`);
    }
    let outcome: unknown;
    try {
      outcome = this.#handlers.onRequest(this.#owner, request, batched, info);
    } catch (error) {
      return this.#errorFor(request, error);
    }
    if (!(outcome instanceof Promise)) return this.#resultFor(request, outcome);
    (this.#inbound ??= new Set()).add(id);
    return outcome.then(
      (result) => {
        this.#inbound!.delete(id);
        return this.#resultFor(request, result);
      },
      (error: unknown) => {
        this.#inbound!.delete(id);
        return this.#errorFor(request, error);
      },
    );
  }

  #resultFor(request: JsonRpcRequest, result: unknown): JsonRpcResponse | undefined {
    if (result === NO_RESPONSE || this.#closed) return undefined;
    if (!isObject(result)) {
      return this.#errorFor(request, new TypeError(`handler returned ${typeof result} instead of a result object`));
    }
    return { jsonrpc: '2.0', id: request.id, result };
  }

  #errorFor(request: JsonRpcRequest, error: unknown): JsonRpcErrorResponse | undefined {
    if (this.#closed) return undefined;
    const id = request.id;
    if (error instanceof JsonRpcError) return { jsonrpc: '2.0', id, error: error.toJSON() };
    // Anything else is a bug on this side: report it locally, tell the peer nothing internal.
    if (this.#handlers.onRequestFailure) this.#handlers.onRequestFailure(this.#owner, request, error);
    else this.#reportError(error);
    return errorResponse(id, ErrorCode.InternalError, 'Internal error');
  }

  #receiveResponse(value: Record<string, unknown>): void {
    const id = value.id;
    const entry = isRequestId(id) ? this.#pending?.get(id) : undefined;
    if (!entry) {
      // Late (after a timeout or cancel), duplicated, or never asked for: nothing waits for it.
      this.#handlers.onError?.(
        this.#owner,
        new Error(`Dropped a response to unknown request id ${JSON.stringify(id)}`),
      );
      return;
    }
    const rid = id as RequestId;
    if ('error' in value) {
      const error = value.error;
      this.#settle(rid);
      if (isObject(error) && typeof error.code === 'number' && typeof error.message === 'string') {
        entry.reject(this.#peerError(error.code, error.message, error.data));
      } else {
        entry.reject(this.#peerError(ErrorCode.InternalError, 'Malformed error response', value.error));
      }
      return;
    }
    if (!isObject(value.result)) {
      this.#settle(rid);
      entry.reject(
        this.#peerError(ErrorCode.InvalidRequest, 'Malformed response: result must be an object', value.result),
      );
      return;
    }
    this.#settle(rid);
    entry.resolve(value.result);
  }

  #peerError(code: number, message: string, data: unknown): JsonRpcError {
    return this.#handlers.peerError?.(code, message, data) ?? new JsonRpcError(code, message, data);
  }

  /**
   * Sends the answer to an inbound message (`inbound`: the request, or the batch's items). An
   * answer JSON cannot write (too deep, a cycle, a BigInt) is sent as -32603 with its id instead,
   * and reported as its request's failure: no request is left unanswered. Any other failure to
   * send is reported, never thrown. Resolves once handed over.
   */
  #answer(answer: JsonRpcResponse | JsonRpcResponse[], inbound: unknown): Promise<void> | undefined {
    if (this.#closed) return undefined;
    return this.#transport.send(answer).catch((error: unknown) => {
      if (!(error instanceof UnserializableMessageError)) return this.#reportError(error);
      return this.#sendQuietly(this.#writable(answer, inbound, error));
    });
  }

  /** `answer` with each response that cannot be written replaced by its -32603. */
  #writable(
    answer: JsonRpcResponse | JsonRpcResponse[],
    inbound: unknown,
    error: UnserializableMessageError,
  ): JsonRpcResponse | JsonRpcResponse[] {
    if (!Array.isArray(answer)) return this.#unwritable(answer, requestOf(inbound, answer.id), error);
    // Which ones cannot be written is learned by writing each, as deep as the batch holds it:
    // this costs a second writing only once the batch failed.
    const items = Array.isArray(inbound) ? inbound : [];
    return answer.map((response) => {
      const failure = serializationFailure([response]);
      if (failure === undefined) return response;
      const request = items.map((item) => requestOf(item, response.id)).find((r) => r !== undefined);
      return this.#unwritable(response, request, failure);
    });
  }

  /** The -32603 sent in place of `response`, its failure reported. */
  #unwritable(
    response: JsonRpcResponse,
    request: JsonRpcRequest | undefined,
    error: UnserializableMessageError,
  ): JsonRpcErrorResponse {
    const what = 'error' in response ? 'error' : 'result';
    const failure = new UnserializableMessageError(
      `the ${what} could not be serialized: ${error.reason}`,
      error.reason,
      { cause: error.cause },
    );
    if (request && this.#handlers.onRequestFailure) this.#handlers.onRequestFailure(this.#owner, request, failure);
    else this.#reportError(failure);
    return errorResponse(response.id, ErrorCode.InternalError, `Internal error: ${failure.message}`);
  }

  /** Sends a reply; a failure to send is reported, never thrown. Resolves once handed over. */
  #sendQuietly(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> | undefined {
    if (this.#closed) return undefined;
    return this.#transport.send(message).catch((error: unknown) => this.#reportError(error));
  }

  #reportError(error: unknown): void {
    this.#handlers.onError?.(this.#owner, error instanceof Error ? error : new Error(String(error)));
  }
}

/** `value` when it is the request `id` answers (an item of a batch, say). */
function requestOf(value: unknown, id: RequestId | null): JsonRpcRequest | undefined {
  return isObject(value) && value.id === id && typeof value.method === 'string'
    ? (value as unknown as JsonRpcRequest)
    : undefined;
}

/** What a caller is told of a message of theirs JSON could not write: what was not sent, and why. */
function unsent(error: UnserializableMessageError, what: string): UnserializableMessageError {
  return new UnserializableMessageError(
    `${what} could not be sent: its params could not be serialized: ${error.reason}`,
    error.reason,
    { cause: error.cause },
  );
}

function invalid(value: unknown, message: string): JsonRpcErrorResponse {
  const id = isObject(value) && isRequestId(value.id) ? value.id : null;
  return errorResponse(id, ErrorCode.InvalidRequest, message);
}
