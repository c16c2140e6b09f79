/**
 * Scopes on the resource server's side: checking the ones a server declares, and deciding
 * whether a token's grant covers the ones a request needs, counting the scopes a broader one
 * implies (the spec has servers account for such hierarchies).
 * @module
 */
import type { AuthInfo } from '../auth-info.js';

/** A scope token (RFC 6749 §3.3): printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** `scopes` as a frozen list, after checking each is a scope token; `where` names the option in errors. */
export function checkedScopes(scopes: unknown, where: string): readonly string[] {
  if (scopes === undefined) return NO_SCOPES;
  if (!Array.isArray(scopes)) throw new TypeError(`${where} must be a list of scopes`);
  for (const scope of scopes) {
    if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope))
      throw new TypeError(`${where}: ${JSON.stringify(scope)} is not a scope (printable ASCII, no spaces or quotes)`);
  }
  return Object.freeze([...new Set(scopes as string[])]);
}

export const NO_SCOPES: readonly string[] = Object.freeze([]);

/** `a` then the members of `b` not in it. */
export function unionOf(a: readonly string[], b: readonly string[]): readonly string[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])];
}

/**
 * What a grant covers: the scopes granted and, through `implied` (a broader scope to the
 * narrower ones it includes, followed as far as it goes), the scopes they imply. Worked out
 * once per `AuthInfo`: a verified token hands the same object to every request that carries it.
 */
export class ScopeGrants {
  readonly #implied: ReadonlyMap<string, readonly string[]>;
  readonly #covered = new WeakMap<AuthInfo, ReadonlySet<string>>();

  constructor(implied: Readonly<Record<string, readonly string[]>> = {}) {
    const map = new Map<string, readonly string[]>();
    for (const [scope, narrower] of Object.entries(implied)) {
      checkedScopes([scope], 'impliedScopes');
      map.set(scope, checkedScopes(narrower, `impliedScopes[${JSON.stringify(scope)}]`));
    }
    this.#implied = map;
  }

  /** Whether `auth` covers every scope of `needed`. */
  covers(auth: AuthInfo, needed: readonly string[]): boolean {
    if (needed.length === 0) return true;
    const covered = this.#coveredBy(auth);
    for (let i = 0; i < needed.length; i++) if (!covered.has(needed[i]!)) return false;
    return true;
  }

  #coveredBy(auth: AuthInfo): ReadonlySet<string> {
    let covered = this.#covered.get(auth);
    if (covered === undefined) {
      const set = new Set<string>();
      const pending = [...auth.scopes];
      while (pending.length > 0) {
        const scope = pending.pop()!;
        if (set.has(scope)) continue;
        set.add(scope);
        pending.push(...(this.#implied.get(scope) ?? NO_SCOPES));
      }
      covered = set;
      this.#covered.set(auth, covered);
    }
    return covered;
  }
}
