/**
 * Where the command line keeps what it needs to reach servers that ask for authorization: one
 * directory per server URL under the cache directory (`$MCPKIT_CACHE_DIR/auth/<hash>`), a
 * `FileAuthStore` holding the client's registration, the server's authorization server and
 * the tokens, each file readable by its owner only. Per server, so `logout` forgets one
 * server without touching the others.
 * @module
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultEraCachePath, FileAuthStore } from 'mcpkit/node';

/** The directory of the command's caches: `$MCPKIT_CACHE_DIR`, else `$XDG_CACHE_HOME/mcpkit`, else `~/.cache/mcpkit`. */
export function cacheDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string {
  // The era cache's directory, chosen there once.
  return dirname(defaultEraCachePath(env));
}

/** The directory kept for the server at `serverUrl`. */
export function serverAuthDirectory(serverUrl: string): string {
  const hash = createHash('sha256').update(serverUrl, 'utf8').digest('hex').slice(0, 32);
  return join(cacheDirectory(), 'auth', hash);
}

/** The store of the server at `serverUrl`. */
export function serverAuthStore(serverUrl: string): FileAuthStore {
  return new FileAuthStore(serverAuthDirectory(serverUrl));
}

/** What {@link forgetServer} removed, by kind, for the user to read. */
export interface Forgotten {
  readonly directory: string;
  /** `tokens`, `client registration`, ...: one entry per file removed. */
  readonly kinds: string[];
}

/** Removes everything kept for the server at `serverUrl`; says what it was. */
export async function forgetServer(serverUrl: string): Promise<Forgotten> {
  const directory = serverAuthDirectory(serverUrl);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return { directory, kinds: [] };
  }
  const kinds: string[] = [];
  for (const name of names) kinds.push(await kindOf(join(directory, name)));
  kinds.sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
  await rm(directory, { recursive: true, force: true });
  return { directory, kinds };
}

/** The kinds of file, in the order they are told. */
const KINDS = ['tokens', 'client registration', 'authorization server record', 'redirect port', 'a file'];

/** What a file of the store holds, by its key (the value is not shown: it may be a secret). */
async function kindOf(file: string): Promise<string> {
  let key: unknown;
  try {
    key = (JSON.parse(await readFile(file, 'utf8')) as { key?: unknown }).key;
  } catch {
    return 'a file';
  }
  if (typeof key !== 'string') return 'a file';
  if (key.startsWith('mcpkit/oauth/tokens')) return 'tokens';
  if (key.startsWith('mcpkit/oauth/registration')) return 'client registration';
  if (key.startsWith('mcpkit/oauth/server')) return 'authorization server record';
  if (key === REDIRECT_PORT_KEY) return 'redirect port';
  return 'a file';
}

/** The key the loopback redirect port is remembered under, so the registration made for it is used again. */
export const REDIRECT_PORT_KEY = 'mcpkit-cli/redirect-port';
