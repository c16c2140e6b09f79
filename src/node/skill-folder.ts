/**
 * `folderSkills`: the skills of a folder on disk, as a `SkillSource` for the `skills` option of
 * a server. Safe by construction: it reads nothing outside the folder. A path must be relative
 * and `/`-separated, each segment a plain name (no `..`, no `\`, no NUL); symlinks are listed as
 * special entries and never followed (so the server never serves a skill holding one); a file is
 * opened without following a symlink (`O_NOFOLLOW` where the platform has it) and without
 * blocking on a FIFO, must be a regular file, and must be, once open, the very file that lies at
 * its path inside the folder with no symlink on the way. So a folder or file swapped for a
 * symlink between listing and reading is refused, not followed. Watching is optional.
 * @module
 */
import { createHash } from 'node:crypto';
import { constants, realpathSync, statSync } from 'node:fs';
import { lstat, open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { checkedMaxFileBytes, isRelativePath } from '../server/skills/source.js';
import type { SkillFileInfo, SkillSource, SkillSourceEntry } from '../server/skills/source.js';
import { SKILL_LIMITS } from '../types/skills.js';
import { watchFolder } from './folder-watch.js';

/** Options of `folderSkills`. */
export interface FolderSkillsOptions {
  /**
   * Files larger than this are listed in their skill's manifest (their digest taken as a
   * stream) but never read for a client. Default 16 MiB.
   */
  maxFileBytes?: number;
  /**
   * Watch the folder: when something in it changes, the server loads the skills again and tells
   * its clients that the resource list changed. `debounceMs` (default 100) is how long changes
   * must settle first. Default: no watching.
   */
  watch?:
    | boolean
    | {
        /** How long changes must settle before clients are told, in milliseconds. Default 100. */
        debounceMs?: number;
      };
}

// Not on every platform (Windows has neither): there the checks after opening stand alone.
const NO_FOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0;
const NO_BLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;
const CHUNK = 64 * 1024;

/**
 * The skills in the folder `dir`: each skill a folder with a SKILL.md, at any depth. Throws a
 * `TypeError` when `dir` is not a folder; what is inside is checked as the server loads it.
 */
export function folderSkills(dir: string, options: FolderSkillsOptions = {}): SkillSource {
  let root: string;
  try {
    root = realpathSync(resolve(dir));
    if (!statSync(root).isDirectory()) throw new Error('not a folder');
  } catch (error) {
    throw new TypeError(`folderSkills: ${dir} is not a folder (${(error as Error).message})`, { cause: error });
  }
  const maxFileBytes = checkedMaxFileBytes(options.maxFileBytes ?? SKILL_LIMITS.bytes, 'folderSkills');
  const folder = new SkillFolder(root, maxFileBytes);
  const source: SkillSource = {
    maxFileBytes,
    list: (path) => folder.list(path),
    read: (path) => folder.read(path),
    describe: (path) => folder.describe(path),
  };
  const watching = options.watch;
  if (watching !== undefined && watching !== false) {
    const debounceMs = watching === true ? 100 : (watching.debounceMs ?? 100);
    if (!Number.isFinite(debounceMs) || debounceMs < 0) {
      throw new RangeError(`folderSkills: watch.debounceMs must be a number of milliseconds >= 0 (got ${debounceMs})`);
    }
    source.watch = (changed) => watchFolder(root, debounceMs, changed);
  }
  return source;
}

class SkillFolder {
  readonly #root: string;
  readonly #maxFileBytes: number;

  constructor(root: string, maxFileBytes: number) {
    this.#root = root;
    this.#maxFileBytes = maxFileBytes;
  }

  /** Where `path` is on disk; throws unless it is a relative path of plain names. */
  #at(path: string): string {
    if (path === '') return this.#root;
    if (!isRelativePath(path) || path.includes(':')) {
      throw new TypeError(`${JSON.stringify(path)} must be a relative path that stays inside the skills folder`);
    }
    return join(this.#root, ...path.split('/'));
  }

  /** Throws unless `at` is reached from the folder without passing a symlink. */
  async #direct(at: string, path: string): Promise<void> {
    // The folder's own path is real already, so any difference is a symlink on the way.
    if ((await realpath(at)) !== at) {
      throw new Error(`${JSON.stringify(path)} passes through a symlink, which is not followed`);
    }
  }

  async list(path: string): Promise<SkillSourceEntry[]> {
    const at = this.#at(path);
    await this.#direct(at, path);
    const entries = await readdir(at, { withFileTypes: true });
    return entries.map((e) => ({
      name: e.name,
      kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
    }));
  }

  /**
   * Opens the regular file at `path` and checks it is the file at that path inside the folder,
   * reached without a symlink; calls `use` with it and closes it.
   */
  async #withFile<T>(path: string, use: (handle: FileHandle, size: number) => Promise<T>): Promise<T> {
    const at = this.#at(path);
    const handle = await open(at, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
    try {
      const opened = await handle.stat();
      if (!opened.isFile()) throw new Error(`${JSON.stringify(path)} is not a regular file`);
      await this.#direct(at, path);
      const there = await lstat(at);
      if (there.dev !== opened.dev || there.ino !== opened.ino) {
        throw new Error(`${JSON.stringify(path)} was replaced while it was opened`);
      }
      return await use(handle, opened.size);
    } finally {
      await handle.close();
    }
  }

  read(path: string): Promise<Uint8Array> {
    return this.#withFile(path, async (handle, size) => {
      if (size > this.#maxFileBytes) {
        throw new Error(`${JSON.stringify(path)} is ${size} bytes, over the limit of ${this.#maxFileBytes} bytes`);
      }
      const bytes = await handle.readFile();
      if (bytes.length > this.#maxFileBytes)
        throw new Error(`${JSON.stringify(path)} grew past the limit as it was read`);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    });
  }

  /** The size and digest of a file of any size, hashed as it is read, a chunk at a time. */
  describe(path: string): Promise<SkillFileInfo> {
    return this.#withFile(path, async (handle) => {
      const hash = createHash('sha256');
      const chunk = new Uint8Array(CHUNK);
      let size = 0;
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
        hash.update(chunk.subarray(0, bytesRead));
        size += bytesRead;
        // A regular file reads short only at its end: no call to learn it is over.
        if (bytesRead < CHUNK) break;
      }
      return { size, digest: `sha256:${hash.digest('hex')}` };
    });
  }
}
