/**
 * Whether a name can be an npm package's: the rules `npm init` and the registry keep for a new
 * package (those of npm's own `validate-npm-package-name`), so `npm install` and `npm publish`
 * accept the project as made.
 * @module
 */
import { builtinModules } from 'node:module';

/** Names the registry keeps for itself. */
const RESERVED = new Set(['node_modules', 'favicon.ico']);

/** Why `name` cannot be a new npm package's name, or `undefined` when it can. */
export function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > 214) return 'it is longer than 214 characters';
  if (name.trim() !== name) return 'it starts or ends with a space';
  if (name.toLowerCase() !== name) return 'it has capital letters';
  if (/[~'!()*]/.test(name)) return "it has one of the characters ~'!()*";
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name);
  if (name.startsWith('@') && scoped === null) return 'a scoped name is @scope/name';
  const parts = scoped === null ? [name] : [scoped[1]!, scoped[2]!];
  for (const part of parts) {
    if (part.startsWith('.') || part.startsWith('_')) return 'it starts with "." or "_"';
    if (encodeURIComponent(part) !== part) return 'it has characters a URL would escape (spaces, slashes, ...)';
  }
  if (RESERVED.has(name)) return `"${name}" is reserved`;
  if (builtinModules.includes(name)) return `"${name}" is a module of Node itself`;
  return undefined;
}

/**
 * A valid package name made from a folder's name (`My Server` gives `my-server`), or
 * `undefined` when nothing usable is left.
 */
export function packageNameFrom(folder: string): string | undefined {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name === '' || packageNameProblem(name) !== undefined ? undefined : name;
}
