// Keeps only the declarations an entry point reaches. tsc declares every file of src/ (the command
// line and the inspector's page too), but a user's compiler reads only what the `types` of
// package.json `exports` import, and what those import in turn: the rest is shipped for nothing.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** `from '…'`, `import('…')`, `import '…'` and `/// <reference path="…" />` in a declaration file. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|<reference\s+path=)["']([^"']+)["']/g;

/** The declaration file a relative specifier of `from` names, or undefined where none exists. */
function declarationOf(from, specifier) {
  const target = resolve(dirname(from), specifier);
  const candidates = [target.replace(/\.(m|c)?jsx?$/, '.d.$1ts'), `${target}.d.ts`, join(target, 'index.d.ts'), target];
  return candidates.find((file) => file.endsWith('.ts') && existsSync(file));
}

/** The declaration files reachable from `entries` by their relative imports. */
function reachable(entries) {
  const seen = new Set();
  const pending = entries.map((file) => resolve(file));
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`declaration entry ${file} was not emitted`);
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!specifier.startsWith('.')) continue;
      const next = declarationOf(file, specifier);
      if (!next) throw new Error(`${file} imports ${specifier}, which has no declaration`);
      pending.push(next);
    }
  }
  return seen;
}

/** Removes every file under `dir` not in `keep`, then the folders left empty; returns how many files went. */
function removeAllBut(dir, keep) {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory()) {
      removed += removeAllBut(path, keep);
      if (readdirSync(path).length === 0) rmdirSync(path);
    } else if (!keep.has(path)) {
      rmSync(path);
      removed++;
    }
  }
  return removed;
}

/**
 * Removes from `dir` the declaration files that no `types` of package.json `exports` reaches.
 * @param {string} dir the declarations' folder (dist/types)
 * @param {Record<string, unknown>} exports package.json `exports`
 * @returns {{ kept: number, removed: number }}
 */
export function pruneDeclarations(dir, exports) {
  const entries = Object.values(exports)
    .map((target) => (typeof target === 'object' && target !== null ? target.types : undefined))
    .filter((types) => typeof types === 'string');
  const keep = reachable(entries);
  for (const file of keep) {
    if (!file.startsWith(resolve(dir) + '/')) throw new Error(`declaration ${file} is outside ${dir}`);
  }
  return { kept: keep.size, removed: removeAllBut(dir, keep) };
}
