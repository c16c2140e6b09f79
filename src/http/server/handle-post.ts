/**
 * POST: the client sends messages. `initialize` opens a session; everything else needs one,
 * except requests of the modern revision (see handle-modern-post.ts). Requests are
 * answered as JSON or as an SSE stream; notifications and responses alone get 202.
 * @module
 */
import { parseFrame, serialize } from '../../jsonrpc/codec.js';
import { ErrorCode } from '../../jsonrpc/errors.js';
import { handshakeNotServed } from '../../protocol/errors.js';
import { isModern } from '../../protocol/versions.js';
import { BodyTooLargeError, type HttpRequestLike, type HttpResponseSink } from './exchange.js';
import { RETRY_AFTER_FULL } from './session-limits.js';
import { handleModernPost, isModernHeader, isModernPost, servesModern } from './handle-modern-post.js';
import { acceptsJsonAndSse, isJsonContentType, protocolVersionProblem } from './header-checks.js';
import { inspectBody, isLoneInitialize, type InboundBody } from './inbound-body.js';
import type { ResolvedOptions } from './options.js';
import type { StoredMessage } from './event-store.js';
import {
  JSON_HEADERS,
  PROTOCOL_VERSION_HEADER,
  refuse,
  refuseRequest,
  SESSION_HEADER,
  sessionNotFound,
  TransportErrorCode,
} from './replies.js';
import type { HttpSession, SessionTable } from './session-table.js';
import { GatedSink } from './gated-sink.js';
import { isThenable } from '../../internal/maybe-async.js';
import { messageInfo, refusedForScopes, samePrincipal, type Authorized } from './authorization.js';
import { principalOf } from '../../auth/auth-info.js';
import type { MessageInfo } from '../../jsonrpc/transport.js';

const { BadRequest } = TransportErrorCode;

/**
 * Answers a POST: checks its headers, reads and parses the body, and hands it to its session.
 * `authorized`: what the request's token passed as, when the endpoint checks tokens.
 */
export async function handlePost(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  sessions: SessionTable,
  config: ResolvedOptions,
  authorized?: Authorized,
): Promise<void> {
  if (!acceptsJsonAndSse(request.header('accept'))) {
    return refuse(
      sink,
      406,
      BadRequest,
      'Not Acceptable: the client must accept both application/json and text/event-stream',
    );
  }
  if (!isJsonContentType(request.header('content-type'))) {
    return refuse(sink, 415, BadRequest, 'Unsupported Media Type: the body must be application/json');
  }
  const versionHeader = request.header(PROTOCOL_VERSION_HEADER);
  const modernHeader = isModernHeader(versionHeader);
  // A request of the modern revision ignores any session id, as that revision asks.
  const sessionId = modernHeader ? undefined : request.header(SESSION_HEADER);
  const found = sessionId === undefined ? undefined : sessions.find(sessionId);
  const session = isThenable(found) ? await found : found;
  // A session is its principal's: to anyone else it does not exist.
  if (sessionId !== undefined && (!session || !samePrincipal(session.principal, authorized)))
    return sessionNotFound(sink);
  // Checked once the body is read when there is no session: the body may name a modern
  // revision, whose own checks then apply to the header.
  const versionProblem = modernHeader
    ? undefined
    : protocolVersionProblem(versionHeader, session?.serverSession.protocolVersion);
  if (versionProblem !== undefined && session) return refuse(sink, 400, BadRequest, versionProblem);

  session?.touch();
  let text: string;
  try {
    text = await request.text(config.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return refuse(sink, 413, BadRequest, `Payload Too Large: the body exceeds ${config.maxBodyBytes} bytes`);
    }
    return refuse(sink, 400, BadRequest, 'Bad Request: the body could not be read');
  }
  const parsed = parseFrame(text);
  if (!parsed.ok) return sink.send(400, JSON_HEADERS, serialize(parsed.response));
  const body = inspectBody(parsed.value);
  // Nothing runs before the token is known to cover what the body asks for.
  if (authorized && config.resourceServer) {
    if (refusedForScopes(config.resourceServer, authorized, sessions.server, body.value, sink)) return;
  }

  // Which client sent it, for the limits kept per client: sessions here, tasks in the server.
  const clientKey = config.clientKey(request);
  if (!session) {
    if (servesModern(sessions.server) && isModernPost(versionHeader, body))
      return handleModernPost(request, sink, body, sessions, authorized?.auth, clientKey);
    if (versionProblem !== undefined) return refuse(sink, 400, BadRequest, versionProblem);
    return openSession(request, sink, body, sessions, config, authorized, clientKey);
  }
  // The session may have ended while the body was arriving.
  if (session.closed) return sessionNotFound(sink);
  // In a fleet, what answers another process's requests goes to it.
  const fleet = sessions.fleet;
  if (fleet) {
    const rest = fleet.route(session, body.value);
    if (rest === undefined) return sink.send(202, {});
    if (rest !== body.value)
      return deliver(request, sink, inspectBody(rest), session, config, messageInfo(authorized, clientKey));
  }
  return deliver(request, sink, body, session, config, messageInfo(authorized, clientKey));
}

/** Hands the body to the session and answers once the answer (or a stream) is there. */
async function deliver(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  body: InboundBody,
  session: HttpSession,
  config: ResolvedOptions,
  info: MessageInfo | undefined,
): Promise<void> {
  const transport = session;
  // Answers are routed by request id: a second request under an id still in use would take
  // the first one's answer.
  if (body.answerIds.some((id) => transport.idInUse(id))) {
    return refuse(
      sink,
      409,
      ErrorCode.InvalidRequest,
      'Conflict: a request id in the body is already in use in this session',
    );
  }
  if (transport.inFlight + body.answerIds.length > config.maxInFlightRequests) {
    return refuse(sink, 429, BadRequest, 'Too Many Requests: the session has too many requests in flight');
  }
  const exchange = transport.createExchange({ ids: body.answerIds, batch: body.batch, sink });
  transport.deliver(body, exchange, info);
  if (exchange.finished) return;
  request.onAbort(() => exchange.clientGone());
  if (!body.expectsAnswer) return sink.send(202, {});
  if (config.responseMode === 'sse') exchange.startStream();
  await exchange.settled;
}

/** `initialize` without a session: opens one, whose id goes out with a successful answer. */
async function openSession(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  body: InboundBody,
  sessions: SessionTable,
  config: ResolvedOptions,
  authorized: Authorized | undefined,
  clientKey: string | undefined,
): Promise<void> {
  if (!isLoneInitialize(body)) {
    return body.hasInitialize && body.batch
      ? refuse(sink, 400, ErrorCode.InvalidRequest, 'Invalid Request: initialize must not be part of a batch')
      : refuse(sink, 400, BadRequest, 'Bad Request: Mcp-Session-Id header is required');
  }
  const served = sessions.server.protocolVersions;
  if (served.every(isModern)) {
    // A modern-only server: the spec's 400, with the versions it does serve.
    const params = (body.value as { params?: Record<string, unknown> }).params;
    const error = handshakeNotServed(served, params?.protocolVersion);
    return refuseRequest(sink, 400, body.answerIds[0] ?? null, error.code, error.message, error.data);
  }
  const session = await sessions.open(clientKey);
  if (session === 'client-limit') {
    return refuse(
      sink,
      429,
      BadRequest,
      `Too Many Requests: this client has ${config.maxSessionsPerClient} sessions open, the most it may; end one (DELETE) before opening another`,
    );
  }
  // Closed already: it made room for another session before its initialize arrived.
  if (session === 'full' || session.closed)
    return refuse(
      sink,
      503,
      BadRequest,
      'Service Unavailable: too many sessions are open, and none is idle',
      RETRY_AFTER_FULL,
    );
  // The session belongs to whoever opened it: a request of another principal will not find it.
  if (authorized) session.bindPrincipal(principalOf(authorized.auth));
  let initialized = false;
  // In a fleet, the session is stored before its id goes out: the answer waits at the gate.
  const gate = sessions.fleet ? new GatedSink(sink) : undefined;
  const exchange = session.createExchange({
    ids: body.answerIds,
    batch: false,
    sink: gate ?? sink,
    answerHeaders: (answer): Record<string, string> => {
      initialized = isSuccess(answer);
      return initialized ? { [SESSION_HEADER]: session.sessionId } : {};
    },
  });
  request.onAbort(() => exchange.clientGone());
  session.deliver(body, exchange, messageInfo(authorized, clientKey));
  await exchange.settled;
  if (gate) {
    if (initialized && (await sessions.initialized(session))) gate.open();
    else if (initialized)
      return refuse(sink, 503, BadRequest, 'Service Unavailable: the session could not be stored', RETRY_AFTER_FULL);
    else gate.open();
  }
  // A failed initialize (or a client that left before the answer) has no use for the session.
  if (!initialized) await session.serverSession.close();
}

function isSuccess(answer: StoredMessage): boolean {
  return !Array.isArray(answer) && 'result' in answer;
}
