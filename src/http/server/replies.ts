/**
 * The fixed HTTP replies of the endpoint: JSON-RPC error bodies for refusals, and the headers
 * of JSON answers and SSE streams.
 * @module
 */
import { errorResponse, serialize } from '../../jsonrpc/codec.js';
import type { RequestId } from '../../jsonrpc/message.js';
import type { HttpResponseSink } from './exchange.js';

/** The header carrying the session id; it only ever holds ids this endpoint minted. */
export const SESSION_HEADER = 'mcp-session-id';
/** The header naming the client's protocol revision (2025-06-18 on). */
export const PROTOCOL_VERSION_HEADER = 'mcp-protocol-version';

/** JSON-RPC codes of transport-level refusals (the SDKs use the same). */
export const TransportErrorCode = {
  /** A generic refusal: bad headers, limits, conflicts. */
  BadRequest: -32000,
  /** The session does not exist (any more). */
  SessionNotFound: -32001,
} as const;

/** Headers of a JSON answer. */
export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' };

/**
 * Headers of an SSE response. `Connection` is dropped by fronts where the runtime owns it;
 * `X-Accel-Buffering` stops nginx from holding events back.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** Answers with `status` and a JSON-RPC error response without an id, as the spec allows. */
export function refuse(
  sink: HttpResponseSink,
  status: number,
  code: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  sink.send(status, { ...JSON_HEADERS, ...headers }, serialize(errorResponse(null, code, message)));
}

/** Answers a request that could be read with `status` and a JSON-RPC error carrying its id. */
export function refuseRequest(
  sink: HttpResponseSink,
  status: number,
  id: RequestId | null,
  code: number,
  message: string,
  data?: unknown,
): void {
  sink.send(status, JSON_HEADERS, serialize(errorResponse(id, code, message, data)));
}

/** 404 for a session that does not exist, ended, or expired: the client must initialize again. */
export function sessionNotFound(sink: HttpResponseSink): void {
  refuse(sink, 404, TransportErrorCode.SessionNotFound, 'Session not found');
}

/** Why a GET could not open a stream: the status and message to refuse it with. */
export interface StreamRefusal {
  status: 400 | 405 | 409 | 410 | 429;
  message: string;
}

/** The 410 for a resumption that would leave a gap: what followed `lastEventId` is no longer held. */
export function eventsLost(lastEventId: string): StreamRefusal {
  return {
    status: 410,
    message: `Gone: messages of this stream after Last-Event-ID ${lastEventId} are no longer held; the stream cannot resume without a gap. Read again the state they concerned, and open a new stream`,
  };
}

/** The 429 for a GET beyond `maxSseStreams`. */
export function tooManyStreams(): StreamRefusal {
  return { status: 429, message: 'Too Many Requests: the session has too many SSE streams open' };
}
