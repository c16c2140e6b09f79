/**
 * When to try again after an event stream drops: exponential backoff, replaced by the wait
 * the server asked for with `retry`.
 * @module
 */

/** How a transport reconnects a dropped event stream. */
export interface ReconnectOptions {
  /** Wait before the first attempt when the server sent no `retry`. Default 1000 ms. */
  initialDelayMs: number;
  /** The longest wait between attempts. Default 30 000 ms. */
  maxDelayMs: number;
  /** Each failed attempt multiplies the wait by this. Default 1.5. */
  factor: number;
  /**
   * Attempts in a row that bring no event before giving up. Default 5. An attempt that
   * brings events starts the count again.
   */
  maxRetries: number;
}

/** The reconnection used when none is given: about a minute of attempts in all. */
export const DEFAULT_RECONNECT_OPTIONS: Readonly<ReconnectOptions> = Object.freeze({
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  factor: 1.5,
  maxRetries: 5,
});

/** The defaults with `options` over them, checked. */
export function reconnectOptions(options: Partial<ReconnectOptions> = {}): ReconnectOptions {
  const merged = { ...DEFAULT_RECONNECT_OPTIONS, ...options };
  for (const key of ['initialDelayMs', 'maxDelayMs', 'maxRetries'] as const) {
    if (!(merged[key] >= 0)) throw new RangeError(`reconnect.${key} must be a non-negative number, got ${merged[key]}`);
  }
  if (!(merged.factor >= 1)) throw new RangeError(`reconnect.factor must be at least 1, got ${merged.factor}`);
  return merged;
}

/**
 * The wait before attempt `attempt` (0 for the first). The server's `retry`, when it sent
 * one, replaces the initial delay: the spec requires the client to respect it.
 */
export function reconnectDelay(options: ReconnectOptions, attempt: number, retryMs?: number): number {
  const base = retryMs ?? options.initialDelayMs;
  const backoff = Math.min(options.maxDelayMs, base * options.factor ** attempt);
  // The cap is ours; it never shortens a wait the server asked for.
  return retryMs === undefined ? backoff : Math.max(retryMs, backoff);
}

/** Resolves after `ms`, or at once when `signal` aborts; true when the wait was not aborted. */
export function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
