/**
 * The time source for timeouts, injectable so tests can drive time by hand.
 * @module
 */

export type TimerHandle = unknown;

/** Where timeouts read the time and set their timers: the system's by default, a `ManualClock` in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once, `ms` milliseconds from now. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  /** Cancels a timer `setTimeout` set; a timer that already ran is left alone. */
  clearTimeout(handle: TimerHandle): void;
}

/** Real time. Timers are unref'd where the runtime supports it, so a pending timeout never keeps a process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms) as unknown as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/** Waits `ms` on `clock`, or rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
