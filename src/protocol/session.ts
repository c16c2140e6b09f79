/**
 * One logical connection between a client and a server, as the code that holds it sees it:
 * requests and notifications to the peer, the negotiated revision, and the close. Everything
 * else a session does (answering the peer through the method table, capability checks both
 * ways, cancellation and progress, the gate that keeps a legacy session closed until
 * initialize) is done by one set of connection handlers shared by every session, and by
 * functions of this module that the library's own layers call; none of it is a member a
 * caller can reach.
 * @module
 */
import { Connection, NO_RESPONSE, type ConnectionHandlers, type RequestOptions } from '../jsonrpc/connection.js';
import type { Clock } from '../jsonrpc/clock.js';
import { ErrorCode, type ConnectionClosedError } from '../jsonrpc/errors.js';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/message.js';
import type { MessageInfo, SendOptions, Transport } from '../jsonrpc/transport.js';
import { admit, admitLegacyRequest, checkOutbound, peerOf, type Role } from './admission.js';
import { McpError, methodNotFound } from './errors.js';
import type { ModernServing } from './modern-serving.js';
import { modernVersionOf, type RequestEnvelope } from './modern.js';
import {
  requestContextAccess,
  CancelledByPeerError,
  RequestCancelledError,
  RequestContext,
} from './request-context.js';
import { withMeta, type RequestStamp } from './request-stamp.js';
import { installedTelemetry, type Operation, type Telemetry } from './telemetry.js';
import { validateNotificationParams, validateRequestParams, validateResult } from './message-checks.js';

export type { Role };

export type RequestHandler<Ctx extends RequestContext = RequestContext> = (
  params: Record<string, unknown>,
  ctx: Ctx,
) => unknown;
export type NotificationHandler = (params: Record<string, unknown>, session: Session) => void;

/** Where a session finds the handlers for what its peer sends; shared by every session of a server. */
export interface HandlerTable {
  request(method: string): RequestHandler | undefined;
  notification?(method: string): NotificationHandler | undefined;
}

/** The other side, as initialization (or a modern client's probe) made it known. */
export interface PeerInfo {
  version: string;
  capabilities: Record<string, unknown>;
  info: Record<string, unknown> | undefined;
}

/**
 * How sessions behave. A server shares one object among all its sessions; a client makes one
 * per session, since its `stamp` is the session's own.
 */
export interface SessionOptions {
  role: Role;
  handlers: HandlerTable;
  defaultTimeoutMs?: number;
  /** See `ConnectionOptions.drainTimeoutMs`. */
  drainTimeoutMs?: number;
  /** See `ConnectionOptions.idPrefix`. */
  idPrefix?: string;
  clock?: Clock;
  /**
   * Builds the context handlers receive; lets a role add its own helpers. `info` is what the
   * transport learned of the request (who its token speaks for, which client sent it).
   */
  createContext?: (
    session: Session,
    request: JsonRpcRequest,
    version: string,
    envelope: RequestEnvelope | undefined,
    info: MessageInfo | undefined,
  ) => RequestContext;
  onError?: (error: Error) => void;
  onClose?: (session: Session, error: ConnectionClosedError) => void;
  /** The peer ended its input: requests in flight are finishing, then the session closes. */
  onInputEnd?: (session: Session) => void;
  /** Sees every error a request of this side fails with, before its caller does. */
  onRequestError?: (error: unknown) => void;
  /**
   * A handler of the peer's request failed with something other than a JSON-RPC error, or its
   * result could not be written (the peer was answered -32603). Default: `onError`.
   */
  onRequestFailure?: (request: JsonRpcRequest, error: unknown) => void;
  /**
   * A notification this side sent could not be written (JSON cannot write its params): a bug
   * on this side. Its caller's promise rejects too. Default: `onError`.
   */
  onSendFailure?: (error: Error) => void;
  /** A server's: serve requests that carry their revision in `_meta` beside the handshake, on the same connection. */
  modern?: ModernServing;
  /** A client's: the envelope each request carries once the session is modern. */
  stamp?: RequestStamp;
  /** What records the session's messages; `false` records nothing. Default: what `installTelemetry` set. */
  telemetry?: Telemetry | false;
}

/**
 * The options of one request: its timeout and signal, and what to do with the progress the server
 * reports.
 */
export interface SendRequestOptions extends RequestOptions {
  /** Called for each `notifications/progress` the peer sends about this request. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Restart the timeout whenever progress arrives (bounded by `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean;
}

interface ProgressListener {
  id: RequestId;
  onprogress: NonNullable<SendRequestOptions['onprogress']>;
  reset: boolean;
}

/**
 * The library's own access to a session, given out by the class below (only its body can reach
 * `#` members): other modules of the library call `sessionAccess.startSession(session)` and the
 * like. Not part of the published API.
 * @internal
 */
export interface SessionAccess {
  /** Starts the session's transport. */
  startSession: (session: Session) => Promise<void>;
  /**
   * Records the outcome of initialization (or of a modern client's probe); from here on messages are
   * judged by `peer.version`.
   */
  establish: (session: Session, peer: PeerInfo) => void;
  /** What this side declared it can do. */
  declaredCapabilities: (session: Session) => Record<string, unknown>;
  /** The capabilities the peer declared, once known. */
  peerCapabilities: (session: Session) => Record<string, unknown> | undefined;
  /** The identity the peer gave, once known. */
  peerInfo: (session: Session) => Record<string, unknown> | undefined;
  /** Whether a request of the peer with this id is being handled (until its handler settles). */
  isServing: (session: Session, id: RequestId) => boolean;
  /** An id for a request of this side that the caller needs before sending it. */
  allocateId: (session: Session) => RequestId;
  /** Starts stamping every later request of a client session with `meta` (its server is modern). */
  stampRequests: (session: Session, meta: Record<string, unknown>) => void;
  /** Adds `key: value` to the stamp of every later request of a modern client session (a log level). */
  stampMember: (session: Session, key: string, value: unknown) => void;
  /**
   * Sends a notification without judging it by the session's revision: a `subscriptions/listen`
   * stream's messages belong to the revision of its request, whatever a handshake on the same
   * connection negotiated.
   */
  notifyUnchecked: (
    session: Session,
    method: string,
    params: Record<string, unknown>,
    options: SendOptions,
  ) => Promise<void>;
}

/** @internal */
export const sessionAccess: SessionAccess = {} as SessionAccess;

/** What every session's connection reports to (see `ConnectionHandlers`): one object for all of them. */
let RECEIVER: ConnectionHandlers<Session>;

export class Session {
  // Few fields, most set only when used: a server may hold thousands of sessions.
  readonly #connection: Connection<Session>;
  readonly #declared: Record<string, unknown>;
  readonly #options: SessionOptions;
  /**
   * The revision messages are judged by: the negotiated one, or else the modern revision of
   * the last modern request served (such a peer gets nothing its revision lacks).
   */
  #revision: string | undefined;
  // What initialization learned of the peer: present once the session is established.
  #peerCapabilities: Record<string, unknown> | undefined;
  #peerInfo: Record<string, unknown> | undefined;
  /** The peer's requests whose handlers have not settled. */
  #inflight: Map<RequestId, RequestContext> | undefined;
  /** Listeners of progress on this side's requests, by progress token. */
  #progress: Map<string | number, ProgressListener> | undefined;
  /** `finished`, made on first use or at the close. */
  #finished: { promise: Promise<ConnectionClosedError>; resolve: (error: ConnectionClosedError) => void } | undefined;

  constructor(transport: Transport, declared: Record<string, unknown>, options: SessionOptions) {
    this.#declared = declared;
    this.#options = options;
    this.#connection = new Connection(transport, RECEIVER, this, options);
  }

  /** The negotiated protocol revision, once initialization is done. */
  get protocolVersion(): string | undefined {
    return this.#peerCapabilities === undefined ? undefined : this.#revision;
  }

  /** Whether the session has ended: closed by either side or by its transport. */
  get closed(): boolean {
    return this.#connection.closed;
  }

  /** Resolves with the reason once the connection has closed. */
  get finished(): Promise<ConnectionClosedError> {
    if (this.#finished === undefined) {
      let resolve!: (error: ConnectionClosedError) => void;
      const promise = new Promise<ConnectionClosedError>((r) => (resolve = r));
      this.#finished = { promise, resolve };
    }
    return this.#finished.promise;
  }

  /**
   * Ends the session: its connection and transport are closed, and requests still waiting fail.
   */
  close(): Promise<void> {
    return this.#connection.close();
  }

  /**
   * Sends a request to the peer. Fails locally, without sending, when the method does not
   * exist in the negotiated revision or the peer did not declare the capability it needs.
   */
  request(
    method: string,
    params?: Record<string, unknown>,
    options: SendRequestOptions = {},
  ): Promise<Record<string, unknown>> {
    const revision = this.#revision;
    if (revision !== undefined) {
      try {
        checkOutbound(method, 'request', revision, this.#options.role, this.#peerCapabilities);
      } catch (error) {
        return Promise.reject(error as Error); // checkOutbound throws only errors of its own
      }
    }
    const stamp = this.#options.stamp;
    if (stamp !== undefined) params = stamp.apply(params);
    const telemetry = this.#telemetry();
    if (telemetry !== undefined) return this.#recordedRequest(telemetry, method, params, options);
    return this.#send(method, params, options);
  }

  #send(
    method: string,
    params: Record<string, unknown> | undefined,
    options: SendRequestOptions,
  ): Promise<Record<string, unknown>> {
    if (options.onprogress) return this.#requestWithProgress(method, params, options, options.onprogress);
    // One promise on top of the connection's: this runs for every request a client makes.
    const onError = this.#options.onRequestError;
    return this.#connection.request(method, params, options).then(
      (result) => checkResult(method, result),
      onError &&
        ((error: unknown) => {
          onError(error);
          throw error;
        }),
    );
  }

  /**
   * A request offered to telemetry. Its id is chosen only once telemetry records it, for the
   * record to name it: one that declines costs nothing more.
   */
  #recordedRequest(
    telemetry: Telemetry,
    method: string,
    params: Record<string, unknown> | undefined,
    options: SendRequestOptions,
  ): Promise<Record<string, unknown>> {
    const operation = this.#operation(method, params, undefined);
    const recording = telemetry.outbound(operation);
    if (recording === undefined) return this.#send(method, params, options);
    const id = options.id ?? this.#connection.allocateId();
    operation.id = id;
    const withId: SendRequestOptions = Object.assign({}, options);
    withId.id = id;
    const sent = recording.params;
    return recording.run(() => this.#send(method, sent, withId));
  }

  /** What telemetry is told of a message of this session. */
  #operation(method: string, params: Record<string, unknown> | undefined, id: RequestId | undefined): Operation {
    return { session: this, transport: this.#connection.transport, role: this.#options.role, method, params, id };
  }

  /** The telemetry this session's messages go to, if any. */
  #telemetry(): Telemetry | undefined {
    const own = this.#options.telemetry;
    return own === undefined ? installedTelemetry() : own === false ? undefined : own;
  }

  async #requestWithProgress(
    method: string,
    params: Record<string, unknown> | undefined,
    options: SendRequestOptions,
    onprogress: NonNullable<SendRequestOptions['onprogress']>,
  ): Promise<Record<string, unknown>> {
    const id = options.id ?? this.#connection.allocateId();
    const withToken = withMeta(params, { progressToken: id });
    (this.#progress ??= new Map()).set(id, { id, onprogress, reset: options.resetTimeoutOnProgress === true });
    try {
      return checkResult(method, await this.#connection.request(method, withToken, { ...options, id }));
    } catch (error) {
      this.#options.onRequestError?.(error);
      throw error;
    } finally {
      this.#progress?.delete(id);
    }
  }

  /**
   * Sends a notification; fails locally when the method does not exist in the negotiated
   * revision. `relatedRequestId` ties it to the inbound request it is about.
   */
  notify(method: string, params?: Record<string, unknown>, options?: SendOptions): Promise<void> {
    const revision = this.#revision;
    if (revision !== undefined) checkOutbound(method, 'notification', revision, this.#options.role, undefined);
    return this.#notify(method, params, options);
  }

  /** Sends a notification, offered to telemetry first. */
  #notify(
    method: string,
    params: Record<string, unknown> | undefined,
    options: SendOptions | undefined,
  ): Promise<void> {
    const telemetry = this.#telemetry();
    const recording = telemetry?.outbound(this.#operation(method, params, undefined));
    if (recording === undefined) return this.#connection.notify(method, params, options);
    const sent = recording.params;
    return recording.run(() => this.#connection.notify(method, sent, options));
  }

  /** Pings the peer; resolves when it answers. */
  async ping(options?: SendRequestOptions): Promise<void> {
    await this.request('ping', undefined, options);
  }

  static {
    sessionAccess.startSession = (session) => session.#connection.start();
    sessionAccess.establish = (session, peer) => {
      const first = session.#peerCapabilities === undefined;
      session.#revision = peer.version;
      session.#peerCapabilities = peer.capabilities;
      session.#peerInfo = peer.info;
      if (first) session.#telemetry()?.sessionStarted?.(session, session.#connection.transport, session.#options.role);
    };
    sessionAccess.declaredCapabilities = (session) => session.#declared;
    sessionAccess.peerCapabilities = (session) => session.#peerCapabilities;
    sessionAccess.peerInfo = (session) => session.#peerInfo;
    sessionAccess.isServing = (session, id) => session.#inflight?.has(id) ?? false;
    sessionAccess.allocateId = (session) => session.#connection.allocateId();
    sessionAccess.notifyUnchecked = (session, method, params, options) => session.#notify(method, params, options);
    sessionAccess.stampRequests = (session, meta) => stampOf(session.#options).set(meta);
    sessionAccess.stampMember = (session, key, value) => stampOf(session.#options).add(key, value);
    RECEIVER = {
      onRequest: (session, request, batched, info) => session.#onRequest(request, batched, info),
      onNotification: (session, notification) => session.#onNotification(notification),
      onAbandon: (session, id, method, reason) => session.#onAbandon(id, method, reason),
      peerError: (code, message, data) => new McpError(code, message, data),
      // Only 2025-03-26 has batches.
      acceptBatch: (session) => session.protocolVersion === '2025-03-26',
      onError: (session, error) => session.#options.onError?.(error),
      onClose: (session, error) => session.#onClose(error),
      onInputEnd: (session) => session.#options.onInputEnd?.(session),
      onRequestFailure: (session, request, error) => {
        const report = session.#options.onRequestFailure;
        if (report) report(request, error);
        else session.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
      },
      onSendFailure: (session, error) => (session.#options.onSendFailure ?? session.#options.onError)?.(error),
    };
  }

  /** A request of the peer, offered to telemetry, then served. */
  #onRequest(request: JsonRpcRequest, batched: boolean, info: MessageInfo | undefined): unknown {
    const recording = this.#telemetry()?.inbound(this.#operation(request.method, request.params, request.id));
    if (recording === undefined) return this.#serve(request, batched, info);
    return recording.run(() => this.#serve(request, batched, info));
  }

  /** A request of the peer: admitted, checked, then handed to its handler. */
  #serve(request: JsonRpcRequest, batched: boolean, info: MessageInfo | undefined): unknown {
    const { method } = request;
    const options = this.#options;
    const modern = options.modern;
    let version: string;
    let envelope: RequestEnvelope | undefined;
    if (modern !== undefined && modernVersionOf(request.params) !== undefined) {
      // No handshake, nothing remembered between requests: the envelope says who is asking.
      envelope = modern.admit(request, this.#declared, info);
      version = envelope.protocolVersion;
      if (this.#peerCapabilities === undefined) this.#revision = version;
    } else {
      version = admitLegacyRequest(method, this.protocolVersion, options.role, this.#declared, batched);
    }
    const issue = validateRequestParams(method, request.params);
    if (issue !== undefined) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${issue}`);
    if (method === 'ping' && envelope === undefined) return {};
    const handler = options.handlers.request(method);
    if (!handler) throw methodNotFound(method);
    const params = request.params ?? {};
    const ctx =
      options.createContext?.(this, request, version, envelope, info) ??
      new RequestContext(this, request.id, method, params, version, envelope);
    return this.#run(ctx, handler, params, envelope === undefined ? undefined : modern);
  }

  /**
   * Runs a handler; one that answers later is tracked for cancellation until it settles (nothing
   * can cancel a handler that answers before returning). A modern request's result is finished
   * as its revision sends it.
   */
  #run(
    ctx: RequestContext,
    handler: RequestHandler,
    params: Record<string, unknown>,
    modern: ModernServing | undefined,
  ): unknown {
    const outcome = handler(params, ctx);
    if (!(outcome instanceof Promise)) return modern === undefined ? outcome : modern.finish(ctx.method, outcome);
    const id = ctx.requestId;
    const inflight = (this.#inflight ??= new Map());
    inflight.set(id, ctx);
    return outcome.then(
      (result: unknown) => {
        inflight.delete(id);
        if (requestContextAccess.isCancelled(ctx)) return NO_RESPONSE;
        return modern === undefined ? result : modern.finish(ctx.method, result);
      },
      (error: unknown) => {
        inflight.delete(id);
        if (requestContextAccess.isCancelled(ctx)) return NO_RESPONSE;
        throw error;
      },
    );
  }

  #onNotification(notification: JsonRpcNotification): void {
    const recording = this.#telemetry()?.inbound(this.#operation(notification.method, notification.params, undefined));
    if (recording === undefined) this.#hear(notification);
    else recording.run(() => this.#hear(notification));
  }

  #hear(notification: JsonRpcNotification): void {
    const { method } = notification;
    const params = notification.params ?? {};
    const revision = this.protocolVersion;
    try {
      if (revision !== undefined) admit(method, 'notification', revision, this.#options.role, this.#declared);
    } catch {
      this.#options.onError?.(
        new Error(`Ignored ${method}: not a ${peerOf(this.#options.role)} notification in ${revision}`),
      );
      return;
    }
    const issue = validateNotificationParams(method, notification.params);
    if (issue !== undefined) {
      this.#options.onError?.(new Error(`Ignored ${method} with invalid params: ${issue}`));
      return;
    }
    // A cancellation aborts the request it names if this side is serving it; the handler table
    // may also want it (a server ending one of this client's subscription streams).
    if (method === 'notifications/cancelled') this.#onCancelled(params);
    else if (method === 'notifications/progress') return this.#onProgress(params);
    const handler = this.#options.handlers.notification?.(method);
    handler?.(params, this);
  }

  #onCancelled(params: Record<string, unknown>): void {
    const ctx = this.#inflight?.get(params.requestId as RequestId);
    if (ctx === undefined || ctx.method === 'initialize') return; // initialize cannot be cancelled
    requestContextAccess.abortRequest(
      ctx,
      new RequestCancelledError(typeof params.reason === 'string' ? params.reason : undefined),
    );
  }

  #onProgress(params: Record<string, unknown>): void {
    const token = params.progressToken as string | number;
    const listener = this.#progress?.get(token);
    if (!listener) return;
    if (listener.reset) this.#connection.resetTimeout(listener.id);
    const update: { progress: number; total?: number; message?: string } = { progress: params.progress as number };
    if (typeof params.total === 'number') update.total = params.total;
    if (typeof params.message === 'string') update.message = params.message;
    try {
      listener.onprogress(update);
    } catch (error) {
      this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** One of this side's requests was given up: the peer is told, unless it is the one that gave up. */
  #onAbandon(id: RequestId, method: string, reason: unknown): void {
    // Progress already on its way (later in the same chunk) must not reach a caller who gave up.
    this.#progress?.delete(id);
    if (method === 'initialize') return; // the client must not cancel initialize
    if (reason instanceof CancelledByPeerError) return; // the peer cancelled it: nothing to tell it
    const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : undefined;
    const params: Record<string, unknown> = text === undefined ? { requestId: id } : { requestId: id, reason: text };
    this.#notify('notifications/cancelled', params, undefined).catch(() => {
      // The connection is going away; there is no one left to tell.
    });
  }

  #onClose(error: ConnectionClosedError): void {
    const inflight = this.#inflight;
    this.#inflight = undefined;
    this.#progress = undefined;
    for (const ctx of inflight?.values() ?? []) requestContextAccess.abortRequest(ctx, error);
    if (this.#finished) this.#finished.resolve(error);
    else this.#finished = { promise: Promise.resolve(error), resolve: () => {} };
    if (this.#peerCapabilities !== undefined) this.#telemetry()?.sessionEnded?.(this, causeOf(error));
    this.#options.onClose?.(this, error);
  }
}

/** Why a session closed, when it was not asked to: what its transport failed with. */
function causeOf(error: ConnectionClosedError): Error | undefined {
  return error.cause instanceof Error ? error.cause : undefined;
}

function stampOf(options: SessionOptions): RequestStamp {
  if (options.stamp === undefined) throw new Error('Only a client session stamps its requests');
  return options.stamp;
}

/** A result the peer sent that does not have the spec's shape is an error, not data. */
function checkResult(method: string, result: Record<string, unknown>): Record<string, unknown> {
  const issue = validateResult(method, result);
  if (issue !== undefined)
    throw new McpError(ErrorCode.InvalidParams, `Malformed ${method} result from the peer: ${issue}`, { result });
  return result;
}
