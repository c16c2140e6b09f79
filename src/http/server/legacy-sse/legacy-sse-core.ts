/**
 * The HTTP+SSE transport of protocol revision 2024-11-05, for clients that predate Streamable
 * HTTP. A client opens `GET /sse`; the first event (`endpoint`) tells it where to POST its
 * messages (`/messages?sessionId=...`); every answer, notification and server request then
 * comes back as a `message` event on that stream. Each stream is one session of the same
 * `Server` that serves Streamable HTTP, and closing the stream ends the session.
 * @module
 */
import type { Clock } from '../../../jsonrpc/clock.js';
import { errorResponse, parseFrame } from '../../../jsonrpc/codec.js';
import { ErrorCode } from '../../../jsonrpc/errors.js';
import type { Transport } from '../../../jsonrpc/transport.js';
import {
  BodyTooLargeError,
  type HttpExchangeHandler,
  type HttpRequestLike,
  type HttpResponseSink,
} from '../exchange.js';
import { hostOriginRejection, type HostOriginPolicy } from '../host-origin-check.js';
import { TransportErrorCode } from '../replies.js';
import { resolveSessionLimits, RETRY_AFTER_FULL, SessionsPerClient, type SessionLimits } from '../session-limits.js';
import { LEGACY_SSE_HEADERS, LegacySseTransport } from './legacy-sse-transport.js';
import { ResourceServer, type ResourceServerOptions } from '../../../auth/server/resource-server.js';
import { principalOf } from '../../../auth/auth-info.js';
import {
  authorizeRequest,
  messageInfo,
  refusedForScopes,
  samePrincipal,
  serveMetadata,
  type Authorized,
  type ScopedServer,
} from '../authorization.js';
import { refuseRepeatedHeader } from '../single-headers.js';

/**
 * What the endpoint needs of a server: a session per transport (a `Server` is one), and, when
 * it checks tokens, the scopes requests need.
 */
export interface LegacySseSessionHost extends Partial<ScopedServer> {
  connect(transport: Transport): Promise<unknown>;
}

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
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_LEGACY_MAX_BODY_BYTES;
  const limits = resolveSessionLimits(options);
  const perClient = new SessionsPerClient(limits.maxSessionsPerClient);
  const sessions = new Map<string, LegacySseTransport>();
  const resourceServer = options.auth === undefined ? undefined : new ResourceServer(options.auth, options.clock);
  const onError = options.onError ?? (() => {});

  async function openStream(
    request: HttpRequestLike,
    response: HttpResponseSink,
    authorized: Authorized | undefined,
  ): Promise<void> {
    if (sessions.size >= limits.maxSessions) {
      return sendError(
        response,
        503,
        TransportErrorCode.BadRequest,
        'Service Unavailable: too many sessions are open',
        RETRY_AFTER_FULL,
      );
    }
    const clientKey = limits.clientKey(request);
    const client = clientKey === undefined ? undefined : perClient.add(clientKey);
    if (clientKey !== undefined && client === undefined) {
      return sendError(
        response,
        429,
        TransportErrorCode.BadRequest,
        `Too Many Requests: this client has ${limits.maxSessionsPerClient} sessions open, the most it may`,
      );
    }
    const sessionId = crypto.randomUUID();
    const stream = response.stream(200, LEGACY_SSE_HEADERS);
    const transport = new LegacySseTransport(sessionId, stream, {
      ...(options.keepAliveMs !== undefined && { keepAliveMs: options.keepAliveMs }),
      ...(options.clock && { clock: options.clock }),
      ...(authorized && { principal: principalOf(authorized.auth) }),
    });
    sessions.set(sessionId, transport);
    stream.onClose(() => {
      sessions.delete(sessionId);
      if (client) perClient.remove(client);
    });
    request.onAbort(() => void transport.close());
    if (stream.closed) {
      sessions.delete(sessionId);
      return;
    }
    try {
      await server.connect(transport);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      await transport.close();
      return;
    }
    // Only now: a client may post as soon as it knows where to, and the session must be there.
    transport.writeEvent('endpoint', endpointUrl(messagesPath, sessionId));
  }

  async function acceptMessage(
    request: HttpRequestLike,
    response: HttpResponseSink,
    authorized: Authorized | undefined,
  ): Promise<void> {
    const sessionId = new URLSearchParams(queryOf(request.path)).get('sessionId');
    if (!sessionId) return sendError(response, 400, ErrorCode.InvalidRequest, 'Missing sessionId query parameter');
    const transport = sessions.get(sessionId);
    // A session is its principal's: to anyone else it does not exist.
    if (!transport || !samePrincipal(transport.principal, authorized))
      return sendError(response, 404, SESSION_NOT_FOUND, 'Session not found');
    if (!isJsonContentType(request.header('content-type'))) {
      return sendError(response, 415, ErrorCode.InvalidRequest, 'Content-Type must be application/json');
    }
    let body: string;
    try {
      body = await request.text(maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(response, 413, ErrorCode.InvalidRequest, error.message);
      return sendError(response, 400, ErrorCode.InvalidRequest, 'The request body could not be read');
    }
    const parsed = parseFrame(body);
    if (!parsed.ok) return response.send(400, JSON_HEADERS, JSON.stringify(parsed.response));
    // Nothing runs before the token is known to cover what the body asks for.
    if (authorized && resourceServer && scoped(server)) {
      if (refusedForScopes(resourceServer, authorized, server, parsed.value, response)) return;
    }
    // Anything that is JSON goes to the session, which answers malformed messages on the stream,
    // with who its token speaks for and which client sent it.
    if (!transport.receive(parsed.value, messageInfo(authorized, limits.clientKey(request))))
      return sendError(response, 404, SESSION_NOT_FOUND, 'Session not found');
    response.send(202, {});
  }

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
      ? openStream(request, response, authorized)
      : acceptMessage(request, response, authorized);
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
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
    },
  };
}

// The code the official SDK answers an unknown session with, so clients see the same.
const SESSION_NOT_FOUND = -32001;

const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };

function sendError(
  response: HttpResponseSink,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response.send(status, { ...JSON_HEADERS, ...headers }, JSON.stringify(errorResponse(null, code, message)));
}

/** Whether the server can say what scopes requests need (a `Server` can). */
function scoped(server: LegacySseSessionHost): server is LegacySseSessionHost & ScopedServer {
  return typeof server.requiredScopes === 'function';
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

function endpointUrl(messagesPath: string, sessionId: string): string {
  return `${messagesPath}?sessionId=${encodeURIComponent(sessionId)}`;
}

function pathOf(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

function queryOf(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? '' : path.slice(q + 1);
}

/** `application/json`, with any parameters (`; charset=utf-8`), in any case. */
function isJsonContentType(value: string | undefined): boolean {
  return value?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}
