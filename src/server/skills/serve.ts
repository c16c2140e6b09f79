/**
 * The Skills extension served (`io.modelcontextprotocol/skills`): `skills/list`, `skills/get`,
 * `resources/directory/read`, and `resources/read` of skill files through the resource template
 * `skill://{+path}`, whose list gives each skill's SKILL.md to `resources/list`. The skills are
 * loaded from the source when the server is built, and again when the source says it changed;
 * each skill that cannot be served is reported to the server's `onError` (else stderr), and the
 * others are served. A file is read from the source on each request and checked against its
 * manifest entry, so what a client gets is what the digest promised. In 2026-07-28 the results
 * carry the caching hints of the `cache` option.
 * @module
 */
import { ErrorCode } from '../../jsonrpc/errors.js';
import { invalidParams, McpError } from '../../protocol/errors.js';
import type { RequestHandler } from '../../protocol/session.js';
import { sha256Digest } from '../../protocol/skills/digest.js';
import { SKILL_SCHEME } from '../../protocol/skills/uri.js';
import { isModern } from '../../protocol/versions.js';
import type { ServerCapabilities } from '../../types/capabilities.js';
import type { BlobResourceContents, TextResourceContents } from '../../types/content.js';
import {
  SKILLS_EXTENSION,
  type GetSkillResult,
  type ListSkillsResult,
  type ReadResourceDirectoryResult,
} from '../../types/skills.js';
import type { ServerContext } from '../context.js';
import type { FeatureHost, ServerFeature } from '../feature.js';
import { blobContents } from '../resource-contents.js';
import type { ReadResourceReturn, ResourceRegistry } from '../resources.js';
import { buildCatalog } from './build.js';
import type { SkillCatalog } from './catalog.js';
import { resolveSkillsOptions, type ResolvedSkillsOptions, type SkillsOptions } from './options.js';
import { pageOf } from './paging.js';
import type { SkillSource } from './source.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export class SkillsFeature implements ServerFeature {
  readonly handlers: Record<string, RequestHandler<ServerContext>>;
  readonly #options: ResolvedSkillsOptions;
  readonly #host: FeatureHost;
  /** The catalog being served, or the first one being built. */
  #catalog: Promise<SkillCatalog>;
  #current: SkillCatalog | undefined;
  /** The problems reported by the last build: a new build reports only new ones. */
  #reported = new Set<string>();
  #reloading = false;
  #reloadAgain = false;
  readonly #stopWatching: (() => void) | undefined;

  /** Registers the template of skill files on `resources` and starts loading the skills. */
  constructor(skills: SkillSource | SkillsOptions, host: FeatureHost, resources: ResourceRegistry) {
    this.#options = resolveSkillsOptions(skills);
    this.#host = host;
    this.handlers = {
      'skills/list': (params, ctx) => this.#list(params.cursor as string | undefined, ctx),
      'skills/get': (params, ctx) => this.#get(params.uri as string, ctx),
      'resources/directory/read': (params, ctx) =>
        this.#readDirectory(params.uri as string, params.cursor as string | undefined, ctx),
    };
    resources.addTemplate(
      `${SKILL_SCHEME}{+path}`,
      { name: SKILLS_EXTENSION, list: async () => (await this.#ready()).listedResources() },
      (uri, _variables, ctx) => this.#read(uri, ctx),
    );
    this.#catalog = this.#build();
    this.#catalog.then(
      (catalog) => (this.#current = catalog),
      (error: unknown) => this.#report(`skills: the skills could not be loaded: ${messageOf(error)}`, error),
    );
    this.#stopWatching = this.#options.source.watch?.(() => this.reload());
  }

  capabilities(): ServerCapabilities {
    // Every folder of a built catalog can be listed, so directory reads are always offered.
    return { extensions: { [SKILLS_EXTENSION]: { directoryRead: true } } };
  }

  /** Stops watching the source. */
  close(): void {
    this.#stopWatching?.();
  }

  /**
   * Loads the skills again; when what is served changed, tells clients the resource list
   * changed. One load at a time: a call during one makes one more after it.
   */
  reload(): void {
    if (this.#reloading) {
      this.#reloadAgain = true;
      return;
    }
    this.#reloading = true;
    void this.#reloadLoop();
  }

  async #reloadLoop(): Promise<void> {
    do {
      this.#reloadAgain = false;
      try {
        const next = await this.#build();
        const previous = this.#current;
        this.#current = next;
        this.#catalog = Promise.resolve(next);
        if (previous === undefined || !previous.sameAs(next)) this.#host.listChanged('resources');
      } catch (error) {
        this.#report(`skills: the skills could not be loaded again: ${messageOf(error)}`, error);
      }
    } while (this.#reloadAgain);
    this.#reloading = false;
  }

  /** Builds a catalog from the source, reporting the problems not reported by the previous build. */
  async #build(): Promise<SkillCatalog> {
    const problems = new Set<string>();
    const { source, limits, maxFileBytes } = this.#options;
    const catalog = await buildCatalog(source, {
      limits,
      maxFileBytes,
      report: (path, message) => problems.add(`skills: ${path}: ${message}`),
    });
    for (const problem of problems) if (!this.#reported.has(problem)) this.#report(problem);
    this.#reported = problems;
    return catalog;
  }

  #report(message: string, cause?: unknown): void {
    this.#host.reportError?.(new Error(message, cause === undefined ? undefined : { cause }));
  }

  /** The catalog served; -32603 when the skills could not be loaded (already reported). */
  async #ready(): Promise<SkillCatalog> {
    try {
      return await this.#catalog;
    } catch {
      throw new McpError(ErrorCode.InternalError, 'The skills could not be loaded');
    }
  }

  /** The caching hints of a result for the client of `ctx`: only modern revisions have them. */
  #hints(ctx: ServerContext): { ttlMs?: number; cacheScope?: 'public' | 'private' } {
    return isModern(ctx.protocolVersion) ? { ttlMs: this.#options.ttlMs, cacheScope: this.#options.cacheScope } : {};
  }

  async #list(cursor: string | undefined, ctx: ServerContext): Promise<ListSkillsResult> {
    const catalog = await this.#ready();
    const page = pageOf(catalog.entries, cursor, this.#options.pageSize);
    const result: ListSkillsResult = { skills: page.items };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return Object.assign(result, this.#hints(ctx));
  }

  async #get(uri: string, ctx: ServerContext): Promise<GetSkillResult> {
    const skill = (await this.#ready()).skill(uri);
    if (skill === undefined) throw invalidParams(`No skill is served at ${uri}`);
    return { skill: skill.entry, ...this.#hints(ctx) };
  }

  async #readDirectory(
    uri: string,
    cursor: string | undefined,
    ctx: ServerContext,
  ): Promise<ReadResourceDirectoryResult> {
    const children = (await this.#ready()).directory(uri);
    if (children === undefined) throw invalidParams(`${uri} is not a directory resource`);
    const page = pageOf(children, cursor, this.#options.pageSize);
    const result: ReadResourceDirectoryResult = { resources: page.items };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return Object.assign(result, this.#hints(ctx));
  }

  /**
   * A skill file's contents: text when its bytes are UTF-8, else a base64 blob. The bytes are
   * read again and must still be those the manifest lists. `undefined` (not found) for what is
   * not a served file.
   */
  async #read(uri: string, ctx: ServerContext): Promise<ReadResourceReturn> {
    const catalog = await this.#ready();
    const file = catalog.file(uri);
    if (file === undefined) {
      if (catalog.directory(uri) === undefined) return undefined;
      throw invalidParams(`${uri} is a directory; use resources/directory/read`, { uri });
    }
    const { source, maxFileBytes } = this.#options;
    if (file.size > maxFileBytes) {
      throw new McpError(
        ErrorCode.InternalError,
        `${uri} is ${file.size} bytes, over the ${maxFileBytes}-byte limit of what this server reads for a client`,
      );
    }
    let bytes: Uint8Array;
    try {
      bytes = await source.read(file.path);
    } catch (error) {
      this.#report(`skills: ${file.path}: cannot be read: ${messageOf(error)}`, error);
      throw new McpError(ErrorCode.InternalError, `${uri} could not be read`);
    }
    if (bytes.length !== file.size || (await sha256Digest(bytes)) !== file.digest) {
      this.#report(`skills: ${file.path}: changed since the skills were loaded; loading them again`);
      this.reload();
      throw new McpError(ErrorCode.InternalError, `${uri} changed since the skills catalog was loaded`);
    }
    return { contents: [contentsOf(uri, bytes, file.mimeType)], ...this.#hints(ctx) };
  }
}

/** Text contents when `bytes` are UTF-8 (a BOM kept as U+FEFF), else a blob. */
function contentsOf(uri: string, bytes: Uint8Array, mimeType: string): TextResourceContents | BlobResourceContents {
  try {
    return { uri, mimeType, text: decoder.decode(bytes) };
  } catch {
    return blobContents(uri, bytes, mimeType);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
