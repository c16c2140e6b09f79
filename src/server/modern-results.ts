/**
 * What every modern result of a server carries: `resultType`, the server's identity in `_meta`
 * and, on list, read and discover results, the caching hints of its `cache` option. The module
 * holds both halves: the check of those hints (`cacheHintsByMethod`, `checkedTtl`,
 * `checkedScope`), run when the server is built so a value the spec does not allow fails there
 * and not on some later request, and the dressing itself (`ModernResults.dress`), which the
 * server's `ModernServing` finishes each modern result with. Out of `server.ts`, which only
 * wires it.
 * @module
 */
import { SerializedResult } from '../jsonrpc/serialized-result.js';
import { dressResult } from '../protocol/modern.js';
import type { ResultFinisher } from '../protocol/modern-serving.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import { LATEST_VERSION } from '../protocol/versions.js';
import type { CacheableMethod, CacheScope, Implementation } from '../types/base.js';
import { CACHEABLE_METHODS } from '../types/methods.js';

/** How long a client may reuse a result (`ttlMs`), and whether a shared cache may (`cacheScope`). */
export interface CacheHints {
  ttlMs?: number;
  cacheScope?: CacheScope;
}

/** The server's hints, and per method the ones that override them. */
export type CacheOptions = CacheHints & { methods?: Partial<Record<CacheableMethod, CacheHints>> };

/** Dresses a server's modern results; `dress` is what its `ModernServing` finishes them with. */
export class ModernResults {
  readonly #hints: Map<string, Required<CacheHints>>;
  /** The server's identity, shaped once: every modern result carries it. */
  readonly #info: Record<string, unknown>;
  readonly #dressedOnce = new WeakMap<SerializedResult, SerializedResult<Record<string, unknown>>>();

  /** Throws a `TypeError` naming the option when `cache` holds what the spec does not allow. */
  constructor(info: Implementation, cache: CacheOptions | undefined) {
    this.#hints = cacheHintsByMethod(cache);
    this.#info = shapeForRevision('Implementation', info, LATEST_VERSION);
  }

  readonly dress: ResultFinisher = (method, result) => {
    // A result made once for many answers (a list) is dressed once too, text and all.
    const once = result instanceof SerializedResult;
    const known = once ? this.#dressedOnce.get(result) : undefined;
    if (known !== undefined) return known;
    const dressed = dressResult(result, this.#info);
    const hints = this.#hints.get(method);
    if (hints !== undefined && dressed.resultType === 'complete') {
      dressed.ttlMs ??= hints.ttlMs;
      dressed.cacheScope ??= hints.cacheScope;
    }
    if (!once) return dressed;
    const serialized = new SerializedResult(dressed);
    this.#dressedOnce.set(result, serialized);
    return serialized;
  };
}

/** The hints each cacheable method's results carry, the per-method ones over the server's. */
function cacheHintsByMethod(cache: CacheOptions = {}): Map<string, Required<CacheHints>> {
  const hints = new Map<string, Required<CacheHints>>();
  const ttlMs = checkedTtl(cache.ttlMs ?? 0, 'cache.ttlMs');
  const cacheScope = checkedScope(cache.cacheScope ?? 'private', 'cache.cacheScope');
  for (const method of CACHEABLE_METHODS) {
    const own = cache.methods?.[method];
    const where = `cache.methods["${method}"]`;
    hints.set(method, {
      ttlMs: own?.ttlMs === undefined ? ttlMs : checkedTtl(own.ttlMs, `${where}.ttlMs`),
      cacheScope: own?.cacheScope === undefined ? cacheScope : checkedScope(own.cacheScope, `${where}.cacheScope`),
    });
  }
  for (const method of Object.keys(cache.methods ?? {})) {
    if (!hints.has(method))
      throw new TypeError(
        `cache.methods: ${method} results carry no caching hints (cacheable: ${CACHEABLE_METHODS.join(', ')})`,
      );
  }
  return hints;
}

/** `scope`, refused unless the spec allows it; `where` names the option. */
export function checkedScope(scope: CacheScope, where: string): CacheScope {
  if (scope !== 'public' && scope !== 'private')
    throw new TypeError(`${where} must be 'public' or 'private', got ${String(scope)}`);
  return scope;
}

/** `ttlMs`, refused unless the spec allows it; `where` names the option. */
export function checkedTtl(ttlMs: number, where: string): number {
  if (!Number.isInteger(ttlMs) || ttlMs < 0)
    throw new TypeError(`${where} must be a whole number of milliseconds >= 0, got ${ttlMs}`);
  return ttlMs;
}
