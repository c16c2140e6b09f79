/**
 * An era cache kept in a JSON file, so a program that connects once per run (the `mcpkit`
 * command) does not probe a server of the legacy era every time: the spec allows the era
 * to be remembered across restarts, and re-probed when it turns out wrong.
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { asEraRecord, type EraCache, type EraRecord } from '../protocol/era-cache.js';

/**
 * An {@link EraCache} in a file, read on each lookup and written on each change (replaced
 * whole, so a reader never sees half a file). A file that cannot be read or written is an
 * empty cache: remembering eras saves time, and its failure must never fail a connection.
 */
export class FileEraCache implements EraCache {
  /** The file the cache is kept in. */
  readonly path: string;
  readonly #maxEntries: number;

  constructor(path: string, maxEntries = 200) {
    this.path = path;
    this.#maxEntries = maxEntries;
  }

  get(key: string): EraRecord | undefined {
    return asEraRecord(this.#read()[key]);
  }

  set(key: string, record: EraRecord): void {
    const records = this.#read();
    delete records[key];
    records[key] = record;
    const keys = Object.keys(records);
    for (const oldest of keys.slice(0, Math.max(0, keys.length - this.#maxEntries))) delete records[oldest];
    this.#write(records);
  }

  delete(key: string): void {
    const records = this.#read();
    if (!(key in records)) return;
    delete records[key];
    this.#write(records);
  }

  #read(): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }

  #write(records: Record<string, unknown>): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const temporary = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(records, null, 2)}\n`);
      renameSync(temporary, this.path);
    } catch {
      // Not remembered: the next connection probes again.
    }
  }
}

/**
 * Where the `mcpkit` command keeps its era cache: `$MCPKIT_CACHE_DIR/eras.json`, else under
 * `$XDG_CACHE_HOME/mcpkit`, else `~/.cache/mcpkit`.
 */
export function defaultEraCachePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const dir = env.MCPKIT_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'mcpkit');
  return join(dir, 'eras.json');
}
