/**
 * Values that are there at once or later. Handlers on the hot path (a tool that answers at once,
 * a schema check that needs no loading) stay synchronous, so a request costs no promise or
 * microtask it does not need.
 * @module
 */

/** Whether `value` is a promise or any thenable, as `await` would treat it. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** `next(value)` at once when `value` is there, once it arrives when it is a promise. */
export function andThen<T, U>(value: T | PromiseLike<T>, next: (value: T) => U | PromiseLike<U>): U | Promise<U> {
  return isThenable(value) ? Promise.resolve(value).then(next) : (next(value) as U | Promise<U>);
}
