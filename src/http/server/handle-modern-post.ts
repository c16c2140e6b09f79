/**
 * POSTs of the modern revision (2026-07-28): no session; the headers are checked against
 * the body, then the request is served on the endpoint's lane of modern requests (one
 * transport for all of them, or one of its own when its id is in use there).
 * Refusals carry the request's id and the status the transport spec gives them.
 * @module
 */
import { isObject, isRequestId, type RequestId } from '../../jsonrpc/message.js';
import { McpError, McpErrorCode } from '../../protocol/errors.js';
import { readEnvelope, modernVersionOf, type RequestEnvelope } from '../../protocol/modern.js';
import { sessionAccess } from '../../protocol/session.js';
import { isModern } from '../../protocol/versions.js';
import type { Server } from '../../server/server.js';
import { META } from '../../types/meta.js';
import type { HttpRequestLike, HttpResponseSink } from './exchange.js';
import { RETRY_AFTER_FULL } from './session-limits.js';
import type { StoredMessage } from './event-store.js';
import { headerMismatch } from './header-mismatch.js';
import type { InboundBody } from './inbound-body.js';
import { refuse, refuseRequest, TransportErrorCode } from './replies.js';
import type { SessionTable, ModernLane } from './session-table.js';
import type { AuthInfo } from '../../auth/auth-info.js';

/**
 * Whether a POST belongs to the modern revision: its `_meta` names a revision, or its
 * version header names one of that era (the envelope check then says what the body lacks).
 */
export function isModernPost(versionHeader: string | undefined, body: InboundBody): boolean {
  if (body.batch || !isObject(body.value)) return false;
  return (
    modernVersionOf(body.value.params as Record<string, unknown> | undefined) !== undefined ||
    isModernHeader(versionHeader)
  );
}

/** Whether an `MCP-Protocol-Version` header names a revision of the modern era, known or not. */
export function isModernHeader(versionHeader: string | undefined): boolean {
  const header = versionHeader?.trim();
  return header !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(header) && isModern(header);
}

/** Whether `server` answers modern requests at all (`modern: false` turns them off). */
export function servesModern(server: Server): boolean {
  return server.protocolVersions.some(isModern);
}

/** Serves one modern POST; see the module comment. */
export async function handleModernPost(
  request: HttpRequestLike,
  sink: HttpResponseSink,
  body: InboundBody,
  sessions: SessionTable,
  auth: AuthInfo | undefined,
  clientKey: string | undefined,
): Promise<void> {
  // The revision defines no header rules for notifications, and nothing answers them.
  if (!body.expectsAnswer) return sink.send(202, {});
  const message = body.value as Record<string, unknown>;
  const id: RequestId | null = isRequestId(message.id) ? message.id : null;
  const params = isObject(message.params) ? message.params : {};
  const server = sessions.server;
  const mismatch = headerMismatch(request, message, modernVersionOf(params), (name) => server.toolDefinition(name));
  if (mismatch !== undefined)
    return refuseRequest(sink, 400, id, McpErrorCode.HeaderMismatch, `Header mismatch: ${mismatch}`);
  const envelope = checkedEnvelope(params, server.protocolVersions.filter(isModern));
  if (envelope instanceof McpError) return refuseRequest(sink, 400, id, envelope.code, envelope.message, envelope.data);

  if (sessions.modernFull)
    return refuse(
      sink,
      503,
      TransportErrorCode.BadRequest,
      'Service Unavailable: too many modern requests are being served',
      RETRY_AFTER_FULL,
    );
  // The shared lane serves requests whose id is free on it; a request whose id another
  // request is using there (another client's, most likely) gets a lane of its own.
  let lane = sessions.lane ?? (await sessions.openLane());
  const own = id !== null && isBusyWith(lane, id);
  if (own) lane = await sessions.openOwnLane();
  const { transport } = lane;
  // The answer stream closing before the answer is the client leaving too, where the runtime
  // does not report it as an abort (a fetch-handler body cancelled by its reader).
  const streamed: HttpResponseSink = {
    send: (status, headers, text) => sink.send(status, headers, text),
    stream: (status, headers) => {
      const writer = sink.stream(status, headers);
      writer.onClose(() => exchange.clientGone());
      return writer;
    },
  };
  // A client that leaves before its answer cancels the request: that is how a modern
  // request is cancelled over HTTP, possibly long after its response started (a subscription stream).
  const onDone = (): void => {
    if (!exchange.finished && id !== null) transport.cancelRequest(id, 'the client closed its HTTP request');
    if (own) void lane.serverSession.close();
  };
  const exchange = transport.createExchange({
    ids: body.answerIds,
    batch: false,
    sink: streamed,
    answerStatus,
    onDone,
  });
  // The envelope goes with the request, so the session need not read it again, and so do who
  // its token speaks for and which client sent it.
  transport.deliver(body, exchange, { envelope, auth, clientKey });
  if (exchange.finished) return;
  request.onAbort(() => exchange.clientGone());
  await exchange.settled;
}

/** Whether a request with this id is being served on `lane` (its handler may outlive its exchange). */
function isBusyWith(lane: ModernLane, id: RequestId): boolean {
  return lane.transport.idInUse(id) || sessionAccess.isServing(lane.serverSession, id);
}

/** The request's envelope, or why it is refused (-32022 or -32602): checked before anything runs. */
function checkedEnvelope(params: Record<string, unknown>, versions: readonly string[]): RequestEnvelope | McpError {
  const meta = params._meta;
  if (!isObject(meta))
    return new McpError(
      McpErrorCode.InvalidParams,
      'Invalid request envelope: params._meta: missing required property',
    );
  if (typeof meta[META.protocolVersion] !== 'string') {
    return new McpError(
      McpErrorCode.InvalidParams,
      `Invalid request envelope: params._meta["${META.protocolVersion}"]: missing required property`,
    );
  }
  try {
    return readEnvelope(params, versions);
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
}

/**
 * The status of a JSON answer, by its error: 404 for a method the server does not implement
 * (distinguishing it from the 404 of a server without this endpoint), 400 for the revision's
 * own refusals. Anything else is 200.
 */
function answerStatus(answer: StoredMessage): number | undefined {
  const error = !Array.isArray(answer) && 'error' in answer ? answer.error : undefined;
  switch (error?.code) {
    case McpErrorCode.MethodNotFound:
      return 404;
    case McpErrorCode.HeaderMismatch:
    case McpErrorCode.MissingRequiredClientCapability:
    case McpErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      return undefined;
  }
}
