/**
 * Routes the requests of a 2025-11-25 session to the Durable Object that holds it. The object
 * is chosen at `initialize`, before the server mints the session id, so the id the client sees
 * is the object's id, a dot, then the server's: every later request names its object.
 */

/** The part of a Durable Object namespace binding this uses (standard web types only). */
export interface DurableObjectNamespaceLike {
  newUniqueId(): DurableObjectIdLike;
  idFromString(id: string): DurableObjectIdLike;
  get(id: DurableObjectIdLike): { fetch(request: Request): Promise<Response> };
}

/** A Durable Object's id. */
export interface DurableObjectIdLike {
  toString(): string;
}

const SESSION_HEADER = 'mcp-session-id';

/**
 * Sends `request` to its session's object: the one its `Mcp-Session-Id` names, or a new one
 * when it has none (an `initialize`).
 */
export async function forwardToSession(request: Request, namespace: DurableObjectNamespaceLike): Promise<Response> {
  const routed = request.headers.get(SESSION_HEADER);
  if (routed === null) {
    const id = namespace.newUniqueId();
    return withRoutedSession(await namespace.get(id).fetch(request), id);
  }
  const dot = routed.indexOf('.');
  let id: DurableObjectIdLike;
  try {
    if (dot < 1) throw new Error('no object id');
    id = namespace.idFromString(routed.slice(0, dot));
  } catch {
    return unknownSession();
  }
  const headers = new Headers(request.headers);
  headers.set(SESSION_HEADER, routed.slice(dot + 1));
  const response = await namespace.get(id).fetch(new Request(request, { headers }));
  return withRoutedSession(response, id);
}

/** The object's answer, its session id (if it sent one) prefixed with the object's id. */
function withRoutedSession(response: Response, id: DurableObjectIdLike): Response {
  const minted = response.headers.get(SESSION_HEADER);
  if (minted === null) return response;
  const routed = new Response(response.body, response);
  routed.headers.set(SESSION_HEADER, `${id.toString()}.${minted}`);
  return routed;
}

/** What the endpoint answers for a session it does not know. */
function unknownSession(): Response {
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
    { status: 404 },
  );
}
