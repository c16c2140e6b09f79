/**
 * The HTTP+SSE transport of protocol revision 2024-11-05, for clients that predate Streamable
 * HTTP. A client opens `GET /sse`; the first event (`endpoint`) tells it where to POST its
 * messages (`/messages?sessionId=...`); every answer, notification and server request then
 * comes back as a `message` event on that stream. Each stream is one session of the same
 * `Server` that serves Streamable HTTP, and closing the stream ends the session.
 * @module
 */
import type { Clock } from '../../../jsonrpc/clock.js';
import { ErrorCode } from '../../../jsonrpc/errors.js';
import type { HttpExchangeHandler } from '../exchange.js';
import { hostOriginRejection, type HostOriginPolicy } from '../host-origin-check.js';
import type { SessionLimits } from '../session-limits.js';
import { ResourceServer, type ResourceServerOptions } from '../../../auth/server/resource-server.js';
import { authorizeRequest, serveMetadata, type Authorized, type ScopedServer } from '../authorization.js';
import { refuseRepeatedHeader } from '../single-headers.js';
import { LegacySseSessions, scoped, sendError, type LegacySseSessionHost } from './sessions.js';

export type { LegacySseSessionHost } from './sessions.js';

/**
 * Options of {@link createLegacySseCore}. Its sessions are limited as the Streamable HTTP
 * endpoint's are (`maxSessions`, `maxSessionsPerClient`, `clientKey`), counted apart; since each
 * has its stream open, none is ever idle, so a session beyond the limit is refused (503).
 */
export interface LegacySseOptions extends HostOriginPolicy, SessionLimits {
  /** Path of the SSE endpoint. Default `/sse`. */
  ssePath?: string;
  /** Path of the POST endpoint, as advertised in the `endpoint` event. Default `/messages`. */
  messagesPath?: string;
  /** The largest POST body accepted, in bytes; larger ones get 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Interval of keep-alive comments on each SSE stream; 0 sends none. Default 15 s. */
  keepAliveMs?: number;
  /** Time source of the keep-alive timers. */
  clock?: Clock;
  /** Problems that concern no particular response (a session that failed to start, a verifier that failed). */
  onError?: (error: Error) => void;
  /**
   * Check access tokens, as the Streamable HTTP endpoint's `auth` option does: opening the
   * stream and every POST need a token, a session is its opener's (another principal's POST
   * is answered 404), and the Protected Resource Metadata is served here too. `auth.resource`
   * is required: the MCP server these endpoints belong to (`listen` sets it to the Streamable
   * HTTP endpoint's).
   */
  auth?: ResourceServerOptions;
}

/** The legacy endpoint pair, ready to be put behind an HTTP front. */
export interface LegacySseCore {
  /** Serves one exchange on either endpoint; any other path gets 404. */
  readonly handle: HttpExchangeHandler;
  /** Whether `path` (with or without its query) is one of the two endpoints, for a front that serves more. */
  matches(path: string): boolean;
  /** Sessions whose stream is open. */
  readonly sessionCount: number;
  /** Ends every session and its stream. */
  close(): Promise<void>;
}

/** The default limit on a POST body: 4 MiB. */
export const DEFAULT_LEGACY_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves the 2024-11-05 HTTP+SSE transport from `server`. The endpoints are checked against
 * DNS rebinding like the Streamable HTTP endpoint: only loopback hosts and origins unless
 * `allowedHosts` / `allowedOrigins` say otherwise.
 */
export function createLegacySseCore(server: LegacySseSessionHost, options: LegacySseOptions = {}): LegacySseCore {
  const ssePath = checkedPath(options.ssePath ?? '/sse', 'ssePath');
  const messagesPath = checkedPath(options.messagesPath ?? '/messages', 'messagesPath');
  if (ssePath === messagesPath) throw new RangeError('ssePath and messagesPath must differ');
  const resourceServer = options.auth === undefined ? undefined : new ResourceServer(options.auth, options.clock);
  const onError = options.onError ?? (() => {});
  const sessions = new LegacySseSessions(server, options, {
    messagesPath,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_LEGACY_MAX_BODY_BYTES,
    resourceServer,
  });

  // Where the metadata of the resource is: served here too, when the endpoints check tokens.
  const metadataPath = resourceServer?.metadataPath;

  const handle: HttpExchangeHandler = async (request, response) => {
    const path = pathOf(request.path);
    const endpoint = path === ssePath ? 'GET' : path === messagesPath ? 'POST' : undefined;
    const metadata = path === metadataPath;
    if (!endpoint && !metadata) return sendError(response, 404, ErrorCode.InvalidRequest, 'Not found');
    const repeated = request.repeatedHeader;
    if (repeated !== undefined) return refuseRepeatedHeader(repeated, request, response, resourceServer);
    const rejection = hostOriginRejection(request, options);
    if (rejection) return sendError(response, 403, ErrorCode.InvalidRequest, rejection);
    let authorized: Authorized | undefined;
    if (resourceServer !== undefined) {
      if (metadata && serveMetadata(resourceServer, request, response, scopesOf(server))) return;
      if (!endpoint) return sendError(response, 405, ErrorCode.InvalidRequest, 'Method not allowed', { allow: 'GET' });
      // These paths sit beside the MCP endpoint, on the resource's origin.
      authorized = await authorizeRequest(resourceServer, request, resourceServer.origin + path, response, onError);
      if (authorized === undefined) return;
    }
    if (!endpoint) return sendError(response, 404, ErrorCode.InvalidRequest, 'Not found');
    if (request.method !== endpoint)
      return sendError(response, 405, ErrorCode.InvalidRequest, 'Method not allowed', { allow: endpoint });
    return endpoint === 'GET'
      ? sessions.open(request, response, authorized)
      : sessions.accept(request, response, authorized);
  };

  return {
    handle,
    matches: (path) => {
      const p = pathOf(path);
      return p === ssePath || p === messagesPath || (metadataPath !== undefined && p === metadataPath);
    },
    get sessionCount() {
      return sessions.size;
    },
    close: () => sessions.close(),
  };
}

/** The server as the metadata sees it: the scopes its features ask for, none when it cannot say. */
function scopesOf(server: LegacySseSessionHost): ScopedServer {
  return scoped(server) ? server : { requiredScopes: () => [], scopesInUse: [] };
}

function checkedPath(path: string, name: string): string {
  if (!path.startsWith('/') || /[?#\s]/.test(path))
    throw new RangeError(`${name} must be a path starting with '/', without query or spaces: ${path}`);
  return path;
}

function pathOf(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}
