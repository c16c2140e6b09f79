/**
 * A clock that moves only when told, for testing timeouts without waiting.
 * @module
 */
import type { Clock, TimerHandle } from '../jsonrpc/clock.js';

interface Timer {
  at: number;
  callback: () => void;
  seq: number;
}

/**
 * A clock that moves only when told (`advance`), for testing timeouts without waiting: give it to a
 * server, client or connection as `clock`.
 */
export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, Timer>();

  constructor(start = 0) {
    this.#now = start;
  }

  /** The clock's time, in milliseconds: it moves only with `advance`. */
  now(): number {
    return this.#now;
  }

  /** Calls `callback` once `advance` has moved the clock `ms` milliseconds on. */
  setTimeout(callback: () => void, ms: number): TimerHandle {
    const seq = ++this.#seq;
    this.#timers.set(seq, { at: this.#now + Math.max(0, ms), callback, seq });
    return seq;
  }

  /** Cancels a timer that has not run. */
  clearTimeout(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time forward, firing due timers in order (including ones set while advancing). */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.#timers.values()) {
        if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      }
      if (!next) break;
      this.#timers.delete(next.seq);
      this.#now = next.at;
      next.callback();
    }
    this.#now = target;
  }
}
