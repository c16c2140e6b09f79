/**
 * One logical connection between a client and a server: the method table applied to every
 * message in and out, capability checks both ways, cancellation and progress, and the gate
 * that keeps a legacy session closed until initialize. Features plug in as handlers.
 * @module
 */
import { Connection, NO_RESPONSE, type RequestOptions } from '../jsonrpc/connection.js';
import type { Clock } from '../jsonrpc/clock.js';
import { ErrorCode, type ConnectionClosedError } from '../jsonrpc/errors.js';
import { isObject, type JsonRpcNotification, type JsonRpcRequest, type RequestId } from '../jsonrpc/message.js';
import type { SendOptions, Transport } from '../jsonrpc/transport.js';
import { CapabilityNotSupportedError, McpError, methodNotFound } from './errors.js';
import { hasCapability, methodAllowed, methodInfo, requiredCapability } from './methods.js';
import { CancelledByPeerError, RequestCancelledError, RequestContext } from './request-context.js';
import { validateNotificationParams, validateRequestParams, validateResult } from './validation.js';
import { readEnvelope, modernVersionOf } from './modern.js';

const identity = (result: unknown): unknown => result;

export type Role = 'client' | 'server';

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

/** The other side, as learned during initialization. */
export interface PeerInfo {
  version: string;
  capabilities: Record<string, unknown>;
  info: Record<string, unknown> | undefined;
}

/** How sessions behave; one object may serve every session of a server or client. */
export interface SessionOptions {
  role: Role;
  handlers: HandlerTable;
  defaultTimeoutMs?: number;
  /** See `ConnectionOptions.drainTimeoutMs`. */
  drainTimeoutMs?: number;
  clock?: Clock;
  /** Builds the context handlers receive; lets a role add its own helpers. */
  createContext?: (session: Session, request: JsonRpcRequest, version: string) => RequestContext;
  onError?: (error: Error) => void;
  onClose?: (session: Session, error: ConnectionClosedError) => void;
  /** The peer ended its input: requests in flight are finishing, then the session closes. */
  onInputEnd?: (session: Session) => void;
  /** Sees every error a request of this side fails with, before its caller does. */
  onRequestError?: (error: unknown) => void;
  /**
   * A handler of the peer's request failed with something other than a JSON-RPC error (the
   * peer was answered -32603). Default: `onError`.
   */
  onRequestFailure?: (request: JsonRpcRequest, error: unknown) => void;
  /**
   * Serve requests that carry their revision in `_meta` (the modern era) beside the
   * initialize handshake, on the same connection.
   */
  modern?: ModernServing;
}

/** How a server answers modern requests. */
export interface ModernServing {
  /** The modern revisions served; others are -32022. */
  versions: readonly string[];
  /** Put on every result: `resultType`, the server's identity, caching hints. */
  finish(method: string, result: Record<string, unknown>): Record<string, unknown>;
}

export interface SendRequestOptions extends RequestOptions {
  /** Called for each `notifications/progress` the peer sends about this request. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Restart the timeout whenever progress arrives (bounded by `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean;
}

/** What only some sessions need, kept apart so the others carry one field for it. */
interface SessionRare {
  /** The envelope put in every outgoing request's `_meta` (modern client sessions). */
  stamp?: Record<string, unknown> | undefined;
  /** Listeners of progress on this side's requests, by progress token. */
  progress?: Map<string | number, ProgressListener> | undefined;
  /** The revision of the last modern request served: what outbound messages are judged by until a handshake. */
  modernVersion?: string | undefined;
}

interface ProgressListener {
  id: RequestId;
  onprogress: NonNullable<SendRequestOptions['onprogress']>;
  reset: boolean;
}

/**
 * A session is also what its connection calls (the `ConnectionHandlers` methods below): one
 * object per session, no closures, which matters with thousands of sessions open.
 */
export class Session {
  // Few fields, and most of them set only when used: a server may hold thousands of sessions.
  /** @internal */
  readonly connection: Connection;
  /** @internal What this side declared it can do. */
  readonly capabilities: Record<string, unknown>;
  // What initialization learned of the peer, as fields rather than an object of its own.
  #peerVersion: string | undefined;
  #peerCapabilities: Record<string, unknown> | undefined;
  #peerInfo: Record<string, unknown> | undefined;
  readonly #options: SessionOptions;
  #inflight: Map<RequestId, RequestContext> | undefined;
  /** What only some sessions ever need (a client's stamp and progress, a modern revision), made on first use. */
  #rare: SessionRare | undefined;
  /** `finished`, made on first use or at the close. */
  #finished: { promise: Promise<ConnectionClosedError>; resolve: (error: ConnectionClosedError) => void } | undefined;

  constructor(transport: Transport, capabilities: Record<string, unknown>, options: SessionOptions) {
    this.capabilities = capabilities;
    this.#options = options;
    this.connection = new Connection(transport, this, options);
  }

  /** @internal */
  get role(): Role {
    return this.#options.role;
  }

  /** @internal For the connection: batches are acceptable only in a 2025-03-26 session. */
  acceptBatch(): boolean {
    return this.#peerVersion === '2025-03-26';
  }

  /** @internal For the connection: what the peer answered with an error is a protocol error, an `McpError`. */
  peerError(code: number, message: string, data: unknown): McpError {
    return new McpError(code, message, data);
  }

  /** @internal For the connection: a problem that does not end it. */
  onError(error: Error): void {
    this.#options.onError?.(error);
  }

  /** @internal For the connection: the peer ended its input. */
  onInputEnd(): void {
    this.#options.onInputEnd?.(this);
  }

  /** @internal For the connection: a handler failed with something other than a JSON-RPC error. */
  onRequestFailure(request: JsonRpcRequest, error: unknown): void {
    const report = this.#options.onRequestFailure;
    if (report) report(request, error);
    else this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
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

  /** The negotiated protocol revision, once initialization is done. */
  get protocolVersion(): string | undefined {
    return this.#peerVersion;
  }

  /** @internal The capabilities the peer declared at initialization. */
  get peerCapabilities(): Record<string, unknown> | undefined {
    return this.#peerCapabilities;
  }

  /** @internal The identity the peer gave at initialization. */
  get peerInfo(): Record<string, unknown> | undefined {
    return this.#peerInfo;
  }

  get closed(): boolean {
    return this.connection.closed;
  }

  /** @internal Whether a request of the peer with this id is being handled (until its handler settles). */
  serving(id: RequestId): boolean {
    return this.#inflight?.has(id) ?? false;
  }

  /** @internal */
  start(): Promise<void> {
    return this.connection.start();
  }

  close(): Promise<void> {
    return this.connection.close();
  }

  /** @internal Records the outcome of initialization; from here on, messages are judged by `peer.version`. */
  establish(peer: PeerInfo): void {
    this.#peerVersion = peer.version;
    this.#peerCapabilities = peer.capabilities;
    this.#peerInfo = peer.info;
  }

  /**
   * @internal
   * Makes every request of this (client) session modern: `meta` (the revision, the client's
   * identity and capabilities) goes into each request's `_meta`.
   */
  stampRequests(meta: Record<string, unknown> | undefined): void {
    (this.#rare ??= {}).stamp = meta;
  }

  /**
   * @internal
   * Adds `key: value` to the envelope every later request of this modern client session
   * carries (a log level: the modern revision keeps none between requests). A new object, so
   * requests already sent keep what they were sent with.
   */
  stampMember(key: string, value: unknown): void {
    const rare = this.#rare;
    if (!rare?.stamp) throw new Error('Only a modern client session stamps its requests');
    rare.stamp = Object.assign({}, rare.stamp, { [key]: value });
  }

  /**
   * Sends a request to the peer. Fails locally, without sending, when the method does not
   * exist in the negotiated revision or the peer did not declare the capability it needs.
   */
  request(method: string, params?: Record<string, unknown>, options: SendRequestOptions = {}): Promise<Record<string, unknown>> {
    try {
      this.#checkRequest(method);
    } catch (error) {
      return Promise.reject(error as Error); // #checkRequest throws only errors of its own
    }
    const stamp = this.#rare?.stamp;
    if (stamp) params = withMeta(params, stamp);
    if (options.onprogress) return this.#requestWithProgress(method, params, options, options.onprogress);
    // One promise on top of the connection's: this runs for every request a client makes.
    const onError = this.#options.onRequestError;
    return this.connection.request(method, params, options).then(
      (result) => checkResult(method, result),
      onError &&
        ((error: unknown) => {
          onError(error);
          throw error;
        }),
    );
  }

  async #requestWithProgress(
    method: string,
    params: Record<string, unknown> | undefined,
    options: SendRequestOptions,
    onprogress: NonNullable<SendRequestOptions['onprogress']>,
  ): Promise<Record<string, unknown>> {
    const id = options.id ?? this.connection.allocateId();
    const withToken = withMeta(params, { progressToken: id });
    ((this.#rare ??= {}).progress ??= new Map()).set(id, { id, onprogress, reset: options.resetTimeoutOnProgress === true });
    try {
      return checkResult(method, await this.connection.request(method, withToken, { ...options, id }));
    } catch (error) {
      this.#options.onRequestError?.(error);
      throw error;
    } finally {
      this.#rare?.progress?.delete(id);
    }
  }

  /** Fails, without sending, a request the revision lacks or whose capability the peer did not declare. */
  #checkRequest(method: string): void {
    this.#checkOutbound(method, 'request');
    const version = this.#peerVersion;
    if (version === undefined) return;
    const capability = requiredCapability(method, version);
    if (capability && !hasCapability(this.#peerCapabilities, capability)) {
      const peerName = this.role === 'client' ? 'Server' : 'Client';
      throw new CapabilityNotSupportedError(`${peerName} does not support ${capability} (required for ${method})`);
    }
  }

  /**
   * Sends a notification; fails locally when the method does not exist in the negotiated
   * revision. `relatedRequestId` ties it to the inbound request it is about.
   */
  notify(method: string, params?: Record<string, unknown>, options?: SendOptions): Promise<void> {
    this.#checkOutbound(method, 'notification');
    return this.connection.notify(method, params, options);
  }

  /** Pings the peer; resolves when it answers. */
  async ping(options?: SendRequestOptions): Promise<void> {
    await this.request('ping', undefined, options);
  }

  #checkOutbound(method: string, kind: 'request' | 'notification'): void {
    if (!methodInfo(method)) return; // custom or experimental methods are the caller's business
    // A peer that spoke as a modern request gets nothing its revision lacks (2026-07-28: no server requests at all).
    const version = this.#peerVersion ?? this.#rare?.modernVersion;
    if (version === undefined) return; // before initialization the lifecycle decides
    if (!methodAllowed(method, version, this.role, kind)) {
      throw new McpError(ErrorCode.MethodNotFound, `${method} is not a ${this.role}-to-${this.role === 'client' ? 'server' : 'client'} ${kind} in protocol revision ${version}`);
    }
  }

  /** @internal For the connection: a request of the peer. */
  onRequest(request: JsonRpcRequest, batched: boolean): unknown {
    const modern = this.#options.modern;
    if (modern && modernVersionOf(request.params) !== undefined) return this.#onModernRequest(request, modern);
    const { method, id } = request;
    const params = request.params ?? {};
    const version = this.#admit(method, batched);
    const issue = validateRequestParams(method, request.params);
    if (issue !== undefined) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${issue}`);
    if (method === 'ping') return {};
    const handler = this.#options.handlers.request(method);
    if (!handler) throw methodNotFound(method);

    const ctx = this.#options.createContext?.(this, request, version) ?? new RequestContext(this, id, method, params, version);
    return this.#run(ctx, handler, params, identity);
  }

  /**
   * A request that names its revision in `_meta`: no handshake, nothing remembered between
   * requests; the envelope says who is asking and what it can do.
   */
  #onModernRequest(request: JsonRpcRequest, modern: ModernServing): unknown {
    const { method, id } = request;
    const params = request.params ?? {};
    const envelope = readEnvelope(params, modern.versions);
    const version = envelope.protocolVersion;
    if (this.#rare?.modernVersion !== version) (this.#rare ??= {}).modernVersion = version;
    if (!methodAllowed(method, version, 'client', 'request')) {
      throw methodNotFound(method, methodInfo(method) ? `not available in protocol revision ${version}` : undefined);
    }
    const capability = requiredCapability(method, version);
    if (capability && !hasCapability(this.capabilities, capability)) {
      throw methodNotFound(method, `this server did not declare the ${capability} capability`);
    }
    const issue = validateRequestParams(method, request.params);
    if (issue !== undefined) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${issue}`);
    const handler = this.#options.handlers.request(method);
    if (!handler) throw methodNotFound(method);
    const ctx = this.#options.createContext?.(this, request, version) ?? new RequestContext(this, id, method, params, version);
    ctx.envelope = envelope;
    const finish = (result: unknown) => (result === NO_RESPONSE || !isObject(result) ? result : modern.finish(method, result));
    return this.#run(ctx, handler, params, finish);
  }

  /**
   * Runs a handler; one that answers later is tracked for cancellation until it settles (nothing
   * can cancel a handler that answers before returning). `finish` shapes its result.
   */
  #run(ctx: RequestContext, handler: RequestHandler, params: Record<string, unknown>, finish: (result: unknown) => unknown): unknown {
    const outcome = handler(params, ctx);
    if (!(outcome instanceof Promise)) return finish(outcome);
    const id = ctx.requestId;
    const inflight = (this.#inflight ??= new Map());
    inflight.set(id, ctx);
    return outcome.then(
      (result: unknown) => {
        inflight.delete(id);
        return ctx.cancelled ? NO_RESPONSE : finish(result);
      },
      (error: unknown) => {
        inflight.delete(id);
        if (ctx.cancelled) return NO_RESPONSE;
        throw error;
      },
    );
  }

  /** Decides whether an inbound request may be served now; returns the revision it is served under. */
  #admit(method: string, batched: boolean): string {
    const peerVersion = this.#peerVersion;
    if (method === 'initialize') {
      if (this.role !== 'server') throw methodNotFound(method);
      if (batched) throw new McpError(ErrorCode.InvalidRequest, 'Invalid Request: initialize must not be part of a batch');
      if (peerVersion !== undefined) throw new McpError(ErrorCode.InvalidRequest, 'Invalid Request: the session is already initialized');
      return 'initialize';
    }
    if (peerVersion === undefined) {
      if (method === 'ping') return 'uninitialized';
      throw new McpError(ErrorCode.InvalidRequest, `Invalid Request: ${method} received before initialization; only ping is allowed until initialize completes`);
    }
    const peerRole = this.role === 'server' ? 'client' : 'server';
    if (!methodAllowed(method, peerVersion, peerRole, 'request')) {
      throw methodNotFound(method, methodInfo(method) ? `not available in protocol revision ${peerVersion}` : undefined);
    }
    const capability = requiredCapability(method, peerVersion);
    if (capability && !hasCapability(this.capabilities, capability)) {
      throw methodNotFound(method, `this ${this.role} did not declare the ${capability} capability`);
    }
    return peerVersion;
  }

  /** @internal For the connection: a notification of the peer. */
  onNotification(notification: JsonRpcNotification): void {
    const { method } = notification;
    const params = notification.params ?? {};
    const peerVersion = this.#peerVersion;
    const peerRole = this.role === 'server' ? 'client' : 'server';
    if (peerVersion !== undefined && methodInfo(method) && !methodAllowed(method, peerVersion, peerRole, 'notification')) {
      this.#options.onError?.(new Error(`Ignored ${method}: not a ${peerRole} notification in ${peerVersion}`));
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
    const id = params.requestId as RequestId;
    const ctx = this.#inflight?.get(id);
    if (ctx?.method === 'initialize') return; // initialize cannot be cancelled
    ctx?.abort(new RequestCancelledError(typeof params.reason === 'string' ? params.reason : undefined));
  }

  #onProgress(params: Record<string, unknown>): void {
    const token = params.progressToken as string | number;
    const listener = this.#rare?.progress?.get(token);
    if (!listener) return;
    if (listener.reset) this.connection.resetTimeout(listener.id);
    const update: { progress: number; total?: number; message?: string } = { progress: params.progress as number };
    if (typeof params.total === 'number') update.total = params.total;
    if (typeof params.message === 'string') update.message = params.message;
    try {
      listener.onprogress(update);
    } catch (error) {
      this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** @internal For the connection: one of this side's requests was given up. */
  onAbandon(id: RequestId, method: string, reason: unknown): void {
    // Progress already on its way (later in the same chunk) must not reach a caller who gave up.
    this.#rare?.progress?.delete(id);
    if (method === 'initialize') return; // the client must not cancel initialize
    if (reason instanceof CancelledByPeerError) return; // the peer cancelled it: nothing to tell it
    const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : undefined;
    const params: Record<string, unknown> = text === undefined ? { requestId: id } : { requestId: id, reason: text };
    this.connection.notify('notifications/cancelled', params).catch(() => {
      // The connection is going away; there is no one left to tell.
    });
  }

  /** @internal For the connection: it closed. */
  onClose(error: ConnectionClosedError): void {
    const inflight = this.#inflight;
    this.#inflight = undefined;
    if (this.#rare) this.#rare.progress = undefined;
    for (const ctx of inflight?.values() ?? []) ctx.abort(error);
    if (this.#finished) this.#finished.resolve(error);
    else this.#finished = { promise: Promise.resolve(error), resolve: () => {} };
    this.#options.onClose?.(this, error);
  }
}

/** `params` with `meta` merged into its `_meta` (a copy; the caller's objects are left alone). */
function withMeta(params: Record<string, unknown> | undefined, meta: Record<string, unknown>): Record<string, unknown> {
  // Object.assign rather than spreads: a spread copy given new members is slow on V8 11.
  const merged = Object.assign({}, params);
  merged._meta = Object.assign({}, isObject(params?._meta) ? params._meta : undefined, meta);
  return merged;
}

/** A result the peer sent that does not have the spec's shape is an error, not data. */
function checkResult(method: string, result: Record<string, unknown>): Record<string, unknown> {
  const issue = validateResult(method, result);
  if (issue !== undefined) throw new McpError(ErrorCode.InvalidParams, `Malformed ${method} result from the peer: ${issue}`, { result });
  return result;
}
