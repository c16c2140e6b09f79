/**
 * Notifications not tied to one feature: cancellation, progress, list changes.
 * @module
 */
import type { NotificationParams, ProgressToken, RequestId } from './base.js';

/** Params of `notifications/cancelled`. */
export type CancelledNotificationParams = NotificationParams & {
  /**
   * The request to cancel, sent earlier in the same direction. (The 2025-11-25 schema marks it
   * optional; its text requires it.)
   */
  requestId: RequestId;
  /** Why, for logs. */
  reason?: string;
};

/** Params of `notifications/progress`. */
export type ProgressNotificationParams = NotificationParams & {
  /** The token from the request's `_meta.progressToken`. */
  progressToken: ProgressToken;
  /** Increases with each notification, even if `total` is unknown. */
  progress: number;
  /** The value `progress` will reach when done, if known. */
  total?: number;
  /** Since 2025-03-26. */
  message?: string;
};

/** Params of `notifications/initialized`. Until 2025-11-25. */
export type InitializedNotificationParams = NotificationParams;

/**
 * Params of the `notifications/{tools,prompts,resources}/list_changed` and
 * `notifications/roots/list_changed` notifications.
 */
export type ListChangedNotificationParams = NotificationParams;
