/**
 * What the OpenTelemetry semantic conventions for MCP record of a message: the span's name,
 * its attributes, and how it ended (`error.type`). Plain values: nothing here touches a tracer.
 * @module
 */
import { ConnectionClosedError, JsonRpcError, RequestTimeoutError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { NO_RESPONSE } from '../jsonrpc/connection.js';
import { modernVersionOf } from '../protocol/modern.js';
import { networkOf, sessionIdOf } from '../protocol/transport-abilities.js';
import type { Operation } from '../protocol/telemetry.js';

export type Attributes = Record<string, string | number>;

/** The methods whose `params.uri` names a resource (`mcp.resource.uri`). */
const RESOURCE_METHODS = new Set([
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/resources/updated',
]);

/** `{mcp.method.name} {target}`: the tool or prompt is the target; a URI is not (too many names). */
export function spanName(operation: Operation): string {
  const { method, params } = operation;
  if ((method === 'tools/call' || method === 'prompts/get') && typeof params?.name === 'string')
    return `${method} ${params.name}`;
  return method;
}

/**
 * The attributes both the span and the duration carry: the method, its tool or prompt, the
 * revision and the channel. Known when the operation starts.
 */
export function commonAttributes(operation: Operation): Attributes {
  const { method, params } = operation;
  const attributes: Attributes = Object.assign({ 'mcp.method.name': method }, networkOf(operation.transport));
  if (typeof params?.name === 'string') {
    if (method === 'tools/call') {
      attributes['gen_ai.tool.name'] = params.name;
      attributes['gen_ai.operation.name'] = 'execute_tool';
    } else if (method === 'prompts/get') attributes['gen_ai.prompt.name'] = params.name;
  }
  const version = versionOf(operation);
  if (version !== undefined) attributes['mcp.protocol.version'] = version;
  return attributes;
}

/**
 * The attributes only the span carries: they name one request, too many values for a metric.
 * The id of a request this side sends is added at the end (`requestIdOf`): it has none yet.
 */
export function spanAttributes(operation: Operation, common: Attributes): Attributes {
  const attributes = Object.assign({}, common);
  const { params } = operation;
  const id = requestIdOf(operation);
  if (id !== undefined) attributes['jsonrpc.request.id'] = id;
  if (RESOURCE_METHODS.has(operation.method) && typeof params?.uri === 'string')
    attributes['mcp.resource.uri'] = params.uri;
  return attributes;
}

/** `jsonrpc.request.id`: the id as a string; none for a notification (or a null id). */
export function requestIdOf(operation: Operation): string | undefined {
  const { id } = operation;
  return id === undefined || id === null ? undefined : String(id);
}

/**
 * The revision a message goes by: a modern request names it in `_meta`; otherwise the one its
 * session negotiated, or, for `initialize` itself, the one it asks for.
 */
function versionOf(operation: Operation): string | undefined {
  const { params } = operation;
  const modern = modernVersionOf(params);
  if (modern !== undefined) return modern;
  const negotiated = operation.session.protocolVersion;
  if (negotiated !== undefined) return negotiated;
  return operation.method === 'initialize' && typeof params?.protocolVersion === 'string'
    ? params.protocolVersion
    : undefined;
}

/** The session id a message belongs to: only a session made by a handshake has one. */
export function sessionIdAttribute(operation: Operation): string | undefined {
  return operation.session.protocolVersion === undefined ? undefined : sessionIdOf(operation.transport);
}

/** How an operation ended badly: `error.type`, and the JSON-RPC code and message when there is one. */
export interface Failure {
  type: string;
  code: string | undefined;
  message: string | undefined;
  /** A throw of this side's own code, worth recording as an exception. */
  exception: Error | undefined;
}

/**
 * What an operation's outcome says about failure, by the conventions: a JSON-RPC error is its
 * code; a tool's `isError` result is `tool_error`; a request cancelled before its answer is
 * `cancelled`; a local failure (a timeout, a closed connection) is named for what happened.
 */
export function failureOf(
  method: string,
  outcome: { result: unknown } | { error: unknown },
  inbound: boolean,
): Failure | undefined {
  if ('result' in outcome) {
    const { result } = outcome;
    if (result === NO_RESPONSE) return { type: 'cancelled', code: undefined, message: undefined, exception: undefined };
    if (method === 'tools/call' && isObject(result) && result.isError === true)
      return { type: 'tool_error', code: undefined, message: undefined, exception: undefined };
    return undefined;
  }
  const { error } = outcome;
  if (error instanceof RequestTimeoutError)
    return { type: 'timeout', code: undefined, message: error.message, exception: undefined };
  if (error instanceof ConnectionClosedError)
    return { type: 'connection_closed', code: undefined, message: error.message, exception: undefined };
  if (error instanceof JsonRpcError) {
    const code = String(error.code);
    return { type: code, code, message: error.message, exception: undefined };
  }
  const exception = error instanceof Error ? error : new Error(String(error));
  if (exception.name === 'AbortError')
    return { type: 'cancelled', code: undefined, message: exception.message, exception: undefined };
  // A handler's other throws are answered -32603 (Internal error); a send's are named for their class.
  if (inbound) return { type: '-32603', code: '-32603', message: exception.message, exception };
  return { type: exception.name, code: undefined, message: exception.message, exception };
}
