/**
 * Log messages from server to client, and the level that opts into them.
 * @module
 */
import type { NotificationParams, RequestParams } from './base.js';

/** Syslog severities (RFC 5424), least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** The severity of a log message. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

/** Params of `logging/setLevel`. Until 2025-11-25 (since 2026-07-28 the level rides on each request's `_meta`). */
export type SetLevelRequestParams = RequestParams & {
  /** The lowest level the client wants to hear. */
  level: LoggingLevel;
};

/** Params of `notifications/message`. */
export type LoggingMessageNotificationParams = NotificationParams & {
  /** The message's severity. */
  level: LoggingLevel;
  /** The name of the logger that issued the message. */
  logger?: string;
  /** Any JSON value. */
  data: unknown;
};
