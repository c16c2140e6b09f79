/**
 * Scopes as space-separated lists, and the choice of what to ask for (2025-11-25's scope
 * selection, 2026-07-28's union on step-up): the challenge's scope when it gives one, else the
 * protected resource's `scopes_supported`, else none at all.
 * @module
 */

/** The scopes of a space-separated list, each once, in order. */
export function scopeList(scope: string | undefined): string[] {
  if (scope === undefined) return [];
  return [...new Set(scope.split(' ').filter((s) => s !== ''))];
}

/** Each scope of the lists once, in the order first seen. */
export function union(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/** Whether every scope of `some` is in `all`. */
export function within(some: readonly string[], all: readonly string[]): boolean {
  return some.every((s) => all.includes(s));
}

/** The scopes a challenge or the protected resource ask for; empty means the `scope` parameter is left out. */
export function selectScopes(
  challengeScope: string | undefined,
  scopesSupported: readonly string[] | undefined,
): string[] {
  const challenged = scopeList(challengeScope);
  return challenged.length > 0 ? challenged : [...(scopesSupported ?? [])];
}
