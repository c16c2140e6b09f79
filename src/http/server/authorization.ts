/**
 * The HTTP endpoints as OAuth resource servers (their `auth` option): the Protected Resource
 * Metadata they serve, the token every request must carry, checked before anything else is
 * read, and the scopes the request's tool, resource or prompt needs, checked once the body is
 * read and before anything runs. Shared by the Streamable HTTP and the HTTP+SSE endpoints.
 * @module
 */
import type { AuthInfo } from '../../auth/auth-info.js';
import { principalOf } from '../../auth/auth-info.js';
import { AuthRefusal, type ResourceServer } from '../../auth/server/resource-server.js';
import { unionOf, NO_SCOPES } from '../../auth/server/scopes.js';
import { isThenable } from '../../internal/maybe-async.js';
import { isObject, isRequestId, type RequestId } from '../../jsonrpc/message.js';
import type { MessageInfo } from '../../jsonrpc/transport.js';
import type { HttpRequestLike, HttpResponseSink } from './exchange.js';
import { errorResponse, serialize } from '../../jsonrpc/codec.js';
import { JSON_HEADERS, TransportErrorCode } from './replies.js';

/** A request whose token passed: who it speaks for. */
export interface Authorized {
  readonly auth: AuthInfo;
}

/**
 * What a POST's messages carry to the server besides themselves: who its token speaks for, and
 * which client sent it (the endpoint's `clientKey`); `undefined` when neither is known.
 */
export function messageInfo(
  authorized: Authorized | undefined,
  clientKey: string | undefined,
): MessageInfo | undefined {
  return authorized === undefined && clientKey === undefined ? undefined : { auth: authorized?.auth, clientKey };
}

/** What the scope check needs of a server: the scopes a request of a method needs. */
export interface ScopedServer {
  /**
   * The scopes a request needs beyond the endpoint's own, from what the tool, resource or prompt it
   * names declares.
   */
  requiredScopes(method: string, params: Record<string, unknown> | undefined): readonly string[];
  /** Every scope the server's items declare, for the protected resource metadata's `scopes_supported`. */
  readonly scopesInUse: readonly string[];
}

/**
 * Checks the request's access token; when it is refused, answers (401, 400, 403 or 503) and
 * gives `undefined`. `url` is where the request was sent, as the server knows itself (what a
 * DPoP proof must name). Synchronous when the token was verified before.
 */
export function authorizeRequest(
  resourceServer: ResourceServer,
  request: HttpRequestLike,
  url: string,
  sink: HttpResponseSink,
  onError: (error: Error) => void,
): Authorized | undefined | Promise<Authorized | undefined> {
  const outcome = resourceServer.authorize({ method: request.method, url, header: (name) => request.header(name) });
  const settle = (result: AuthInfo | AuthRefusal): Authorized | undefined => {
    if (!(result instanceof AuthRefusal)) return { auth: result };
    sendRefusal(sink, result, null, onError);
    return undefined;
  };
  return isThenable(outcome) ? outcome.then(settle) : settle(outcome);
}

/**
 * Answers a GET of the Protected Resource Metadata (RFC 9728) and gives true; false when the
 * request is not one, for the endpoint to handle. Public: it carries no token. It is served at
 * the path the resource names, whatever host the request addressed, and always names that
 * resource.
 */
export function serveMetadata(
  resourceServer: ResourceServer,
  request: HttpRequestLike,
  sink: HttpResponseSink,
  server: ScopedServer,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathOf(request.path) !== resourceServer.metadataPath) return false;
  const body = JSON.stringify(resourceServer.metadata(server.scopesInUse));
  sink.send(200, JSON_HEADERS, request.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Answers the 400 `invalid_request` of a request that carried `Authorization` more than once,
 * with the challenge (RFC 6750 §3.1).
 */
export function refuseRepeatedAuthorization(
  resourceServer: ResourceServer,
  request: HttpRequestLike,
  sink: HttpResponseSink,
): void {
  sendRefusal(sink, resourceServer.repeatedAuthorization(request.header('authorization')), null, () => {});
}

/**
 * Answers 403 when the token lacks a scope the body's requests need (the scopes of the tool,
 * resource or prompt each names, and those every request needs) and gives true; false when it
 * has them all. The refusal carries the request's id when the body is one request.
 */
export function refusedForScopes(
  resourceServer: ResourceServer,
  authorized: Authorized,
  server: ScopedServer,
  body: unknown,
  sink: HttpResponseSink,
): boolean {
  let needed: readonly string[] = NO_SCOPES;
  let id: RequestId | null = null;
  for (const item of Array.isArray(body) ? body : [body]) {
    if (!isObject(item) || typeof item.method !== 'string' || !('id' in item)) continue;
    const scopes = server.requiredScopes(item.method, isObject(item.params) ? item.params : undefined);
    if (scopes.length > 0) needed = unionOf(needed, scopes);
    if (!Array.isArray(body) && isRequestId(item.id)) id = item.id;
  }
  if (needed.length === 0) return false;
  const refusal = resourceServer.scopeRefusal(authorized.auth, needed);
  if (refusal === undefined) return false;
  sendRefusal(sink, refusal, id, () => {});
  return true;
}

/** Whether `authorized` (when the endpoint checks tokens) is the principal `bound` to a session. */
export function samePrincipal(bound: string | undefined, authorized: Authorized | undefined): boolean {
  return authorized === undefined || bound === principalOf(authorized.auth);
}

/** A refusal as a response: its status and headers, and a JSON-RPC error saying why. */
function sendRefusal(
  sink: HttpResponseSink,
  refusal: AuthRefusal,
  id: RequestId | null,
  onError: (error: Error) => void,
): void {
  if (refusal.cause !== undefined) onError(refusal.cause);
  const body = serialize(errorResponse(id, TransportErrorCode.BadRequest, refusal.message));
  sink.send(refusal.status, { ...JSON_HEADERS, ...refusal.headers }, body);
}

/** A request's path without its query. */
function pathOf(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
