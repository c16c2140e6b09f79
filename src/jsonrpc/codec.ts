/**
 * Text to messages and back, and the error responses for input that is not a message.
 * @module
 */
import { ErrorCode } from './errors.js';
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
 * {@link SerializedResult} is written around the result's own text.
 */
export function serialize(message: JsonRpcMessage | JsonRpcMessage[]): string {
  if (!Array.isArray(message) && 'result' in message && message.result instanceof SerializedResult) {
    // The same text JSON.stringify gives for a response built as { jsonrpc, id, result }.
    return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${SerializedResult.textOf(message.result)}}`;
  }
  return JSON.stringify(message);
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
