/**
 * Where a server's skills come from: `SkillSource`, a tree of folders and files read by
 * relative, `/`-separated paths, and its in-memory implementation (`skillsFromFiles`). The
 * folder source of Node is `folderSkills` (`src/node/skill-folder.ts`). A source only lists and
 * reads; the catalog decides what is a skill, checks it, and never asks for a path it did not
 * find by listing.
 * @module
 */
import { sha256Digest } from '../../protocol/skills/digest.js';

/** One entry of a folder: a file, a folder, or anything else (a symlink, a socket), which is never read. */
export interface SkillSourceEntry {
  /** Its name in the folder. */
  readonly name: string;
  /** What it is; only files and folders are read. */
  readonly kind: 'file' | 'directory' | 'other';
}

/** A file's size in bytes and its `sha256:` digest. */
export interface SkillFileInfo {
  /** The file's size in bytes. */
  readonly size: number;
  /** The `sha256:` digest of its bytes. */
  readonly digest: string;
}

/**
 * A tree of skill folders. Paths are relative and `/`-separated; `''` is the top. Names that
 * start with `.` are never asked for: the catalog skips hidden files and folders.
 */
export interface SkillSource {
  /** The entries of the folder at `path`, in any order. */
  list(path: string): readonly SkillSourceEntry[] | Promise<readonly SkillSourceEntry[]>;
  /** The bytes of the file at `path`. */
  read(path: string): Uint8Array | Promise<Uint8Array>;
  /** The size and digest of the file at `path` without keeping its bytes; without it, the file is read. */
  describe?(path: string): Promise<SkillFileInfo>;
  /**
   * Files larger than this are listed in their skill's manifest but never read for a client:
   * `resources/read` refuses them. Default: no limit.
   */
  readonly maxFileBytes?: number;
  /**
   * Calls `changed` whenever the files may have changed (the server then loads the skills again
   * and tells its clients when the list differs); returns the function that stops watching.
   */
  watch?(changed: () => void): () => void;
}

/** Options of `skillsFromFiles`. */
export interface SkillsFromFilesOptions {
  /** Files larger than this are listed but refused to readers. Default: no limit. */
  maxFileBytes?: number;
}

/** Whether `path` is relative, `/`-separated, each segment a name (not empty, `.` or `..`, no `\` or NUL). */
export function isRelativePath(path: string): boolean {
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\') && !s.includes('\0'));
}

/** The limit of a source's `maxFileBytes` option, checked: a whole number of bytes >= 0, or `Infinity`. */
export function checkedMaxFileBytes(value: number | undefined, where: string): number {
  if (value === undefined) return Infinity;
  if (value !== Infinity && (!Number.isSafeInteger(value) || value < 0)) {
    throw new RangeError(`${where}: maxFileBytes must be a whole number of bytes >= 0 or Infinity (got ${value})`);
  }
  return value;
}

/**
 * Skills held in memory, by path: `{ 'pdf-processing/SKILL.md': '---\nname: ...', 'pdf-processing/logo.png': bytes }`.
 * Strings are stored as UTF-8. Throws a `TypeError` for a path that is not relative and
 * `/`-separated, or that names both a file and a folder.
 */
export function skillsFromFiles(
  files: Readonly<Record<string, string | Uint8Array>>,
  options: SkillsFromFilesOptions = {},
): SkillSource {
  const maxFileBytes = checkedMaxFileBytes(options.maxFileBytes, 'skillsFromFiles');
  const contents = new Map<string, Uint8Array>();
  const folders = new Map<string, Map<string, SkillSourceEntry['kind']>>([['', new Map()]]);
  const encoder = new TextEncoder();
  for (const [path, data] of Object.entries(files)) {
    if (!isRelativePath(path)) {
      throw new TypeError(
        `skillsFromFiles: ${JSON.stringify(path)} must be a relative, "/"-separated path without "." or ".." segments`,
      );
    }
    contents.set(path, typeof data === 'string' ? encoder.encode(data) : data.slice());
    const segments = path.split('/');
    segments.forEach((name, i) => {
      const parent = segments.slice(0, i).join('/');
      const kind = i === segments.length - 1 ? 'file' : 'directory';
      const siblings = folders.get(parent) ?? new Map<string, SkillSourceEntry['kind']>();
      folders.set(parent, siblings);
      if ((siblings.get(name) ?? kind) !== kind) {
        throw new TypeError(
          `skillsFromFiles: ${JSON.stringify(segments.slice(0, i + 1).join('/'))} is both a file and a folder`,
        );
      }
      siblings.set(name, kind);
    });
  }
  const fileAt = (path: string): Uint8Array => {
    const bytes = contents.get(path);
    if (bytes === undefined) throw new Error(`${JSON.stringify(path)} is not a file`);
    return bytes;
  };
  return {
    maxFileBytes,
    list: (path) => {
      const folder = folders.get(path);
      if (folder === undefined) throw new Error(`${JSON.stringify(path)} is not a folder`);
      return [...folder].map(([name, kind]) => ({ name, kind }));
    },
    read: fileAt,
    describe: async (path) => {
      const bytes = fileAt(path);
      return { size: bytes.length, digest: await sha256Digest(bytes) };
    },
  };
}
