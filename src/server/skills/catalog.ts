/**
 * The skills a server serves, as built from its source at one moment (`build.ts` makes it):
 * each valid skill's entry, every file of those skills with its path, size and digest, and the
 * children of every folder inside them. Immutable: loading the skills again makes a new one.
 * Lookups go by the key of a URI (`skillFileKey`), so any spelling of a served URI finds it and
 * nothing else does; the paths read are the catalog's own, never taken from a request.
 * @module
 */
import { skillFileKey } from '../../protocol/skills/uri.js';
import type { Resource } from '../../types/resources.js';
import type { Skill } from '../../types/skills.js';

/** One file of a served skill. */
export interface CatalogFile {
  /** Where the source has it. */
  readonly path: string;
  readonly uri: string;
  /** Its own name, the last segment of its path. */
  readonly name: string;
  readonly size: number;
  readonly digest: string;
  readonly mimeType: string;
}

/** One served skill: its entry, and its SKILL.md. */
export interface CatalogSkill {
  readonly entry: Skill;
  readonly skillMd: CatalogFile;
}

export class SkillCatalog {
  /** The served skills, in URI order (code units). */
  readonly skills: readonly CatalogSkill[];
  /** The same skills' entries, as `skills/list` gives them. */
  readonly entries: readonly Skill[];
  readonly #skills = new Map<string, CatalogSkill>();
  readonly #files = new Map<string, CatalogFile>();
  readonly #directories = new Map<string, readonly Resource[]>();
  #fingerprintText: string | undefined;

  /**
   * `directories`: each folder's URI and its children, in URI order. What clients are given is
   * frozen, since one entry answers every request (an in-memory client may get the object itself).
   */
  constructor(skills: readonly CatalogSkill[], files: readonly CatalogFile[], directories: Map<string, Resource[]>) {
    for (const skill of skills) deepFreeze(skill.entry);
    for (const children of directories.values()) deepFreeze(children);
    this.skills = [...skills].sort((a, b) => compare(a.entry.uri, b.entry.uri));
    this.entries = this.skills.map((s) => s.entry);
    for (const skill of this.skills) this.#skills.set(skillFileKey(skill.entry.uri)!, skill);
    for (const file of files) this.#files.set(skillFileKey(file.uri)!, file);
    for (const [uri, children] of directories) this.#directories.set(skillFileKey(uri)!, children);
  }

  /** The skill whose SKILL.md is at `uri`. */
  skill(uri: string): CatalogSkill | undefined {
    const key = skillFileKey(uri);
    return key === undefined ? undefined : this.#skills.get(key);
  }

  /** The served file at `uri`. */
  file(uri: string): CatalogFile | undefined {
    const key = skillFileKey(uri);
    return key === undefined ? undefined : this.#files.get(key);
  }

  /** The children of the folder at `uri`, in URI order, when it is a skill's folder or one inside it. */
  directory(uri: string): readonly Resource[] | undefined {
    const key = skillFileKey(uri);
    return key === undefined ? undefined : this.#directories.get(key);
  }

  /** Each skill's SKILL.md as `resources/list` shows it: its front matter's name and description. */
  listedResources(): Resource[] {
    return this.skills.map(({ entry, skillMd }) => ({
      uri: entry.uri,
      name: entry.frontmatter.name,
      description: entry.frontmatter.description,
      mimeType: skillMd.mimeType,
      size: skillMd.size,
    }));
  }

  /** Whether another catalog serves exactly the same skills, files and folders. */
  sameAs(other: SkillCatalog): boolean {
    return this.#fingerprint === other.#fingerprint;
  }

  get #fingerprint(): string {
    return (this.#fingerprintText ??= JSON.stringify([this.entries, [...this.#directories]]));
  }
}

/** `value` and everything in it, frozen. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

/** Code-unit order, the order of the extension's lists. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
