/**
 * Guards for whole messages: those of every method, built from the method table (`../methods.ts`)
 * under the spec's names, the unions of each side, and the JSON-RPC envelopes.
 * @module
 */
import { METHODS, type MethodInfo } from '../methods.js';
import { inSpan } from '../revisions.js';
import { anyObject, literal, obj, oneOf, requestId, str, type Guard, type Shape } from './kit.js';

const jsonrpc = literal('2.0');

/** A successful JSON-RPC response whose `result` passes the guard. */
export function resultResponse(resultGuard: Guard): Guard {
  return obj({ jsonrpc, id: requestId, result: resultGuard });
}

/** The JSON-RPC request or notification of a method; `params` may be left out where its guard accepts `undefined`. */
function message(method: string, info: MethodInfo): Guard {
  const envelope: Shape =
    info.kind === 'request'
      ? { jsonrpc, id: requestId, method: literal(method) }
      : { jsonrpc, method: literal(method) };
  return info.params(undefined) === undefined
    ? obj(envelope, { params: info.params })
    : obj({ ...envelope, params: info.params });
}

const entries: [string, MethodInfo][] = Object.entries(METHODS);
const messages = entries.map(([method, info]) => ({ method, info, guard: message(method, info) }));

/** The message guards of the methods `pick` selects, by method. */
function byMethod(pick: (info: MethodInfo) => boolean): Shape {
  return Object.fromEntries(messages.filter((m) => pick(m.info)).map((m) => [m.method, m.guard]));
}

/**
 * Whole-message guards under the spec's names (`CallToolRequest`, `ProgressNotification`...):
 * those of the revisions' methods, not of methods only an extension defines.
 */
export const messageGuards: Readonly<Record<string, Guard>> = Object.fromEntries(
  messages
    .filter((m) => (m.info.client ?? m.info.server ?? m.info.input) !== undefined)
    .map((m) => [m.info.spec, m.guard]),
);

/** `ClientRequest`: any request a client sends, of any revision. */
export const clientRequest: Guard = oneOf(
  'method',
  byMethod((i) => i.kind === 'request' && i.client !== undefined),
);
/** `ServerRequest`: any request a server sends, of any revision (as a JSON-RPC request or an input request). */
export const serverRequest: Guard = oneOf(
  'method',
  byMethod((i) => i.kind === 'request' && (i.server ?? i.input) !== undefined),
);
/** `ClientNotification`. */
export const clientNotification: Guard = oneOf(
  'method',
  byMethod((i) => i.kind === 'notification' && i.client !== undefined),
);
/** `ServerNotification`. */
export const serverNotification: Guard = oneOf(
  'method',
  byMethod((i) => i.kind === 'notification' && i.server !== undefined),
);

/** `JSONRPCRequest`. */
export const jsonRpcRequest: Guard = obj({ jsonrpc, id: requestId, method: str }, { params: anyObject });
/** `JSONRPCNotification`. */
export const jsonRpcNotification: Guard = obj({ jsonrpc, method: str }, { params: anyObject });
/** `JSONRPCResultResponse`. */
export const jsonRpcResultResponse: Guard = resultResponse(anyObject);
/** `Request`: a method and params, without the JSON-RPC envelope. */
export const bareRequest: Guard = obj({ method: str }, { params: anyObject });

/**
 * The spec's `...ResultResponse` guards, by name: 2026-07-28 names the response of every request
 * a client sends in it (`CallToolResultResponse`).
 */
export const resultResponseGuards: Readonly<Record<string, Guard>> = Object.fromEntries(
  entries
    .filter(([, info]) => info.kind === 'request' && info.client !== undefined && inSpan(info.client, '2026-07-28'))
    .map(([, info]) => [`${info.specResult}Response`, resultResponse(info.result as Guard)]),
);
