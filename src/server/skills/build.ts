/**
 * Builds a `SkillCatalog` from a `SkillSource`: walks it (hidden files and folders skipped),
 * finds the skills (folders holding a file named exactly `SKILL.md`, nested ones too), reads each
 * SKILL.md's front matter, hashes every file once, and checks each skill by the Agent Skills
 * rules. A skill that breaks one is reported and left out; the others are served. A symlink or
 * other special file is never followed: a skill holding one is left out, since its manifest
 * could not list it.
 * @module
 */
import { sha256Digest } from '../../protocol/skills/digest.js';
import { skillEntryProblems } from '../../protocol/skills/entry-checks.js';
import { FrontmatterError, parseSkillMarkdown } from '../../protocol/skills/frontmatter.js';
import { skillFileMimeType } from '../../protocol/skills/mime.js';
import { SKILL_MD, skillUri } from '../../protocol/skills/uri.js';
import type { Resource } from '../../types/resources.js';
import { DIRECTORY_MIME_TYPE, type Skill, type SkillFrontmatter } from '../../types/skills.js';
import { compare, SkillCatalog, type CatalogFile, type CatalogSkill } from './catalog.js';
import type { SkillFileInfo, SkillSource, SkillSourceEntry } from './source.js';
import { mapLimit } from '../../internal/map-limit.js';

/** Folders listed, and skills built, at once: enough to keep a runtime's file I/O busy. */
const CONCURRENCY = 16;

/** Says what is wrong at `path` (relative to the source's top; `.` for the top itself). */
export type ReportProblem = (path: string, message: string) => void;

/** What a build is told beside its source. */
export interface BuildOptions {
  /** Past these (files in a skill, their total bytes) a skill is reported, and still served. */
  readonly limits: { readonly files: number; readonly bytes: number };
  /** A larger SKILL.md is not read: its skill is left out. */
  readonly maxFileBytes: number;
  readonly report: ReportProblem;
}

/**
 * What the walk found: the visible entries of each folder, the paths of files, and those of
 * anything else (special files, and folders that could not be listed).
 */
interface Tree {
  readonly folders: Map<string, SkillSourceEntry[]>;
  readonly files: string[];
  readonly others: string[];
  readonly unlisted: Set<string>;
}

const join = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether a source's entry name can be a path segment; a hidden one (`.` first) is skipped without a word. */
function usableName(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && !name.includes('/') && !name.includes('\\') && !name.includes('\0');
}

/** Walks the whole source, depth first; a folder that cannot be listed counts as a special file. */
async function walk(source: SkillSource, report: ReportProblem): Promise<Tree> {
  const tree: Tree = { folders: new Map(), files: [], others: [], unlisted: new Set() };
  let pending = [''];
  while (pending.length > 0) {
    // Each level's folders are listed together; what they hold is taken in order.
    const listings = await mapLimit(pending, CONCURRENCY, async (folder) => {
      try {
        return await source.list(folder);
      } catch (error) {
        // The top unreadable is no catalog at all; a folder inside one is a hole in its skill.
        if (folder === '') throw error;
        return error;
      }
    });
    const level = pending;
    pending = [];
    level.forEach((folder, i) => takeListing(tree, folder, listings[i]!, pending, report));
  }
  return tree;
}

/** Adds one folder's listing (or the error listing it) to the tree; its folders go to `pending`. */
function takeListing(
  tree: Tree,
  folder: string,
  listed: readonly SkillSourceEntry[] | unknown,
  pending: string[],
  report: ReportProblem,
): void {
  if (!Array.isArray(listed)) {
    report(folder, `cannot be listed: ${messageOf(listed)}`);
    tree.others.push(folder);
    tree.unlisted.add(folder);
    return;
  }
  const entries = (listed as readonly SkillSourceEntry[]).filter((e) => usableName(e.name) && !e.name.startsWith('.'));
  entries.sort((a, b) => compare(a.name, b.name));
  tree.folders.set(folder, entries);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.kind === 'directory') pending.push(path);
    else if (entry.kind === 'file') tree.files.push(path);
    else tree.others.push(path);
    if (entry.kind === 'file' && entry.name !== SKILL_MD && entry.name.toLowerCase() === 'skill.md') {
      report(path, 'did you mean SKILL.md? File names are case-sensitive');
    }
  }
}

/** Builds the catalog of `source`; throws only when its top folder cannot be listed. */
export async function buildCatalog(source: SkillSource, options: BuildOptions): Promise<SkillCatalog> {
  const { report } = options;
  const tree = await walk(source, report);
  for (const path of tree.others) {
    if (tree.unlisted.has(path)) continue;
    report(path, 'symlinks and other special files are not followed; copy the file instead');
  }
  const builder = new SkillBuilder(source, tree, options);
  const candidates: string[] = [];
  for (const [folder, entries] of tree.folders) {
    const skillMd = entries.find((e) => e.name === SKILL_MD);
    if (skillMd === undefined) continue;
    const where = join(folder, SKILL_MD);
    if (folder === '') {
      report(where, 'a SKILL.md at the top has no skill path; put each skill in a folder of its own (skipped)');
    } else if (skillMd.kind !== 'file') {
      report(where, 'symlinks and other special files are not followed; copy the file instead (skill skipped)');
    } else candidates.push(folder);
  }
  // Built together, reported in order: each build holds its problems until all are done.
  const built = await mapLimit(candidates, CONCURRENCY, async (folder) => {
    const problems: [string, string][] = [];
    const skill = await builder.build(folder, (path, message) => problems.push([path, message]));
    return { skill, problems };
  });
  const served: CatalogSkill[] = [];
  for (const { skill, problems } of built) {
    for (const [path, message] of problems) report(path, message);
    if (skill !== undefined) served.push(skill);
  }
  if (served.length === 0) report('.', 'no skills found (a skill is a folder containing SKILL.md)');
  const files = new Map<string, CatalogFile>();
  for (const skill of served) for (const file of builder.filesOf(skill)) files.set(file.path, file);
  return new SkillCatalog(served, [...files.values()], directoriesOf(served, tree, files));
}

/** Whether `folder` is one of `roots` or inside one: its ancestors looked up, not every root compared. */
function withinSome(folder: string, roots: ReadonlySet<string>): boolean {
  for (let at = folder; at !== ''; at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) if (roots.has(at)) return true;
  return false;
}

/** The paths of `sorted` (in `compare` order) that lie inside `folder`: one range, found by halving. */
function pathsInside(sorted: readonly string[], folder: string): string[] {
  const prefix = `${folder}/`;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, prefix) < 0) low = middle + 1;
    else high = middle;
  }
  const inside: string[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i++) inside.push(sorted[i]!);
  return inside;
}

/** The folders of the served skills, each with its children: folders, and the files served. */
function directoriesOf(
  served: readonly CatalogSkill[],
  tree: Tree,
  files: ReadonlyMap<string, CatalogFile>,
): Map<string, Resource[]> {
  const directories = new Map<string, Resource[]>();
  const roots = new Set(served.map((s) => s.skillMd.path.slice(0, -(SKILL_MD.length + 1))));
  for (const [folder, entries] of tree.folders) {
    if (!withinSome(folder, roots)) continue;
    const uri = skillUri(folder.split('/'));
    if (uri === undefined) continue;
    const children: Resource[] = [];
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const file = files.get(path);
      if (file !== undefined) {
        children.push({ uri: file.uri, name: file.name, mimeType: file.mimeType, size: file.size });
      } else if (entry.kind === 'directory' && tree.folders.has(path)) {
        const child = skillUri(path.split('/'));
        if (child !== undefined) children.push({ uri: child, name: entry.name, mimeType: DIRECTORY_MIME_TYPE });
      }
    }
    directories.set(
      uri,
      children.sort((a, b) => compare(a.uri, b.uri)),
    );
  }
  return directories;
}

/** Builds skills, hashing each file once for all the skills that hold it (nested skills share files). */
class SkillBuilder {
  readonly #source: SkillSource;
  /** The tree's files, and its other entries, in `compare` order: a skill's are one range of each. */
  readonly #filePaths: readonly string[];
  readonly #otherPaths: readonly string[];
  readonly #options: BuildOptions;
  readonly #infos = new Map<string, Promise<SkillFileInfo>>();
  readonly #files = new Map<CatalogSkill, CatalogFile[]>();

  constructor(source: SkillSource, tree: Tree, options: BuildOptions) {
    this.#source = source;
    this.#filePaths = [...tree.files].sort(compare);
    this.#otherPaths = [...tree.others].sort(compare);
    this.#options = options;
  }

  /** The files of a skill this builder built. */
  filesOf(skill: CatalogSkill): readonly CatalogFile[] {
    return this.#files.get(skill) ?? [];
  }

  /** The skill in `folder`, or `undefined` (and a report saying why) when it cannot be served. */
  async build(folder: string, report: ReportProblem): Promise<CatalogSkill | undefined> {
    const where = join(folder, SKILL_MD);
    const skip = (message: string) => {
      report(where, `${message} (skill skipped)`);
      return undefined;
    };
    const special = pathsInside(this.#otherPaths, folder)[0];
    if (special !== undefined) return skip(`the skill holds ${JSON.stringify(special)}, which is not a regular file`);
    const paths = pathsInside(this.#filePaths, folder);
    const uris = new Map<string, string>();
    for (const path of paths) {
      const uri = skillUri(path.split('/'));
      if (uri === undefined) return skip(`${JSON.stringify(path)}: this name cannot be represented in a URI`);
      uris.set(path, uri);
    }
    const read = await this.#readSkillMd(where);
    if (typeof read === 'string') return skip(read);
    const files: CatalogFile[] = [];
    const infos = await Promise.allSettled(paths.map((path) => this.#info(path)));
    for (const [i, path] of paths.entries()) {
      const info = infos[i]!;
      if (info.status === 'rejected') return skip(`${JSON.stringify(path)} cannot be read: ${messageOf(info.reason)}`);
      const name = path.slice(path.lastIndexOf('/') + 1);
      files.push({ path, uri: uris.get(path)!, name, ...info.value, mimeType: skillFileMimeType(name) });
    }
    const skillMd = files.find((f) => f.path === where)!;
    const entry: Skill = {
      uri: skillMd.uri,
      frontmatter: read,
      resources: files.map(({ uri, digest, size }) => ({ uri, digest, size })),
    };
    const problems = skillEntryProblems(entry);
    if (problems.length > 0) return skip(problems.join('; '));
    this.#checkLimits(where, files, report);
    const skill: CatalogSkill = { entry, skillMd };
    this.#files.set(skill, files);
    return skill;
  }

  /** The front matter of the SKILL.md at `path`, or why it cannot be served. */
  async #readSkillMd(path: string): Promise<SkillFrontmatter | string> {
    let bytes: Uint8Array;
    try {
      bytes = await this.#source.read(path);
    } catch (error) {
      return `SKILL.md cannot be read: ${messageOf(error)}`;
    }
    if (bytes.length > this.#options.maxFileBytes) {
      return `SKILL.md is ${bytes.length} bytes, over the limit of ${this.#options.maxFileBytes} bytes for a file`;
    }
    this.#infos.set(
      path,
      sha256Digest(bytes).then((digest) => ({ size: bytes.length, digest })),
    );
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return 'SKILL.md is not valid UTF-8';
    }
    let frontmatter: Record<string, unknown>;
    try {
      ({ frontmatter } = await parseSkillMarkdown(text));
    } catch (error) {
      if (error instanceof FrontmatterError) return `SKILL.md frontmatter: ${error.message}`;
      throw error;
    }
    if (typeof frontmatter.name !== 'string' || typeof frontmatter.description !== 'string') {
      return 'SKILL.md frontmatter must contain string "name" and "description"';
    }
    return frontmatter as SkillFrontmatter;
  }

  /** The size and digest of the file at `path`, asked of the source once. */
  #info(path: string): Promise<SkillFileInfo> {
    let info = this.#infos.get(path);
    if (info === undefined) {
      const source = this.#source;
      info =
        source.describe !== undefined
          ? source.describe(path)
          : Promise.resolve(source.read(path)).then(async (b) => ({ size: b.length, digest: await sha256Digest(b) }));
      this.#infos.set(path, info);
    }
    return info;
  }

  /** Reports a skill past the limits some hosts keep; it is served all the same. */
  #checkLimits(where: string, files: readonly CatalogFile[], report: ReportProblem): void {
    const { limits } = this.#options;
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    if (files.length <= limits.files && bytes <= limits.bytes) return;
    report(
      where,
      `${files.length} files / ${bytes} bytes exceeds the limit of ${limits.files} files / ${limits.bytes} bytes; some hosts may decline it`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
