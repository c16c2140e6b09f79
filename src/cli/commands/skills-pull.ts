/**
 * `mcpkit skills pull <skill> <dir>`: a verified copy of a skill's folder. Every file of the
 * skill's manifest is read and verified first, and only then written: a file that fails leaves
 * nothing behind. `<dir>` must be new or empty; each file's path comes from its URI below the
 * skill's folder, and a path that would leave `<dir>` (`..`, an encoded `/` or `\`) is
 * refused before anything is read.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { SkillFile } from 'mcpkit/client';
import { UsageError } from '../server-target.js';
import type { NamedSkill, SkillShelf } from './skills.js';

/** What a pull wrote: the folder, and each file's path in it. */
export interface Pulled {
  dir: string;
  files: string[];
}

export async function pullSkill(shelf: SkillShelf, found: NamedSkill, target: string): Promise<Pulled> {
  const { skill } = found;
  if (skill.resources === 'dynamic')
    throw new UsageError(`${found.name}: the server generates this skill's files; there is no folder to copy`);
  const dir = resolve(target);
  const root = skill.uri.slice(0, -'SKILL.md'.length);
  const files = skill.resources.map((r) => ({ uri: r.uri, path: localPath(dir, root, r.uri) }));
  await checkEmpty(dir);
  const read: { path: string; file: SkillFile }[] = [];
  for (const { uri, path } of files) read.push({ path, file: await shelf.read(found, uri) });
  for (const { path, file } of read) {
    await mkdir(join(path, '..'), { recursive: true });
    // `wx`: a file that appeared meanwhile is not overwritten (nor followed, were it a link).
    await writeFile(path, file.bytes, { flag: 'wx' });
  }
  return { dir, files: read.map(({ path }) => path.slice(dir.length + 1)) };
}

/** The path in `dir` of the file `uri` of the skill whose folder is `root` (ending in `/`). */
function localPath(dir: string, root: string, uri: string): string {
  if (!uri.startsWith(root)) throw new UsageError(`${uri} is not inside the skill's folder ${root}`);
  const segments = uri
    .slice(root.length)
    .split('/')
    .map((segment) => {
      let name: string;
      try {
        name = decodeURIComponent(segment);
      } catch {
        name = segment;
      }
      if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
        throw new UsageError(`${uri}: ${JSON.stringify(name)} cannot be a file name here; nothing was written`);
      return name;
    });
  const path = resolve(dir, ...segments);
  if (!path.startsWith(dir + sep)) throw new UsageError(`${uri} would be written outside ${dir}; nothing was written`);
  return path;
}

/** Refuses a `dir` that holds anything: a pull never mixes with or overwrites other files. */
async function checkEmpty(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`${dir}: ${(error as Error).message}`);
  }
  if (entries.length > 0) throw new UsageError(`${dir} is not empty; pull into a new or empty folder`);
}
