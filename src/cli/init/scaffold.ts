/**
 * Writing a project into its folder, never over a file: what is in the folder is looked at
 * first, and each file is then created only if it does not exist (`wx`), so one made meanwhile
 * is not overwritten either.
 * @module
 */
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../server-target.js';
import type { ProjectFile } from './project-files.js';

/** What `dir` holds: `undefined` when it does not exist yet. A file there is a usage error. */
export function entriesOf(dir: string): string[] | undefined {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (!stat.isDirectory()) throw new UsageError(`${dir} is a file, not a directory`);
  return readdirSync(dir);
}

/** The paths of `files` that exist in `dir` already (as files, folders or links). */
export function filesInTheWay(dir: string, files: readonly ProjectFile[]): string[] {
  return files
    .map((file) => file.path)
    .filter((path) => lstatSync(join(dir, path), { throwIfNoEntry: false }) !== undefined);
}

/** Writes `files` into `dir` (made if missing), each created anew: a file that exists stops the write. */
export function writeProject(dir: string, files: readonly ProjectFile[]): void {
  for (const file of files) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(path, file.text, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new UsageError(`${file.path} appeared in ${dir} while the project was written; it was left as it is`);
    }
  }
}
