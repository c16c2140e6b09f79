/**
 * Which subscription a message of a `subscriptions/listen` stream belongs to, read from the
 * subscription id in its `_meta` (the id of the listen request that opened the stream). On
 * stdio every stream shares one channel, so this is how they are told apart. One per connection.
 * @module
 */
import { isObject, isRequestId, type RequestId } from '../jsonrpc/message.js';
import type { NotificationHandler } from '../protocol/session.js';
import { META } from '../types/meta.js';
import type { SubscriptionsAcknowledgedNotificationParams } from '../types/subscriptions.js';
import type { Subscription } from './subscription.js';

/** The notifications a stream carries, by the name of the session event they also raise. */
export type StreamNotification = 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged' | 'resourceUpdated';

/** One listen request in flight: what becomes of the messages that name it. */
export interface ListenAttempt {
  acknowledged(params: SubscriptionsAcknowledgedNotificationParams): void;
  notification(event: StreamNotification, params: Record<string, unknown>): void;
  /** The server tore the stream down with `notifications/cancelled` (stdio). */
  cancelled(reason: string | undefined): void;
}

export class SubscriptionRouter {
  readonly #attempts = new Map<RequestId, ListenAttempt>();
  /** The subscriptions opened on this connection that have not ended. */
  readonly members = new Set<Subscription>();
  /** Where a subscription's failing listener is reported. */
  readonly onError: ((error: Error) => void) | undefined;

  constructor(onError?: (error: Error) => void) {
    this.onError = onError;
  }

  /** Routes the messages naming `id` to `attempt` until it is detached. */
  attach(id: RequestId, attempt: ListenAttempt): void {
    this.#attempts.set(id, attempt);
  }

  detach(id: RequestId, attempt: ListenAttempt): void {
    if (this.#attempts.get(id) === attempt) this.#attempts.delete(id);
  }

  /** The handler of the stream messages that concern only subscriptions. */
  handler(method: string): NotificationHandler | undefined {
    if (method === 'notifications/subscriptions/acknowledged') {
      return (params) =>
        this.#attempt(subscriptionIdOf(params))?.acknowledged(params as SubscriptionsAcknowledgedNotificationParams);
    }
    if (method === 'notifications/cancelled') {
      return (params) =>
        this.#attempt(params.requestId)?.cancelled(typeof params.reason === 'string' ? params.reason : undefined);
    }
    return undefined;
  }

  /**
   * Hands a notification to the subscription it names. True when it should also raise the
   * session's event: it names a live subscription, or none (a legacy session's notification).
   * One naming a subscription that is over (closed, or not ours) is dropped.
   */
  route(event: StreamNotification, params: Record<string, unknown>): boolean {
    const id = subscriptionIdOf(params);
    if (id === undefined) return true;
    const attempt = this.#attempts.get(id);
    attempt?.notification(event, params);
    return attempt !== undefined;
  }

  #attempt(id: unknown): ListenAttempt | undefined {
    return isRequestId(id) ? this.#attempts.get(id) : undefined;
  }
}

function subscriptionIdOf(params: Record<string, unknown>): RequestId | undefined {
  const meta = params._meta;
  const id = isObject(meta) ? meta[META.subscriptionId] : undefined;
  return isRequestId(id) ? id : undefined;
}
