/**
 * A `subscriptions/listen` stream as the client sees it (2026-07-28): the notifications it
 * asked for as typed events and as an async iterator, what the server agreed to, and how it
 * ended. A stream that drops while its connection lives (HTTP) is opened again with a new
 * listen request, with backoff, a bounded number of times; one whose connection died (a stdio
 * server that exited) waits for `ClientSession.resumeSubscriptions` on the new connection.
 * @module
 */
import { Listeners } from '../internal/listeners.js';
import { JsonRpcError, LocalErrorCode, RequestTimeoutError } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/message.js';
import { CancelledError, McpError, McpErrorCode } from '../protocol/errors.js';
import { CancelledByPeerError } from '../protocol/request-context.js';
import { sessionAccess, type Session } from '../protocol/session.js';
import type { ListChangedNotificationParams } from '../types/notifications.js';
import type { ResourceUpdatedNotificationParams } from '../types/resources.js';
import type { SubscriptionFilter, SubscriptionsListenResult } from '../types/subscriptions.js';
import { EventQueue } from './subscription-queue.js';
import type { ListenAttempt, StreamNotification, SubscriptionRouter } from './subscription-router.js';

/** How a dropped stream is opened again. */
export interface SubscriptionReconnectOptions {
  /** Wait before the first new listen request. Default 1000 ms. */
  initialDelayMs: number;
  /** The longest wait between attempts. Default 30 000 ms. */
  maxDelayMs: number;
  /** Each failed attempt multiplies the wait by this. Default 2. */
  factor: number;
  /** Attempts in a row before giving up; the subscription then ends `dropped`. Default 5. */
  maxAttempts: number;
}

/** Options of `ClientSession.listen`. */
export interface SubscriptionOptions {
  /**
   * How long a listen request may go unacknowledged before it is given up (cancelled). Default
   * 60 s. The stream itself has no time limit.
   */
  acknowledgeTimeoutMs?: number;
  /** How the stream is opened again after it drops. */
  reconnect?: Partial<SubscriptionReconnectOptions>;
  /** Aborting closes the subscription. */
  signal?: AbortSignal;
}

/**
 * `active`: acknowledged, notifications flow. `reconnecting`: the stream dropped, a new listen
 * request is on its way. `interrupted`: the connection ended; waiting for
 * `ClientSession.resumeSubscriptions` on a new one. `ended`: see `ended`.
 */
export type SubscriptionState = 'active' | 'reconnecting' | 'interrupted' | 'ended';

/** How a subscription ended. */
export type SubscriptionEnd =
  /** This side closed it (`close()`, its signal, or its session's `close()`). */
  | { reason: 'closed' }
  /** The server ended it on purpose, answering the listen request (on shutdown, say). */
  | {
      reason: 'completed';
      /** The server's answer to the listen request. */
      result: SubscriptionsListenResult;
    }
  /** The server tore the stream down with `notifications/cancelled` (stdio). */
  | {
      reason: 'cancelled';
      /** The reason the cancellation gave, if any. */
      message: string | undefined;
    }
  /** It could not be kept: the server refused a new listen request, or every attempt failed. */
  | {
      reason: 'dropped';
      /** The refusal, or the last attempt's failure. */
      error: Error;
    };

/** The events of a subscription, by name, with what each listener receives. */
export interface SubscriptionEventMap {
  /** The server's tools changed: list them again. */
  toolsListChanged: ListChangedNotificationParams;
  /** The server's prompts changed: list them again. */
  promptsListChanged: ListChangedNotificationParams;
  /** The server's resources changed: list them again. */
  resourcesListChanged: ListChangedNotificationParams;
  /** A resource subscribed to changed: read it again. */
  resourceUpdated: ResourceUpdatedNotificationParams;
  /** The stream dropped (or its connection ended); notifications may be missed until `reestablished`. */
  interrupted: Error;
  /**
   * Acknowledged again after an interruption, with what the server now agrees to. Notifications
   * sent in between were missed: read again what matters.
   */
  reestablished: SubscriptionFilter;
  /** The subscription ended, and why; no event follows. */
  end: SubscriptionEnd;
}

/** What the async iterator of a subscription yields. */
export type SubscriptionEvent =
  | {
      type: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged';
      /** The notification's params: nothing but, optionally, `_meta`. */
      params: ListChangedNotificationParams;
    }
  | {
      type: 'resourceUpdated';
      /** The notification's params: the URI of the resource that changed. */
      params: ResourceUpdatedNotificationParams;
    }
  | {
      type: 'reestablished';
      /** What the server now agrees to send. */
      acknowledged: SubscriptionFilter;
    };

/** What a subscription runs on: a connection's session and the router of its stream messages. */
export interface SubscriptionHost {
  session: Session;
  router: SubscriptionRouter;
}

const DEFAULT_RECONNECT: Readonly<SubscriptionReconnectOptions> = Object.freeze({
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  factor: 2,
  maxAttempts: 5,
});

const DEFAULT_ACKNOWLEDGE_TIMEOUT_MS = 60_000;

/**
 * The library's own access to a subscription, given out by the class below (only its body can
 * reach `#` members): the client session calls `subscriptionAccess.openSubscription(host,
 * filter)` and `subscriptionAccess.reopenSubscription(subscription, host)`. Not part of the
 * published API.
 * @internal
 */
export interface SubscriptionAccess {
  /** Opens a subscription; resolves once the server acknowledged it. For `ClientSession.listen`. */
  openSubscription: (
    host: SubscriptionHost,
    filter: SubscriptionFilter,
    options?: SubscriptionOptions,
  ) => Promise<Subscription>;
  /** Re-opens an interrupted subscription on a new connection. For `ClientSession.resumeSubscriptions`. */
  reopenSubscription: (subscription: Subscription, host: SubscriptionHost) => Promise<void>;
}

/** @internal */
export const subscriptionAccess: SubscriptionAccess = {} as SubscriptionAccess;

/**
 * One subscription (`ClientSession.listen`). Listen with `on`, or iterate:
 * `for await (const event of subscription)`. It lasts until `close()`, the server ends it, or
 * it cannot be re-established; `ended` says which.
 */
export class Subscription implements AsyncIterable<SubscriptionEvent> {
  /** The filter asked for. */
  readonly requested: SubscriptionFilter;
  /** Resolves once the subscription is over, with how it ended. Never rejects. */
  readonly ended: Promise<SubscriptionEnd>;
  #host: SubscriptionHost;
  readonly #acknowledgeTimeoutMs: number;
  readonly #reconnect: SubscriptionReconnectOptions;
  readonly #listeners: Listeners<SubscriptionEventMap>;
  readonly #queues = new Set<EventQueue<SubscriptionEvent>>();
  #state: SubscriptionState = 'active';
  #id: RequestId | undefined;
  #acknowledged: SubscriptionFilter = {};
  /** The listen request in flight; aborting it cancels it. */
  #request: AbortController | undefined;
  /** Cuts a wait between attempts short. */
  #wake: (() => void) | undefined;
  #end: SubscriptionEnd | undefined;
  #resolveEnded!: (end: SubscriptionEnd) => void;

  static {
    subscriptionAccess.openSubscription = async (host, filter, options = {}) => {
      const signal = options.signal;
      signal?.throwIfAborted();
      const subscription = new Subscription(host, filter, options);
      // Aborting while the listen request is on its way cancels it, and `listen()` rejects.
      const onAbort = () => void subscription.close();
      signal?.addEventListener('abort', onAbort, { once: true });
      void subscription.ended.then(() => signal?.removeEventListener('abort', onAbort));
      try {
        subscription.#acknowledged = await subscription.#listen();
      } catch (error) {
        subscription.#finish({ reason: 'dropped', error: toError(error) });
        throw error;
      }
      host.router.members.add(subscription);
      return subscription;
    };
    subscriptionAccess.reopenSubscription = (subscription, host) => subscription.#reopen(host);
  }

  private constructor(host: SubscriptionHost, requested: SubscriptionFilter, options: SubscriptionOptions) {
    this.#host = host;
    this.requested = requested;
    this.#acknowledgeTimeoutMs = options.acknowledgeTimeoutMs ?? DEFAULT_ACKNOWLEDGE_TIMEOUT_MS;
    this.#reconnect = { ...DEFAULT_RECONNECT, ...options.reconnect };
    this.#listeners = new Listeners(host.router.onError);
    this.ended = new Promise((resolve) => (this.#resolveEnded = resolve));
  }

  /** The subscription id: the JSON-RPC id of the listen request now open (a new one after re-establishment). */
  get id(): RequestId | undefined {
    return this.#id;
  }

  /** What the server agreed to send: the part of `requested` it supports. */
  get acknowledged(): SubscriptionFilter {
    return this.#acknowledged;
  }

  /**
   * Where the subscription is: `active`, `reconnecting` after its stream broke, `interrupted` while
   * it waits to try again, or `ended`.
   */
  get state(): SubscriptionState {
    return this.#state;
  }

  /** Listens to an event; returns the function that stops listening. */
  on<E extends keyof SubscriptionEventMap>(event: E, listener: (payload: SubscriptionEventMap[E]) => void): () => void {
    return this.#listeners.on(event, listener);
  }

  /**
   * The notifications from now on, and `reestablished` after an interruption. Ends when the
   * subscription ends, throwing its error if it was `dropped`. Leaving the loop stops this
   * iterator only; `close()` ends the subscription.
   */
  [Symbol.asyncIterator](): AsyncIterator<SubscriptionEvent> {
    const queue = new EventQueue<SubscriptionEvent>(sameEvent);
    if (this.#end) queue.end(this.#end.reason === 'dropped' ? this.#end.error : undefined);
    else this.#queues.add(queue);
    return {
      next: () => queue.next(),
      return: () => {
        this.#queues.delete(queue);
        queue.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  /**
   * Ends the subscription: the listen request is cancelled (`notifications/cancelled` on stdio,
   * the response stream closed on HTTP) and nothing more is delivered.
   */
  close(): Promise<void> {
    this.#finish({ reason: 'closed' });
    return Promise.resolve();
  }

  /** Sends a listen request; resolves with the acknowledged filter, or rejects if it fails before that. */
  #listen(): Promise<SubscriptionFilter> {
    const { session, router } = this.#host;
    const id = sessionAccess.allocateId(session);
    const request = new AbortController();
    this.#id = id;
    this.#request = request;
    return new Promise((resolve, reject) => {
      let acknowledged = false;
      const timeoutMs = this.#acknowledgeTimeoutMs;
      const timer = setTimeout(() => {
        request.abort(
          new RequestTimeoutError(`subscriptions/listen (id ${id}) was not acknowledged within ${timeoutMs} ms`, {
            timeoutMs,
          }),
        );
      }, timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      const attempt: ListenAttempt = {
        acknowledged: (params) => {
          if (acknowledged) return;
          acknowledged = true;
          clearTimeout(timer);
          resolve(params.notifications);
        },
        // The server must acknowledge first; anything before that is not part of the stream.
        notification: (event, params) => acknowledged && this.#deliver(event, params),
        cancelled: (reason) => {
          this.#finish({ reason: 'cancelled', message: reason });
          request.abort(new CancelledByPeerError(reason));
        },
      };
      const settle = (): void => {
        clearTimeout(timer);
        router.detach(id, attempt);
        if (this.#request === request) this.#request = undefined;
      };
      router.attach(id, attempt);
      session
        .request(
          'subscriptions/listen',
          { notifications: this.requested },
          { id, timeoutMs: Infinity, signal: request.signal },
        )
        .then(
          (result) => {
            settle();
            if (!acknowledged)
              reject(
                new McpError(
                  McpErrorCode.InternalError,
                  'The server answered subscriptions/listen without acknowledging it',
                ),
              );
            else this.#finish({ reason: 'completed', result: result as SubscriptionsListenResult });
          },
          (error: unknown) => {
            settle();
            if (!acknowledged) reject(error);
            else this.#lost(error);
          },
        );
    });
  }

  #deliver(event: StreamNotification, params: Record<string, unknown>): void {
    if (this.#end) return;
    this.#listeners.emit(event, params as never);
    const item = { type: event, params } as SubscriptionEvent;
    for (const queue of this.#queues) queue.push(item);
  }

  /** The established stream failed without a result. */
  #lost(error: unknown): void {
    if (this.#end) return;
    const reason = toError(error);
    if (this.#host.session.closed) return this.#interrupt(reason);
    if (!isRetryable(error)) return this.#finish({ reason: 'dropped', error: reason });
    this.#state = 'reconnecting';
    this.#listeners.emit('interrupted', reason);
    void this.#reestablish(reason, true);
  }

  /** The connection is gone: wait for a new one. */
  #interrupt(error: Error): void {
    this.#state = 'interrupted';
    this.#listeners.emit('interrupted', error);
  }

  async #reopen(host: SubscriptionHost): Promise<void> {
    if (this.#state !== 'interrupted') return;
    this.#host.router.members.delete(this);
    this.#host = host;
    host.router.members.add(this);
    this.#state = 'reconnecting';
    await this.#reestablish(new Error('The connection ended'), false);
  }

  /** New listen requests, with backoff, until one is acknowledged or the attempts run out. */
  async #reestablish(cause: Error, waitFirst: boolean): Promise<void> {
    const { initialDelayMs, maxDelayMs, factor, maxAttempts } = this.#reconnect;
    let lastError = cause;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if ((waitFirst || attempt > 0) && !(await this.#pause(Math.min(maxDelayMs, initialDelayMs * factor ** attempt))))
        return;
      if (this.#end) return;
      try {
        this.#acknowledged = await this.#listen();
      } catch (error) {
        if (this.#end) return;
        lastError = toError(error);
        if (this.#host.session.closed) return this.#interrupt(lastError);
        if (!isRetryable(error)) break;
        continue;
      }
      if (this.#end) return;
      this.#state = 'active';
      this.#listeners.emit('reestablished', this.#acknowledged);
      const item: SubscriptionEvent = { type: 'reestablished', acknowledged: this.#acknowledged };
      for (const queue of this.#queues) queue.push(item);
      return;
    }
    this.#finish({ reason: 'dropped', error: lastError });
  }

  /** Waits `ms`; false when the subscription ended meanwhile. */
  #pause(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve(true);
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  }

  #finish(end: SubscriptionEnd): void {
    if (this.#end) return;
    this.#end = end;
    this.#state = 'ended';
    this.#wake?.();
    this.#wake = undefined;
    // Still open (closed by this side): cancel it.
    this.#request?.abort(
      end.reason === 'cancelled'
        ? new CancelledByPeerError(end.message)
        : new CancelledError('The client closed the subscription'),
    );
    this.#host.router.members.delete(this);
    const error = end.reason === 'dropped' ? end.error : undefined;
    for (const queue of this.#queues) queue.end(error);
    this.#queues.clear();
    this.#listeners.emit('end', end);
    this.#resolveEnded(end);
  }
}

/** Events that replace each other in an iterator's queue: same kind (and resource). */
function sameEvent(a: SubscriptionEvent, b: SubscriptionEvent): boolean {
  if (a.type !== b.type) return false;
  return a.type !== 'resourceUpdated' || a.params.uri === (b as typeof a).params.uri;
}

/**
 * Whether a new listen request may succeed where this one failed: the stream or the network
 * failed, the server was unavailable, or it never acknowledged. A protocol error from the
 * server (unknown method, invalid params, ...) would only be repeated.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof JsonRpcError)
    return error.code === LocalErrorCode.ConnectionClosed || error.code === LocalErrorCode.RequestTimeout;
  // An HTTP status from the transport: worth retrying when the server may recover.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status >= 500 || status === 408 || status === 429;
  return true;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
