/**
 * One POST of a modern (2026-07-28) request and what came back. Unlike the legacy era,
 * a refusal's body matters: a modern server answers 400 or 404 with a JSON-RPC error that says
 * what to do next (retry with a supported version, fix the headers), and the era probe reads
 * it to tell a modern server from an older one.
 * @module
 */
import { isObject, type JsonRpcErrorObject } from '../../jsonrpc/message.js';
import { HttpStatusError } from './http-error.js';
import { discardBody, mediaType, readSnippet } from './response-body.js';

/** What a modern POST came back with. */
export type ModernAnswer =
  | { kind: 'json'; response: Response }
  | { kind: 'stream'; response: Response; body: ReadableStream<Uint8Array> }
  /** An error status whose body is a JSON-RPC error: the answer to the request. */
  | { kind: 'error'; error: JsonRpcErrorObject };

/** The most of an error body read looking for a JSON-RPC error. */
const ERROR_BODY_BYTES = 64 * 1024;

/**
 * Sorts a response to a modern POST. An error status without a JSON-RPC error in its body
 * is an {@link HttpStatusError}, as is an answer that is neither JSON nor an event stream,
 * and a refusal of authorization (401, 403) whatever its body holds: it is about the
 * credentials, not the request, and must not read as the server's answer to it.
 */
export async function readModernAnswer(url: string, response: Response): Promise<ModernAnswer> {
  if (!response.ok) {
    const text = await readSnippet(response, ERROR_BODY_BYTES);
    const error = response.status === 401 || response.status === 403 ? undefined : jsonRpcErrorIn(text);
    if (error) return { kind: 'error', error };
    throw new HttpStatusError(
      'POST',
      url,
      response.status,
      response.statusText,
      text.length > 1024 ? `${text.slice(0, 1024)}…` : text,
      response.headers,
    );
  }
  const type = mediaType(response);
  if (type === 'text/event-stream' && response.body) return { kind: 'stream', response, body: response.body };
  if (type === 'application/json') return { kind: 'json', response };
  await discardBody(response);
  throw new Error(
    `POST ${url} answered ${response.status} with ${type || 'no content type'}: expected JSON or an event stream`,
  );
}

/** The error object of a JSON-RPC error response in `text`, if that is what it holds. */
function jsonRpcErrorIn(text: string): JsonRpcErrorObject | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.jsonrpc !== '2.0' || !isObject(value.error)) return undefined;
  const { code, message } = value.error;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  return value.error as unknown as JsonRpcErrorObject;
}
