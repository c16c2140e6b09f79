/**
 * `subscriptions/listen`: a long-lived stream of change notifications the client opted into. Since 2026-07-28.
 * @module
 */
import type { NotificationParams, RequestId, RequestParams, Result, ResultMeta } from './base.js';

/** The notification types a client opts into; the acknowledgment echoes the subset the server honours. */
export type SubscriptionFilter = {
  /** Tell when the tools change. */
  toolsListChanged?: boolean;
  /** Tell when the prompts change. */
  promptsListChanged?: boolean;
  /** Tell when the list of resources changes. */
  resourcesListChanged?: boolean;
  /** URIs to receive `notifications/resources/updated` for. */
  resourceSubscriptions?: string[];
  /** Tasks to receive `notifications/tasks` for (the tasks extension). */
  taskIds?: string[];
};

/** Params of `subscriptions/listen`. */
export type SubscriptionsListenRequestParams = RequestParams & {
  /** The notifications the client wants. */
  notifications: SubscriptionFilter;
};

/** The `_meta` of a `subscriptions/listen` result. */
export type SubscriptionsListenResultMeta = ResultMeta & {
  /** The JSON-RPC id of the `subscriptions/listen` request. */
  'io.modelcontextprotocol/subscriptionId': RequestId;
};

/** The result of `subscriptions/listen`, sent only when the server ends the subscription gracefully. */
export type SubscriptionsListenResult = Result & {
  /** Names the subscription that ended. */
  _meta: SubscriptionsListenResultMeta;
};

/** Params of `notifications/subscriptions/acknowledged`, the first message of a subscription. */
export type SubscriptionsAcknowledgedNotificationParams = NotificationParams & {
  /** The notifications the server will send: those asked for that it honours. */
  notifications: SubscriptionFilter;
};
