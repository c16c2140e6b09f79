// Shared helpers for the transport tests: fixture paths, an awaitable queue, failure guards.
import { fileURLToPath } from 'node:url';

/** The compiled path of a fixture in test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}.js`, import.meta.url));
}

/** Rejects if `promise` has not settled within `ms`: a guard against hangs, never a wait. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/** Values pushed by callbacks, taken in order by awaiting `next()`. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((value: T) => void)[] = [];

  readonly push = (value: T): void => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.items.push(value);
  };

  next(what = 'the next value', ms = 5000): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift() as T);
    return within(new Promise<T>((resolve) => this.waiters.push(resolve)), ms, what);
  }

  get size(): number {
    return this.items.length;
  }
}
