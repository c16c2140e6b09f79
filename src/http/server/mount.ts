/**
 * The mount: the endpoints one `Server` is served at inside a front that serves more paths than
 * MCP's (`listen`'s own server, an Express, Hono or Fastify app). The Streamable HTTP endpoint
 * at its path, the Protected Resource Metadata beside it when the endpoint checks tokens, and,
 * when asked for, the HTTP+SSE pair of 2024-11-05, sharing the options that make them one
 * server. It knows no runtime: each front asks it which core serves a path.
 * @module
 */
import type { Server } from '../../server/server.js';
import { ResourceServer } from '../../auth/server/resource-server.js';
import type { HttpExchangeHandler } from './exchange.js';
import { createStreamableHttpCore, type StreamableHttpCore } from './endpoint.js';
import type { StreamableHttpOptions } from './options.js';
import { createLegacySseCore, type LegacySseCore, type LegacySseOptions } from './legacy-sse/endpoint.js';

/** Where the endpoints are, and the Streamable HTTP endpoint's own options. */
export interface MountOptions extends StreamableHttpOptions {
  /**
   * The MCP endpoint's path, from the root of the site (a framework's mount prefix included).
   * With `auth`, the Protected Resource Metadata is served too, at
   * `/.well-known/oauth-protected-resource` followed by the path of `auth.resource`. Default `/mcp`.
   */
  path?: string;
  /**
   * Also serve the 2024-11-05 HTTP+SSE transport from the same `Server` (default paths `/sse`
   * and `/messages`), for clients that predate Streamable HTTP.
   */
  legacySse?: boolean | LegacySseOptions;
}

/** The endpoints of one `Server`, ready to be put behind a front. */
export interface Mount {
  /** The Streamable HTTP endpoint. */
  readonly core: StreamableHttpCore;
  /** The HTTP+SSE endpoints, when `legacySse` asked for them. */
  readonly legacy: LegacySseCore | undefined;
  /** Every path served, for a front that registers routes: the MCP path first. */
  readonly paths: readonly string[];
  /** Ends every session of both endpoints; their streams close. */
  close(): Promise<void>;
}

/** A mount as its front holds it: which core serves a request. */
export interface RoutedMount extends Mount {
  /**
   * The core that serves a request for `path` (without its query) and `method`, or `undefined`
   * when the mount serves nothing there and the front should pass the request on.
   */
  route(path: string, method: string): HttpExchangeHandler | undefined;
}

/**
 * The endpoints of `server` at `options.path`. `resource` fills in `auth.resource` where the
 * options leave it out (`listen` knows the URL it bound); elsewhere `auth.resource` is required.
 */
export function mountEndpoints(server: Server, options: MountOptions = {}, resource?: string): RoutedMount {
  const { path = '/mcp', legacySse, ...coreOptions } = options;
  checkedPath(path);
  const legacyOptions = legacyOptionsOf(coreOptions, legacySse);
  const auth = withResource(coreOptions.auth, resource);
  const core = createStreamableHttpCore(server, auth ? { ...coreOptions, auth } : coreOptions);
  const legacyAuth = withResource(legacyOptions?.auth, resource);
  const legacy =
    legacyOptions && createLegacySseCore(server, legacyAuth ? { ...legacyOptions, auth: legacyAuth } : legacyOptions);
  // The Protected Resource Metadata, when the endpoint checks tokens: the core serves it.
  const metadataPath = auth && new ResourceServer(auth).metadataPath;
  const legacyPaths = legacyOptions ? [legacyOptions.ssePath ?? '/sse', legacyOptions.messagesPath ?? '/messages'] : [];
  return {
    core,
    legacy,
    paths: [path, ...(metadataPath ? [metadataPath] : []), ...legacyPaths.filter((p) => p !== metadataPath)],
    close: async () => {
      await Promise.all([core.close(), legacy?.close()]);
    },
    route(requested, method) {
      if (requested === path) return core;
      if (requested === metadataPath) return method === 'GET' || method === 'HEAD' ? core : undefined;
      return legacy?.matches(requested) ? legacy.handle : undefined;
    },
  };
}

/** `handler` carrying the members of `mount`: what a framework's middleware gives its user. */
export function withMount<F extends object>(handler: F, mount: Mount): F & Mount {
  return Object.defineProperties(handler, {
    core: { value: mount.core, enumerable: true },
    legacy: { value: mount.legacy, enumerable: true },
    paths: { value: mount.paths, enumerable: true },
    close: { value: () => mount.close(), enumerable: true },
  }) as F & Mount;
}

/**
 * The options of the HTTP+SSE endpoints `legacySse` asks for: those the Streamable HTTP
 * endpoint's options share with them, then their own.
 */
export function legacyOptionsOf(
  options: StreamableHttpOptions,
  legacySse: MountOptions['legacySse'],
): LegacySseOptions | undefined {
  if (!legacySse) return undefined;
  const shared: Record<string, unknown> = {};
  for (const key of SHARED_WITH_LEGACY) if (options[key] !== undefined) shared[key] = options[key];
  return { ...(shared as LegacySseOptions), ...(typeof legacySse === 'object' && legacySse) };
}

/** The options the HTTP+SSE endpoint takes from the Streamable HTTP endpoint's, where set. */
const SHARED_WITH_LEGACY = [
  'allowedHosts',
  'allowedOrigins',
  'maxSessions',
  'maxSessionsPerClient',
  'clientKey',
  'onError',
  'auth',
] as const;

/** `auth` checking tokens for `resource`, unless it names one of its own. */
function withResource<T extends StreamableHttpOptions['auth']>(auth: T, resource: string | undefined): T {
  return auth === undefined || auth.resource !== undefined || resource === undefined ? auth : { ...auth, resource };
}

/** The part of a request's path and query a mount routes by. */
export function pathOf(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  return q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
}

function checkedPath(path: string): void {
  if (!path.startsWith('/') || /[?#\s]/.test(path))
    throw new RangeError(`path must start with '/' and hold no query or spaces: ${path}`);
}
