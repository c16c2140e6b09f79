/**
 * Text to messages and back, and the error responses for input that is not a message.
 * @module
 */
import { ErrorCode, UnserializableMessageError } from './errors.js';
import type { JsonRpcErrorResponse, JsonRpcMessage } from './message.js';
import { SerializedResult } from './serialized-result.js';

/** The outcome of parsing one frame of text. */
export type ParseResult = { ok: true; value: unknown } | { ok: false; response: JsonRpcErrorResponse };

/** Parses one frame. Invalid JSON yields the -32700 response to send back (id `null`). */
export function parseFrame(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, response: errorResponse(null, ErrorCode.ParseError, `Parse error: ${detail}`) };
  }
}

/**
 * Serializes a message or a batch for the wire. A response whose result is a
 * {@link SerializedResult} is written around the result's own text. A message JSON cannot
 * write throws an {@link UnserializableMessageError} saying why.
 */
export function serialize(message: JsonRpcMessage | JsonRpcMessage[]): string {
  if (!Array.isArray(message) && 'result' in message && message.result instanceof SerializedResult) {
    // The same text JSON.stringify gives for a response built as { jsonrpc, id, result }.
    return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${SerializedResult.textOf(message.result)}}`;
  }
  return writeJson(message, 'message');
}

/**
 * `JSON.stringify(value)`, or an {@link UnserializableMessageError} saying why JSON cannot write
 * it (`what` names it in the error's message).
 */
export function writeJson(value: unknown, what: string): string {
  // A try costs nothing until something throws: the usual path pays only the writing.
  try {
    return JSON.stringify(value);
  } catch (error) {
    const reason = reasonOf(error);
    throw new UnserializableMessageError(`The ${what} could not be serialized: ${reason}`, reason, { cause: error });
  }
}

/** Why a message could not be written, or `undefined` when it can be: for the rare message of a batch that failed. */
export function serializationFailure(
  message: JsonRpcMessage | JsonRpcMessage[],
): UnserializableMessageError | undefined {
  try {
    serialize(message);
    return undefined;
  } catch (error) {
    if (error instanceof UnserializableMessageError) return error;
    throw error;
  }
}

/** The longest reason quoted: a throwing `toJSON` says what it likes, and an answer should stay short. */
const MAX_REASON = 200;

/** What `JSON.stringify` said, on one line and cut short (a cycle's message spans three). */
function reasonOf(error: unknown): string {
  let said: string;
  try {
    said = String(error instanceof Error ? error.message : error)
      .replace(/\s+/g, ' ')
      .trim();
  } catch {
    // A toJSON may throw anything, even a value that cannot be made a string.
    said = 'a toJSON threw a value that cannot be printed';
  }
  return said.length > MAX_REASON ? `${said.slice(0, MAX_REASON)}…` : said || 'JSON.stringify failed';
}

export function errorResponse(
  id: JsonRpcErrorResponse['id'],
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorResponse {
  return data === undefined
    ? { jsonrpc: '2.0', id, error: { code, message } }
    : { jsonrpc: '2.0', id, error: { code, message, data } };
}
