/**
 * The envelope a modern client session puts in the `_meta` of every request it sends: the
 * revision, the client's identity and capabilities, and what the client set since (a log
 * level), since the modern revision remembers nothing between requests.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';

export class RequestStamp {
  #meta: Record<string, unknown> | undefined;

  /** Whether requests are stamped yet (from the moment the server's era is known to be modern). */
  get active(): boolean {
    return this.#meta !== undefined;
  }

  /** Stamps every later request with `meta`. */
  set(meta: Record<string, unknown>): void {
    this.#meta = meta;
  }

  /**
   * Adds `key: value` to what later requests carry. A new object, so requests already sent keep
   * what they were sent with.
   */
  add(key: string, value: unknown): void {
    if (this.#meta === undefined) throw new Error('Only a modern client session stamps its requests');
    this.#meta = Object.assign({}, this.#meta, { [key]: value });
  }

  /** `params` with the envelope in its `_meta`. */
  apply(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    return this.#meta === undefined ? params : withMeta(params, this.#meta);
  }
}

/** `params` with `meta` merged into its `_meta` (a copy; the caller's objects are left alone). */
export function withMeta(
  params: Record<string, unknown> | undefined,
  meta: Record<string, unknown>,
): Record<string, unknown> {
  // Object.assign rather than spreads: a spread copy given new members is slow on V8 11.
  const merged = Object.assign({}, params);
  merged._meta = Object.assign({}, isObject(params?._meta) ? params._meta : undefined, meta);
  return merged;
}
