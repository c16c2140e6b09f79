/**
 * The options of one call through the host, in a file of their own: the host and the chat
 * loop both take them, and the chat loop must not import the host it is given.
 * @module
 */
import type { CancelSource } from 'mcpkit';
import type { InputRequiredHook } from 'mcpkit/client';

/** Options of one call through the host. */
export interface HostCallOptions {
  signal?: AbortSignal;
  /** Cancels the call as `signal` does, without one (see `CancelSource`): a gateway's client's request. */
  cancelWith?: CancelSource;
  timeoutMs?: number;
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
