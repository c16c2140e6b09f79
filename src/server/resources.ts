/**
 * Resources: static resources registered by URI and families of resources described by URI
 * templates; listing, reading and per-session subscriptions.
 * @module
 */
import { McpError, invalidParams } from '../protocol/errors.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { BlobResourceContents, TextResourceContents } from '../types/content.js';
import type {
  ListResourceTemplatesResult,
  ListResourcesResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from '../types/resources.js';
import type { Annotations, CacheScope, Meta } from '../types/base.js';
import { isModern } from '../protocol/versions.js';
import { isRevision, resourceNotFoundCode } from '../types/revisions.js';
import type { RequestHandler } from '../protocol/session.js';
import type { Completer, Completers, CompletionSource } from './completion.js';
import { mirrorOf } from './server-session.js';
import type { ServerContext } from './context.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FeatureSet, type FeatureHandle } from './feature-set.js';
import {
  blobContents,
  completeContents,
  shapeContents,
  shapeWithAnnotations,
  type ResourceContentsInput,
} from './resource-contents.js';
import { UriTemplate, type MatchedVariables, type TemplateVariables } from './uri-template.js';
import { checkedScopes, NO_SCOPES } from '../auth/server/scopes.js';

/**
 * What a read handler returns: contents (each URI defaults to the one read), a string (its
 * text) or bytes (its blob). `undefined` means there is no such resource: the client gets the
 * not-found error of its revision. `ttlMs` / `cacheScope` set this resource's caching hints
 * for clients of the modern revision, over the server's `cache` option.
 */
export type ReadResourceReturn =
  | {
      /** The resource's contents, one or more parts. */
      contents: ResourceContentsInput[];
      /** Metadata of the result. */
      _meta?: Meta;
      /** How long a client may keep the result, in milliseconds. */
      ttlMs?: number;
      /** Who may keep it: the client alone (`private`), or shared intermediaries too (`public`). */
      cacheScope?: CacheScope;
    }
  | string
  | Uint8Array
  | undefined;

/**
 * Reads a resource. `variables` are those of the URI template the URI matched (typed by the
 * template: see `TemplateVariables`), `undefined` for a static resource.
 */
export type ResourceReader<V extends object | undefined> = (
  uri: string,
  variables: V,
  ctx: ServerContext,
) => ReadResourceReturn | Promise<ReadResourceReturn>;

/** What any resource or template may declare beside its description. */
interface ResourceScopes {
  /**
   * The scopes an access token must grant to read (or subscribe to) the resource, when the
   * HTTP endpoint checks tokens (its `auth` option): a request without them is answered 403
   * naming them, before the reader runs. Not shown to clients; lists show the resource
   * whatever the token.
   */
  scopes?: readonly string[];
}

/** A static resource's description as clients see it, less its URI, and the scopes reading it needs. */
export type ResourceConfig = Omit<Resource, 'uri'> & ResourceScopes;

/** A resource template's description as clients see it, less the template, plus its helpers. */
export type ResourceTemplateConfig<T extends string = string> = Omit<ResourceTemplate, 'uriTemplate'> &
  ResourceScopes & {
    /** Completers for the template's variables, by variable name. */
    complete?: Partial<Record<keyof TemplateVariables<T>, Completer>>;
    /** The concrete resources of the template, listed by `resources/list` after static ones. */
    list?: (ctx: ServerContext) => Resource[] | Promise<Resource[]>;
  };

export interface RegisteredResource extends FeatureHandle {
  /** The resource's URI. */
  readonly uri: string;
  /** The resource as registered (for `resourceLink`). */
  readonly resource: Resource;
}

export interface RegisteredResourceTemplate extends FeatureHandle {
  /** The template, parsed. */
  readonly uriTemplate: UriTemplate;
}

/** The error for a resource that does not exist: -32002 until 2025-11-25, -32602 since. */
export function resourceNotFound(uri: string, protocolVersion: string): McpError {
  const code = isRevision(protocolVersion) ? resourceNotFoundCode(protocolVersion) : resourceNotFoundCode('2025-11-25');
  return new McpError(code, `Resource not found: ${uri}`, { uri });
}

/** A description as each revision sees it, shaped on first use. */
class Shaped<T extends { annotations?: Annotations }> {
  readonly #byVersion = new Map<string, T>();
  constructor(
    readonly type: string,
    readonly value: T,
  ) {}

  for(version: string): T {
    let shaped = this.#byVersion.get(version);
    if (!shaped) {
      shaped = shapeWithAnnotations(this.type, this.value, version);
      this.#byVersion.set(version, shaped);
    }
    return shaped;
  }
}

interface StaticEntry {
  description: Shaped<Resource>;
  read: ResourceReader<undefined>;
  scopes: readonly string[];
}

interface TemplateEntry {
  template: UriTemplate;
  scopes: readonly string[];
  description: Shaped<ResourceTemplate>;
  read: ResourceReader<MatchedVariables>;
  complete: Completers | undefined;
  list: ResourceTemplateConfig['list'];
}

/** Cursors into the resources listed by templates: distinct from the static set's own. */
const LISTED_CURSOR = /^t([0-9a-z]{1,11})$/;
// A scheme, as RFC 3986 defines it, is what makes a URI absolute.
export const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export class ResourceRegistry implements ServerFeature, CompletionSource {
  readonly #host: FeatureHost;
  readonly #statics: FeatureSet<StaticEntry>;
  readonly #templates: FeatureSet<TemplateEntry>;
  /** Templates with completers, enabled or not: the capability is declared for them. */
  readonly #completing = new Set<TemplateEntry>();
  readonly handlers: Record<string, RequestHandler<ServerContext>>;

  constructor(host: FeatureHost) {
    this.#host = host;
    this.#statics = new FeatureSet('resource', () => host.listChanged('resources'));
    this.#templates = new FeatureSet('resource template', () => host.listChanged('resources'));
    this.handlers = {
      'resources/list': (params, ctx) => this.list(params.cursor as string | undefined, ctx),
      'resources/templates/list': (params, ctx) => this.listTemplates(params.cursor as string | undefined, ctx),
      'resources/read': (params, ctx) => this.read(params.uri as string, ctx),
      'resources/subscribe': (params, ctx) => this.#subscribe(params.uri as string, ctx, true),
      'resources/unsubscribe': (params, ctx) => this.#subscribe(params.uri as string, ctx, false),
    };
  }

  capabilities(): ServerCapabilities {
    return this.#statics.size + this.#templates.size > 0 ? { resources: { subscribe: true, listChanged: true } } : {};
  }

  /** Registers a static resource. Its URI must be absolute and unique. */
  add(uri: string, config: ResourceConfig, read: ResourceReader<undefined>): RegisteredResource {
    if (!ABSOLUTE_URI.test(uri))
      throw new TypeError(
        `Invalid resource URI ${JSON.stringify(uri)}: it must start with a scheme (file:, https:, ...)`,
      );
    const { scopes, ...description } = config;
    const resource: Resource = { uri, ...description };
    const checked = checkedScopes(scopes, `Resource ${JSON.stringify(uri)}: scopes`);
    const handle = this.#statics.add(uri, { description: new Shaped('Resource', resource), read, scopes: checked });
    return Object.assign(handle, { uri, resource });
  }

  /**
   * Registers a resource template (RFC 6570). Throws when the template is malformed, already
   * registered, or has completers for variables it does not have.
   */
  addTemplate<T extends string>(
    uriTemplate: T,
    config: ResourceTemplateConfig<T>,
    read: ResourceReader<TemplateVariables<T>>,
  ): RegisteredResourceTemplate {
    const template = new UriTemplate<string>(uriTemplate);
    const { complete, list, scopes, ...description } = config;
    for (const name of Object.keys(complete ?? {})) {
      if (!template.variableNames.includes(name)) {
        throw new TypeError(
          `Resource template ${JSON.stringify(uriTemplate)} has no variable ${JSON.stringify(name)} to complete`,
        );
      }
    }
    const entry: TemplateEntry = {
      template,
      scopes: checkedScopes(scopes, `Resource template ${JSON.stringify(uriTemplate)}: scopes`),
      description: new Shaped('ResourceTemplate', { uriTemplate, ...description }),
      // The template's own matches are what it reads: the typed variables are those.
      read: read as ResourceReader<MatchedVariables>,
      complete: complete as Completers | undefined,
      list,
    };
    const handle = this.#templates.add(uriTemplate, entry);
    const completing = complete !== undefined && Object.keys(complete).length > 0;
    if (completing) this.#completing.add(entry);
    const remove = handle.remove;
    return Object.assign(handle, {
      uriTemplate: template,
      remove: () => {
        this.#completing.delete(entry);
        remove();
      },
    });
  }

  /**
   * One page of `resources/list`: static resources in registration order, then the resources
   * that templates list, in template order.
   */
  async list(cursor: string | undefined, ctx: ServerContext): Promise<ListResourcesResult> {
    const pageSize = this.#host.pageSize;
    const version = ctx.protocolVersion;
    const listed = cursor === undefined ? undefined : LISTED_CURSOR.exec(cursor);
    let resources: Resource[] = [];
    let offset = 0;
    if (listed) {
      offset = parseInt(listed[1]!, 36);
    } else {
      const page = this.#statics.page(cursor, pageSize);
      resources = page.items.map((e) => e.description.for(version));
      if (page.nextCursor !== undefined) return { resources, nextCursor: page.nextCursor };
    }
    const fromTemplates = await this.#listFromTemplates(ctx);
    const end = Math.min(fromTemplates.length, offset + (pageSize - resources.length));
    for (let i = offset; i < end; i++) resources.push(shapeWithAnnotations('Resource', fromTemplates[i]!, version));
    return end < fromTemplates.length ? { resources, nextCursor: `t${end.toString(36)}` } : { resources };
  }

  /** One page of `resources/templates/list`, in registration order. */
  listTemplates(cursor: string | undefined, ctx: ServerContext): ListResourceTemplatesResult {
    const page = this.#templates.page(cursor, this.#host.pageSize);
    const result: ListResourceTemplatesResult = {
      resourceTemplates: page.items.map((e) => e.description.for(ctx.protocolVersion)),
    };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  /**
   * Reads `uri`: a static resource if one has that URI, else the first template (in
   * registration order) that matches it.
   */
  async read(uri: string, ctx: ServerContext): Promise<ReadResourceResult> {
    let returned: ReadResourceReturn;
    let mimeType: string | undefined;
    const entry = this.#statics.get(uri);
    if (entry) {
      mimeType = entry.description.value.mimeType;
      returned = await entry.read(uri, undefined, ctx);
    } else {
      for (const t of this.#templates.values()) {
        const variables = t.template.match(uri);
        if (!variables) continue;
        mimeType = t.description.value.mimeType;
        returned = await t.read(uri, variables, ctx);
        break;
      }
    }
    if (returned === undefined) throw resourceNotFound(uri, ctx.protocolVersion);
    return toReadResult(returned, uri, mimeType, ctx.protocolVersion);
  }

  /**
   * The scopes reading `uri` needs: the static resource's when one has that URI, else those of
   * the first template (in registration order) that matches it, as `read` picks them.
   */
  scopesFor(uri: unknown): readonly string[] {
    if (typeof uri !== 'string') return NO_SCOPES;
    const entry = this.#statics.get(uri);
    if (entry) return entry.scopes;
    for (const t of this.#templates.values()) if (t.template.match(uri)) return t.scopes;
    return NO_SCOPES;
  }

  /** The scopes completing a variable of the template `uriTemplate` needs: the template's own. */
  templateScopes(uriTemplate: unknown): readonly string[] {
    return (typeof uriTemplate === 'string' && this.#templates.get(uriTemplate)?.scopes) || NO_SCOPES;
  }

  /** Every scope a registered resource or template asks for. */
  scopesInUse(): string[] {
    return [...this.#statics.values(), ...this.#templates.values()].flatMap((entry) => entry.scopes);
  }

  completerFor(uriTemplate: string, variable: string): Completer | undefined {
    const entry = this.#templates.get(uriTemplate);
    if (!entry) throw invalidParams(`Unknown resource template: ${uriTemplate}`, { uri: uriTemplate });
    if (!entry.template.variableNames.includes(variable)) {
      throw invalidParams(`Resource template ${uriTemplate} has no variable ${JSON.stringify(variable)}`);
    }
    return entry.complete?.[variable];
  }

  hasCompleters(): boolean {
    return this.#completing.size > 0;
  }

  async #listFromTemplates(ctx: ServerContext): Promise<Resource[]> {
    const out: Resource[] = [];
    for (const t of this.#templates.values()) {
      if (!t.list) continue;
      const mimeType = t.description.value.mimeType;
      for (const resource of await t.list(ctx))
        out.push(mimeType !== undefined && resource.mimeType === undefined ? { ...resource, mimeType } : resource);
    }
    return out;
  }

  /**
   * Any absolute URI may be subscribed to, known or not: the spec defines no error for it,
   * leaves the URI's meaning to the server, and updates may concern sub-resources of what was
   * subscribed to or resources that do not exist yet.
   */
  #subscribe(uri: string, ctx: ServerContext, on: boolean): Record<string, never> | Promise<Record<string, never>> {
    if (!ABSOLUTE_URI.test(uri)) throw invalidParams(`Invalid resource URI: ${JSON.stringify(uri)}`, { uri });
    if (on) ctx.session.subscriptions.add(uri);
    else ctx.session.subscriptions.delete(uri);
    // A fleet's session: an update may begin in any process, so the subscription is shared first.
    const mirror = mirrorOf(ctx.session);
    return mirror ? mirror.subscription(uri, on).then(() => ({})) : {};
  }
}

function toReadResult(
  returned: Exclude<ReadResourceReturn, undefined>,
  uri: string,
  mimeType: string | undefined,
  version: string,
): ReadResourceResult {
  let contents: (TextResourceContents | BlobResourceContents)[];
  let own: Exclude<ReadResourceReturn, string | Uint8Array | undefined> | undefined;
  if (typeof returned === 'string') contents = completeContents([{ text: returned }], uri, mimeType);
  else if (returned instanceof Uint8Array) contents = [blobContents(uri, returned, mimeType)];
  else {
    contents = completeContents(returned.contents, uri, mimeType);
    own = returned;
  }
  const result: ReadResourceResult = { contents: contents.map((c) => shapeContents(c, version)) };
  if (own?._meta !== undefined) result._meta = own._meta;
  // Caching hints exist only in the modern revision; older ones do not define them.
  if (isModern(version)) {
    if (own?.ttlMs !== undefined) result.ttlMs = own.ttlMs;
    if (own?.cacheScope !== undefined) result.cacheScope = own.cacheScope;
  }
  return result;
}
