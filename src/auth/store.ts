/**
 * Where a client keeps what authorization gave it (registrations, tokens), as JSON values
 * under keys the client chooses. A store only keeps values; what they mean, and which
 * authorization server each is bound to, is the client's business. Memory by default;
 * `mcpkit/node` has a file store for command-line and desktop apps.
 * @module
 */

/** A place to keep JSON values by key. Implementations may be asynchronous (a keychain, a database). */
export interface AuthStore {
  /** The value kept under `key`, or `undefined`. */
  get(key: string): Promise<unknown>;
  /** Keeps `value` (JSON: objects, arrays, strings, numbers, booleans, null) under `key`. */
  set(key: string, value: unknown): Promise<void>;
  /** Forgets `key`; nothing happens when nothing is kept there. */
  delete(key: string): Promise<void>;
}

/** An `AuthStore` in this process's memory; it hands out copies, so a caller cannot change what it keeps. */
export class MemoryAuthStore implements AuthStore {
  readonly #values = new Map<string, unknown>();

  get(key: string): Promise<unknown> {
    return Promise.resolve(this.#values.has(key) ? structuredClone(this.#values.get(key)) : undefined);
  }

  set(key: string, value: unknown): Promise<void> {
    this.#values.set(key, structuredClone(value));
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.#values.delete(key);
    return Promise.resolve();
  }
}
