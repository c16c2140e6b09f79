/**
 * The options of one call through the host, in a file of their own: the host and the chat
 * loop both take them, and the chat loop must not import the host it is given. And what the
 * host makes of them for the session: the request's options and its `_meta`.
 * @module
 */
import type { CancelSource } from 'mcpkit';
import type { InputRequiredHook } from 'mcpkit/client';

/** Options of one call through the host. */
export interface HostCallOptions {
  /** Cancels the call: the server is told, and the promise rejects. */
  signal?: AbortSignal;
  /** Cancels the call as `signal` does, without one (see `CancelSource`): a gateway's client's request. */
  cancelWith?: CancelSource;
  /** The time limit of the call, in place of the server's or the host's. */
  timeoutMs?: number;
  /** Called with each progress notification the server sends about the call. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The user asked for this very call: the policy's `ask` is taken as answered (a `deny` still refuses). */
  approved?: boolean;
  /** `_meta` for the request (trace context, ...); the progress token and a modern envelope are the session's own. */
  meta?: Record<string, unknown>;
  /**
   * Answers the input a modern server requires of this very call, in place of the host's
   * elicitation and sampling (a gateway asks its own client); see `InputRequiredHook`.
   */
  onInputRequired?: InputRequiredHook;
}

/** What the host passes on to a session with each request. */
export interface SessionRequestOptions {
  signal?: AbortSignal;
  cancelWith?: CancelSource;
  timeoutMs?: number;
  onInputRequired?: InputRequiredHook;
  onprogress?: HostCallOptions['onprogress'];
}

/** The session's options for a request (and the progress listener of a call): built field by field, as calls are many. */
export function requestOptions(
  options: HostCallOptions,
  onprogress?: HostCallOptions['onprogress'],
): SessionRequestOptions {
  const own: SessionRequestOptions = {};
  if (options.signal) own.signal = options.signal;
  if (options.cancelWith) own.cancelWith = options.cancelWith;
  if (options.timeoutMs !== undefined) own.timeoutMs = options.timeoutMs;
  if (options.onInputRequired) own.onInputRequired = options.onInputRequired;
  if (onprogress) own.onprogress = onprogress;
  return own;
}

/** `params` with `_meta` when there is one. */
export function withMeta<T extends object>(
  params: T,
  meta: Record<string, unknown> | undefined,
): T & { _meta?: Record<string, unknown> } {
  if (meta !== undefined) (params as { _meta?: Record<string, unknown> })._meta = meta;
  return params;
}
