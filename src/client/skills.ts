/**
 * A session's view of the server's skills (`session.skills`, the Skills extension): whether it
 * serves them, their entries page after page, one entry, a file read and verified against its
 * entry, a folder's children. Nothing is requested before it is asked for: listing reads no file,
 * and a file not in its skill's manifest is refused before any request. Results with caching
 * hints (2026-07-28) are kept by the session's cache while fresh; a cached file that fails its
 * checks is fetched once more before it is refused.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { CapabilityNotSupportedError, McpError } from '../protocol/errors.js';
import { skillEntryProblems } from '../protocol/skills/entry-checks.js';
import { canonicalUri, isWithinSkill, skillFileKey, skillRootUri } from '../protocol/skills/uri.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { ReadResourceRequestParams, ReadResourceResult, Resource } from '../types/resources.js';
import {
  SKILLS_EXTENSION,
  type GetSkillResult,
  type ListSkillsResult,
  type ReadResourceDirectoryResult,
  type Skill,
  type SkillResource,
  type SkillsCapability,
} from '../types/skills.js';
import { paginate } from './lists.js';
import { checkBytes, checkSkillMarkdown, contentOf, SkillVerificationError, type SkillFile } from './skill-verify.js';
import type { CachedRequestOptions, ReadOptions } from './client-session.js';

/** What the session lends its skills: the server's capabilities, cached requests, and reads. */
export interface SkillsSession {
  readonly capabilities: ServerCapabilities;
  cached(method: string, params: Record<string, unknown>, options?: CachedRequestOptions): Promise<unknown>;
  /** `resources/read`, and whether the result came from the cache. */
  read(
    params: ReadResourceRequestParams,
    options?: ReadOptions,
  ): Promise<{ result: ReadResourceResult; cached: boolean }>;
}

/** Options of `skills.list()`. */
export interface ListSkillsOptions extends CachedRequestOptions {
  /**
   * Called with each entry that breaks the extension's rules (and its problems), which is then
   * left out; without it, such an entry ends the listing with an error.
   */
  onInvalid?: (entry: Skill, problems: readonly string[]) => void;
}

/**
 * A session's view of the server's skills (`session.skills`): their entries, one skill, its files
 * read and checked against the entry.
 */
export class SessionSkills {
  readonly #session: SkillsSession;

  constructor(session: SkillsSession) {
    this.#session = session;
  }

  /** The server declared the extension. */
  get supported(): boolean {
    return this.#capability() !== undefined;
  }

  /** The server also serves `resources/directory/read`. */
  get directoryRead(): boolean {
    return this.#capability()?.directoryRead === true;
  }

  /**
   * Every skill's entry, page after page of `skills/list`. An entry that breaks the rules (a
   * bad name, a file outside its folder, a URI listed twice) fails the listing, unless
   * `onInvalid` takes it.
   */
  async *list(options: ListSkillsOptions = {}): AsyncGenerator<Skill, void, undefined> {
    this.#require('skills/list');
    const { onInvalid, ...send } = options;
    const seen = new Set<string>();
    const pages = paginate(
      'skills/list',
      (cursor) =>
        this.#session.cached('skills/list', cursor === undefined ? {} : { cursor }, send) as Promise<ListSkillsResult>,
      (page) => page.skills,
    );
    for await (const entry of pages) {
      const problems = skillEntryProblems(entry);
      const key = canonicalUri(entry.uri) ?? entry.uri;
      if (seen.has(key)) problems.push('the same uri is listed more than once');
      seen.add(key);
      if (problems.length === 0) yield entry;
      else if (onInvalid) onInvalid(entry, problems);
      else throw invalidEntry('skills/list', entry.uri, problems);
    }
  }

  /** The entry of the skill whose SKILL.md is `uri` (`skills/get`), checked like a listed one. */
  async get(uri: string, options?: CachedRequestOptions): Promise<Skill> {
    this.#require('skills/get');
    const { skill } = (await this.#session.cached('skills/get', { uri }, options)) as GetSkillResult;
    if ((canonicalUri(skill.uri) ?? skill.uri) !== (canonicalUri(uri) ?? uri)) {
      throw new McpError(ErrorCode.InternalError, `skills/get for ${uri} returned ${skill.uri}`, { uri });
    }
    const problems = skillEntryProblems(skill);
    if (problems.length > 0) throw invalidEntry('skills/get', skill.uri, problems);
    return skill;
  }

  /**
   * The URI of the file `path` names in `skill` (relative to its folder, or a URI), as its
   * manifest spells it. Throws `SkillVerificationError` (`unlisted`) for a file it does not list.
   */
  fileUri(skill: Skill, path = 'SKILL.md'): string {
    const problems = skillEntryProblems(skill);
    if (problems.length > 0) throw new TypeError(`${skill.uri} is not a valid skill entry: ${problems.join('; ')}`);
    return fileOf(skill, path);
  }

  /**
   * A file of `skill`, read and verified: its SKILL.md by default, or `path` relative to the
   * skill's folder (`references/forms.md`), or a URI. A file the entry does not list is refused
   * before anything is sent; one whose size, digest or (for SKILL.md) front matter is not the
   * entry's throws `SkillVerificationError`.
   */
  async read(skill: Skill, path = 'SKILL.md', options: ReadOptions = {}): Promise<SkillFile> {
    this.#require('resources/read');
    const uri = this.fileUri(skill, path);
    const { result, cached } = await this.#session.read({ uri }, options);
    try {
      return await verified(skill, uri, result);
    } catch (error) {
      // What the cache kept may be older than the entry: the server decides, once more.
      if (!cached || !(error instanceof SkillVerificationError)) throw error;
      const fresh = await this.#session.read({ uri }, { ...options, bypassCache: true });
      return verified(skill, uri, fresh.result);
    }
  }

  /** The children of a skill's folder or a folder inside one (`skill://pdf-processing/references`), every page. */
  async readDirectory(uri: string, options?: CachedRequestOptions): Promise<Resource[]> {
    if (!this.directoryRead) {
      throw new CapabilityNotSupportedError(
        `Server does not declare directoryRead for ${SKILLS_EXTENSION} (required for resources/directory/read)`,
      );
    }
    const children: Resource[] = [];
    const pages = paginate(
      'resources/directory/read',
      (cursor) =>
        this.#session.cached(
          'resources/directory/read',
          cursor === undefined ? { uri } : { uri, cursor },
          options,
        ) as Promise<ReadResourceDirectoryResult>,
      (page) => page.resources,
    );
    for await (const child of pages) children.push(child);
    return children;
  }

  #capability(): SkillsCapability | undefined {
    const extensions = this.#session.capabilities.extensions;
    const value: unknown = isObject(extensions) ? extensions[SKILLS_EXTENSION] : undefined;
    if (!isObject(value) || Array.isArray(value)) return undefined;
    // A malformed declaration is no declaration.
    return value.directoryRead === undefined || typeof value.directoryRead === 'boolean'
      ? (value as SkillsCapability)
      : undefined;
  }

  #require(method: string): void {
    if (!this.supported) {
      throw new CapabilityNotSupportedError(
        `Server does not support the ${SKILLS_EXTENSION} extension (required for ${method})`,
      );
    }
  }
}

/** The URI of the file `path` names in `skill`, as its manifest spells it; refused when unlisted. */
function fileOf(skill: Skill, path: string): string {
  const root = skillRootUri(skill.uri)!;
  let target: URL;
  try {
    target = new URL(path, `${root}/`);
  } catch {
    throw new SkillVerificationError('unlisted', path, `${path} is not a URI reference`);
  }
  target.hash = '';
  const key = skillFileKey(target.href);
  if (skill.resources === 'dynamic') {
    if (key === skillFileKey(skill.uri) || isWithinSkill(target.href, root)) return target.href;
  } else {
    const listed = skill.resources.find((r) => skillFileKey(r.uri) === key);
    if (listed !== undefined && key !== undefined) return listed.uri;
  }
  throw new SkillVerificationError('unlisted', target.href, `${target.href} is not a file of the skill ${skill.uri}`);
}

/** The file `uri` of `skill` from a `resources/read` result, checked against the entry. */
async function verified(skill: Skill, uri: string, result: ReadResourceResult): Promise<SkillFile> {
  const { bytes, text, mimeType } = contentOf(result.contents, uri);
  let listed: SkillResource | undefined;
  if (skill.resources !== 'dynamic') {
    listed = skill.resources.find((r) => r.uri === uri)!;
    await checkBytes(bytes, listed);
  }
  const file = { uri, mimeType, bytes, text, verified: listed !== undefined };
  if (skillFileKey(uri) !== skillFileKey(skill.uri)) return file;
  return { ...file, ...(await checkSkillMarkdown(uri, text, skill.frontmatter)) };
}

function invalidEntry(method: string, uri: string, problems: readonly string[]): McpError {
  return new McpError(
    ErrorCode.InternalError,
    `${method} returned an invalid entry for ${uri}: ${problems.join('; ')}`,
    { uri, problems },
  );
}
