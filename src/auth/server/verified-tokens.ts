/**
 * Tokens already verified, so a client that sends the same token on every request (as clients
 * do, for an hour at a time) costs one signature check or one introspection call, not one per
 * request. An entry lives for the verifier's `ttlMs` or until the token expires, whichever
 * comes first, and counts only for the resource it was verified for; the oldest entry makes
 * room when the cache is full.
 * @module
 */
import type { Clock } from '../../jsonrpc/clock.js';
import type { AuthInfo } from '../auth-info.js';

interface Entry {
  readonly auth: AuthInfo;
  /** What the token was verified to be meant for. */
  readonly resource: string;
  /** Milliseconds since the epoch, on the verifier's clock. */
  readonly until: number;
}

export class VerifiedTokens {
  readonly #entries = new Map<string, Entry>();
  /**
   * The token found last, and its entry: most servers hear from one client at a time, and
   * comparing a token with the last one costs less than hashing it for the map.
   */
  #lastToken: string | undefined;
  #last: Entry | undefined;
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #clock: Clock;

  constructor(maxEntries: number, ttlMs: number, clock: Clock) {
    if (!(maxEntries >= 0) || !Number.isInteger(maxEntries))
      throw new RangeError(`cacheMaxEntries must be a whole number >= 0, got ${String(maxEntries)}`);
    if (!(ttlMs >= 0)) throw new RangeError(`cacheTtlMs must be a number >= 0, got ${String(ttlMs)}`);
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  /** The `AuthInfo` `token` was verified to be, for `resource`, while that still holds. */
  get(token: string, resource: string): AuthInfo | undefined {
    const entry = token === this.#lastToken ? this.#last : this.#entries.get(token);
    if (entry === undefined) return undefined;
    if (this.#clock.now() < entry.until && entry.resource === resource) {
      this.#lastToken = token;
      this.#last = entry;
      return entry.auth;
    }
    this.#entries.delete(token);
    if (token === this.#lastToken) this.#lastToken = this.#last = undefined;
    return undefined;
  }

  /** Remembers that `token` is `auth` for `resource`, unless it expires before it could be used again. */
  set(token: string, resource: string, auth: AuthInfo): void {
    if (this.#maxEntries === 0) return;
    const until = Math.min(this.#clock.now() + this.#ttlMs, auth.expiresAt ?? Infinity);
    if (!(until > this.#clock.now())) return;
    if (this.#entries.size >= this.#maxEntries && !this.#entries.has(token)) {
      // A Map iterates in insertion order: its first key is the oldest entry.
      const oldest = this.#entries.keys().next().value!;
      this.#entries.delete(oldest);
      if (oldest === this.#lastToken) this.#lastToken = this.#last = undefined;
    }
    this.#entries.set(token, { auth, resource, until });
  }
}
