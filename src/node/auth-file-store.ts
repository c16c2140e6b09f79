/**
 * An `AuthStore` in a directory, for command-line and desktop apps that keep registrations and
 * tokens between runs: one file per key, readable by its owner only, replaced whole on each
 * change so that no reader, and no second process writing at once, ever sees half a file.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { AuthStore } from '../auth/store.js';

/** What one file holds: the key is kept too, so a file is only ever read back for its own key. */
interface Entry {
  key: string;
  value: unknown;
}

/**
 * An {@link AuthStore} keeping each key in a file of `directory`, named by the SHA-256 of the
 * key (a key can be any string: a server URL, an issuer). Files are mode 0600; a directory the
 * store creates is 0700, one that exists is left as it is. A file that is missing, unreadable
 * or not what the store writes reads as nothing kept. Writing goes to a temporary file in the
 * same directory, then renames it over the old one.
 */
export class FileAuthStore implements AuthStore {
  /** The directory the files are kept in. */
  readonly directory: string;

  constructor(directory: string) {
    if (typeof directory !== 'string' || directory === '') {
      throw new TypeError('FileAuthStore needs the path of a directory');
    }
    this.directory = resolve(directory);
  }

  async get(key: string): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(this.#file(key), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const entry = JSON.parse(text) as Partial<Entry> | null;
      return entry !== null && typeof entry === 'object' && entry.key === key ? entry.value : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown): Promise<void> {
    const file = this.#file(key);
    // Serialised before anything is touched: a value that is not JSON changes nothing.
    let text: string | undefined;
    try {
      text = JSON.stringify({ key, value } satisfies Entry);
    } catch (error) {
      throw new TypeError(`The value for this key is not JSON: ${(error as Error).message}`, { cause: error });
    }
    if (value === undefined || text === undefined) throw new TypeError('The value for this key is not JSON');
    await this.#ensureDirectory();
    const temporary = join(this.directory, `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        // The mode given to open is narrowed by the umask; this makes it exactly 0600.
        await handle.chmod(0o600);
        await handle.writeFile(`${text}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  #file(key: string): string {
    if (typeof key !== 'string') throw new TypeError('An AuthStore key is a string');
    return join(this.directory, `${createHash('sha256').update(key, 'utf8').digest('hex')}.json`);
  }

  /** Creates the directory (and any missing parent) as 0700; an existing one keeps its mode. */
  async #ensureDirectory(): Promise<void> {
    const first = await mkdir(this.directory, { recursive: true, mode: 0o700 });
    if (first === undefined) return;
    // The umask may have narrowed the mode; set it on each directory created here, and only those.
    const created: string[] = [];
    for (let dir = this.directory; ; dir = dirname(dir)) {
      created.push(dir);
      if (dir === first || dirname(dir) === dir) break;
    }
    for (const dir of created) await chmod(dir, 0o700);
  }
}
