/**
 * Text to messages and back, and the error responses for input that is not a message.
 * @module
 */
import { ErrorCode } from './errors.js';
import type { JsonRpcErrorResponse, JsonRpcMessage } from './message.js';

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

/** Where a result made once and sent many times keeps its own JSON (see {@link withSerialized}). */
const SERIALIZED: unique symbol = Symbol('mcpkit.serialized');

/**
 * Marks `result` as made once and answered many times (a list of tools, say): its JSON is worked
 * out now, and every response carrying it is written around that text rather than serialized
 * again. The result must not change afterwards. Returns `result`.
 */
export function withSerialized<T extends object>(result: T): T {
  Object.defineProperty(result, SERIALIZED, { value: JSON.stringify(result) });
  return result;
}

/** Whether `result` was marked by {@link withSerialized}: it does not change. */
export function isSerialized(result: object): boolean {
  return SERIALIZED in result;
}

/** Serializes a message or a batch for the wire. */
export function serialize(message: JsonRpcMessage | JsonRpcMessage[]): string {
  if (!Array.isArray(message) && 'result' in message) {
    const text = (message.result as { [SERIALIZED]?: string })[SERIALIZED];
    // The same text JSON.stringify gives for a response built as { jsonrpc, id, result }.
    if (text !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${text}}`;
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
