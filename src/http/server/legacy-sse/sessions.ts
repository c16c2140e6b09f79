/**
 * The sessions of the HTTP+SSE endpoint: a GET opens one (its stream, then the `endpoint`
 * event), a POST hands a message to the session it names. Each session is a transport of its
 * own, limited as the Streamable HTTP endpoint's sessions are, and its opener's alone.
 * @module
 */
import { errorResponse, parseFrame } from '../../../jsonrpc/codec.js';
import { ErrorCode } from '../../../jsonrpc/errors.js';
import type { Transport } from '../../../jsonrpc/transport.js';
import { BodyTooLargeError, type HttpRequestLike, type HttpResponseSink } from '../exchange.js';
import { TransportErrorCode } from '../replies.js';
import { resolveSessionLimits, RETRY_AFTER_FULL, SessionsPerClient, type SessionLimits } from '../session-limits.js';
import { LEGACY_SSE_HEADERS, LegacySseTransport } from './transport.js';
import type { ResourceServer } from '../../../auth/server/resource-server.js';
import { principalOf } from '../../../auth/auth-info.js';
import { messageInfo, refusedForScopes, samePrincipal, type Authorized, type ScopedServer } from '../authorization.js';
import type { Clock } from '../../../jsonrpc/clock.js';

/**
 * What the endpoint needs of a server: a session per transport (a `Server` is one), and, when
 * it checks tokens, the scopes requests need.
 */
export interface LegacySseSessionHost extends Partial<ScopedServer> {
  /**
   * The scopes a request needs beyond the endpoint's own, from what the tool, resource or prompt
   * it names declares (a `Server` answers it); without it, no request needs more.
   */
  requiredScopes?: ScopedServer['requiredScopes'];
  /** Serves a new session over `transport` (a `Server` does). */
  connect(transport: Transport): Promise<unknown>;
}

/** What the sessions take of the endpoint's options. */
export interface LegacySseSessionOptions extends SessionLimits {
  keepAliveMs?: number;
  clock?: Clock;
  onError?: (error: Error) => void;
}

/** What the endpoint decided once: where messages go, how large they may be, who checks tokens. */
export interface LegacySseRoutes {
  readonly messagesPath: string;
  readonly maxBodyBytes: number;
  readonly resourceServer: ResourceServer | undefined;
}

export class LegacySseSessions {
  readonly #server: LegacySseSessionHost;
  readonly #options: LegacySseSessionOptions;
  readonly #routes: LegacySseRoutes;
  readonly #limits: ReturnType<typeof resolveSessionLimits>;
  readonly #perClient: SessionsPerClient;
  readonly #sessions = new Map<string, LegacySseTransport>();

  constructor(server: LegacySseSessionHost, options: LegacySseSessionOptions, routes: LegacySseRoutes) {
    this.#server = server;
    this.#options = options;
    this.#routes = routes;
    this.#limits = resolveSessionLimits(options);
    this.#perClient = new SessionsPerClient(this.#limits.maxSessionsPerClient);
  }

  /** Sessions whose stream is open. */
  get size(): number {
    return this.#sessions.size;
  }

  /** A GET: opens a session on the response's stream, then tells the client where to post. */
  async open(request: HttpRequestLike, response: HttpResponseSink, authorized: Authorized | undefined): Promise<void> {
    const limits = this.#limits;
    const sessions = this.#sessions;
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
    const client = clientKey === undefined ? undefined : this.#perClient.add(clientKey);
    if (clientKey !== undefined && client === undefined) {
      return sendError(
        response,
        429,
        TransportErrorCode.BadRequest,
        `Too Many Requests: this client has ${limits.maxSessionsPerClient} sessions open, the most it may`,
      );
    }
    const options = this.#options;
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
      if (client) this.#perClient.remove(client);
    });
    request.onAbort(() => void transport.close());
    if (stream.closed) {
      sessions.delete(sessionId);
      return;
    }
    try {
      await this.#server.connect(transport);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      await transport.close();
      return;
    }
    // Only now: a client may post as soon as it knows where to, and the session must be there.
    transport.writeEvent('endpoint', endpointUrl(this.#routes.messagesPath, sessionId));
  }

  /** A POST: hands its message to the session `?sessionId=` names, if it is the caller's. */
  async accept(
    request: HttpRequestLike,
    response: HttpResponseSink,
    authorized: Authorized | undefined,
  ): Promise<void> {
    const sessionId = new URLSearchParams(queryOf(request.path)).get('sessionId');
    if (!sessionId) return sendError(response, 400, ErrorCode.InvalidRequest, 'Missing sessionId query parameter');
    const transport = this.#sessions.get(sessionId);
    // A session is its principal's: to anyone else it does not exist.
    if (!transport || !samePrincipal(transport.principal, authorized))
      return sendError(response, 404, SESSION_NOT_FOUND, 'Session not found');
    if (!isJsonContentType(request.header('content-type'))) {
      return sendError(response, 415, ErrorCode.InvalidRequest, 'Content-Type must be application/json');
    }
    let body: string;
    try {
      body = await request.text(this.#routes.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(response, 413, ErrorCode.InvalidRequest, error.message);
      return sendError(response, 400, ErrorCode.InvalidRequest, 'The request body could not be read');
    }
    const parsed = parseFrame(body);
    if (!parsed.ok) return response.send(400, JSON_HEADERS, JSON.stringify(parsed.response));
    // Nothing runs before the token is known to cover what the body asks for.
    const server = this.#server;
    const resourceServer = this.#routes.resourceServer;
    if (authorized && resourceServer && scoped(server)) {
      if (refusedForScopes(resourceServer, authorized, server, parsed.value, response)) return;
    }
    // Anything that is JSON goes to the session, which answers malformed messages on the stream,
    // with who its token speaks for and which client sent it.
    if (!transport.receive(parsed.value, messageInfo(authorized, this.#limits.clientKey(request))))
      return sendError(response, 404, SESSION_NOT_FOUND, 'Session not found');
    response.send(202, {});
  }

  /** Ends every session and its stream. */
  async close(): Promise<void> {
    await Promise.all([...this.#sessions.values()].map((t) => t.close()));
  }
}

// The code the official SDK answers an unknown session with, so clients see the same.
const SESSION_NOT_FOUND = -32001;

const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };

/** Answers with a JSON-RPC error body that names no request. */
export function sendError(
  response: HttpResponseSink,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response.send(status, { ...JSON_HEADERS, ...headers }, JSON.stringify(errorResponse(null, code, message)));
}

/** Whether the server can say what scopes requests need (a `Server` can). */
export function scoped(server: LegacySseSessionHost): server is LegacySseSessionHost & ScopedServer {
  return typeof server.requiredScopes === 'function';
}

function endpointUrl(messagesPath: string, sessionId: string): string {
  return `${messagesPath}?sessionId=${encodeURIComponent(sessionId)}`;
}

function queryOf(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? '' : path.slice(q + 1);
}

/** `application/json`, with any parameters (`; charset=utf-8`), in any case. */
function isJsonContentType(value: string | undefined): boolean {
  return value?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}
