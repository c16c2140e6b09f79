/**
 * GET opens the standalone SSE stream, or resumes a stream with `Last-Event-ID`; DELETE ends
 * the session. Both belong to the legacy era: the modern revision has neither.
 * @module
 */
import { isModern } from '../../protocol/versions.js';
import type { HttpRequestLike, HttpResponseSink } from './exchange.js';
import { isModernHeader } from './handle-modern-post.js';
import { accepts, protocolVersionProblem } from './header-checks.js';
import type { ResolvedOptions } from './options.js';
import { PROTOCOL_VERSION_HEADER, refuse, SESSION_HEADER, sessionNotFound, TransportErrorCode } from './replies.js';
import type { HttpSession, SessionTable } from './session-table.js';
import { samePrincipal, type Authorized } from './authorization.js';
import { isThenable } from '../../internal/maybe-async.js';

const { BadRequest } = TransportErrorCode;
const NO_GET = { allow: 'POST, DELETE' };
const POST_ONLY = { allow: 'POST' };

/**
 * 405 for a GET or DELETE of the modern revision (its version header says so), or to a
 * server that speaks no revision of the legacy era: there are no sessions to end or streams
 * to open. True when refused.
 */
function refusedAsModern(request: HttpRequestLike, sink: HttpResponseSink, sessions: SessionTable): boolean {
  if (!isModernHeader(request.header(PROTOCOL_VERSION_HEADER)) && !sessions.server.protocolVersions.every(isModern))
    return false;
  refuse(
    sink,
    405,
    BadRequest,
    `Method Not Allowed: ${request.method} is not part of the modern protocol revision; send requests with POST`,
    POST_ONLY,
  );
  return true;
}

/** Answers a GET: the standalone stream, or the resumption of a stream after `Last-Event-ID`. */
export async function handleGet(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  sessions: SessionTable,
  config: ResolvedOptions,
  authorized?: Authorized,
): Promise<void> {
  if (refusedAsModern(request, sink, sessions)) return;
  const lastEventId = request.header('last-event-id');
  // Resuming a POST's stream is always done with GET, even where the GET stream is disabled.
  if (!config.standaloneStream && lastEventId === undefined) {
    return refuse(sink, 405, BadRequest, 'Method Not Allowed: this endpoint offers no GET stream', NO_GET);
  }
  if (!accepts(request.header('accept'), 'text/event-stream')) {
    return refuse(sink, 406, BadRequest, 'Not Acceptable: the client must accept text/event-stream');
  }
  const found = findSession(request, sink, sessions, authorized);
  const session = isThenable(found) ? await found : found;
  if (!session) return;
  session.touch();
  const resumed = lastEventId === undefined ? session.openStandalone(sink) : session.resume(lastEventId, sink);
  const refusal = isThenable(resumed) ? await resumed : resumed;
  if (refusal) refuse(sink, refusal.status, BadRequest, refusal.message, refusal.status === 405 ? NO_GET : {});
}

/** Answers a DELETE: the session ends, its streams close, its id answers 404 from then on. */
export async function handleDelete(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  sessions: SessionTable,
  authorized?: Authorized,
): Promise<void> {
  if (refusedAsModern(request, sink, sessions)) return;
  const session = await findSession(request, sink, sessions, authorized);
  if (!session) return;
  await sessions.end(session);
  sink.send(200, {});
}

/**
 * The session a GET or DELETE names, or `undefined` once the request has been refused. A
 * session of another principal than the token's is not found.
 */
function findSession(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  sessions: SessionTable,
  authorized: Authorized | undefined,
): HttpSession | undefined | Promise<HttpSession | undefined> {
  const id = request.header(SESSION_HEADER);
  if (id === undefined) {
    refuse(sink, 400, BadRequest, 'Bad Request: Mcp-Session-Id header is required');
    return undefined;
  }
  const found = sessions.find(id);
  return isThenable(found)
    ? found.then((session) => checkedSession(request, sink, session, authorized))
    : checkedSession(request, sink, found, authorized);
}

/** The session found, unless it is another principal's or the version header does not match it. */
function checkedSession(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  session: HttpSession | undefined,
  authorized: Authorized | undefined,
): HttpSession | undefined {
  if (!session || !samePrincipal(session.principal, authorized)) {
    sessionNotFound(sink);
    return undefined;
  }
  const problem = protocolVersionProblem(
    request.header(PROTOCOL_VERSION_HEADER),
    session.serverSession.protocolVersion,
  );
  if (problem !== undefined) {
    refuse(sink, 400, BadRequest, problem);
    return undefined;
  }
  return session;
}
