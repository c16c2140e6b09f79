/**
 * The client session's cache of results that carry caching hints (2026-07-28): list pages,
 * `resources/read`, `server/discover` and the Skills extension's results, each kept for the `ttlMs` the server gave, keyed by
 * method and params, and dropped when a notification says the data changed.
 * @module
 */
import type { Clock } from '../jsonrpc/clock.js';
import type { CacheScope } from '../types/base.js';
import { canonicalJson } from '../internal/canonical-json.js';
import { CACHEABLE_METHODS } from '../types/methods.js';
import { SKILLS_METHODS } from '../types/skills.js';

/** The methods whose complete results may carry `ttlMs` and `cacheScope`: the spec's, and the Skills extension's. */
const CACHEABLE: ReadonlySet<string> = new Set([...CACHEABLE_METHODS, ...Object.values(SKILLS_METHODS)]);

/** How many results a session keeps by default; the oldest stored goes first beyond that. */
export const DEFAULT_MAX_CACHE_ENTRIES = 500;

interface Entry {
  result: Record<string, unknown>;
  /** Fresh while the clock reads less than this. */
  expires: number;
  scope: CacheScope;
  method: string;
  /** The `uri` of a `resources/read`, for `notifications/resources/updated`. */
  uri: string | undefined;
}

/**
 * One session's results, by method and params. A session is one authorization context, so
 * `public` and `private` results are both kept; `clear('private')` is for when the credentials
 * behind the session change. Results are copied in and out: a caller that changes the object
 * it got cannot change what the next caller gets.
 */
export class ResultCache {
  readonly #clock: Clock;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every eviction of a method, so a response fetched before it is not stored after it. */
  readonly #generations = new Map<string, number>();

  constructor(clock: Clock, maxEntries = DEFAULT_MAX_CACHE_ENTRIES) {
    this.#clock = clock;
    this.#maxEntries = maxEntries;
  }

  /** How many results are held (fresh or not yet found stale). */
  get size(): number {
    return this.#entries.size;
  }

  /** A copy of the fresh result for this request, if one is held. */
  get(method: string, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    const key = cacheKey(method, params);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (!(this.#clock.now() < entry.expires)) {
      this.#entries.delete(key);
      return undefined;
    }
    return structuredClone(entry.result);
  }

  /** The eviction generation of `method`: pass it back to `store` for a response to a request sent now. */
  generation(method: string): number {
    return this.#generations.get(method) ?? 0;
  }

  /**
   * Keeps `result` for its `ttlMs` when it says it may be kept: a complete result with a
   * positive `ttlMs`. A missing `cacheScope` counts as `private`. Nothing is stored when
   * `method` was evicted since `generation` was read: the result may predate the change.
   */
  store(
    method: string,
    params: Record<string, unknown> | undefined,
    result: Record<string, unknown>,
    generation: number,
  ): void {
    if (!CACHEABLE.has(method) || generation !== this.generation(method)) return;
    const resultType = result.resultType;
    if (resultType !== undefined && resultType !== 'complete') return;
    const ttlMs = result.ttlMs;
    if (typeof ttlMs !== 'number' || !(ttlMs > 0)) return;
    const key = cacheKey(method, params);
    this.#entries.delete(key); // re-inserted last: the map's order is the order of storing
    this.#entries.set(key, {
      result: structuredClone(result),
      expires: this.#clock.now() + ttlMs,
      scope: result.cacheScope === 'public' ? 'public' : 'private',
      method,
      uri: method === 'resources/read' && typeof params?.uri === 'string' ? params.uri : undefined,
    });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  /** Drops every result of `method` (every page of a list), or only those read from `uri`. */
  evict(method: string, uri?: string): void {
    this.#generations.set(method, this.generation(method) + 1);
    for (const [key, entry] of this.#entries) {
      if (entry.method === method && (uri === undefined || entry.uri === uri)) this.#entries.delete(key);
    }
  }

  /** Drops every result, or every result of one scope. */
  clear(scope?: CacheScope): void {
    for (const [key, entry] of this.#entries) {
      if (scope === undefined || entry.scope === scope) {
        this.#entries.delete(key);
        this.#generations.set(entry.method, this.generation(entry.method) + 1);
      }
    }
  }
}

/**
 * The key of a request: its method and all its params, with object keys in a fixed order so
 * that `{ a, b }` and `{ b, a }` are the same request. Params are what the caller passed, before
 * the session adds its envelope.
 */
export function cacheKey(method: string, params: Record<string, unknown> | undefined): string {
  return `${method} ${canonicalJson(params ?? {})}`;
}
