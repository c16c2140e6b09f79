/**
 * JSON-RPC 2.0 message shapes and structural guards. Knows nothing of MCP.
 * @module
 */

/** A request id. MCP forbids `null` for requests; error responses may carry `null`. */
export type RequestId = string | number;

/** A JSON-RPC 2.0 request: a call that expects an answer with the same `id`. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  /** Unique among the sender's requests in flight: the answer carries it back. */
  id: RequestId;
  /** What is asked (`tools/call`). */
  method: string;
  /** The method's arguments. */
  params?: Record<string, unknown>;
}

/** A JSON-RPC 2.0 notification: a message with no `id`, which nothing answers. */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  /** What is told (`notifications/progress`). */
  method: string;
  /** The notification's content. */
  params?: Record<string, unknown>;
}

/** The answer to a request that succeeded. */
export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  /** The id of the request it answers. */
  id: RequestId;
  /** The method's result. */
  result: Record<string, unknown>;
}

/**
 * What went wrong with a request: a JSON-RPC error code (`ErrorCode`, or an MCP one), a message for
 * people, and optional data.
 */
export interface JsonRpcErrorObject {
  /** The error code: -32768 to -32000 are JSON-RPC's and MCP's, others the application's. */
  code: number;
  /** A short description, for people. */
  message: string;
  /** More detail, shaped by the code. */
  data?: unknown;
}

/** The answer to a request that failed. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  /** `null` only when the request's id could not be read (parse error, invalid request). */
  id: RequestId | null;
  /** What went wrong. */
  error: JsonRpcErrorObject;
}

/** The answer to a request: a result or an error. */
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcErrorResponse;
/** Any message a transport carries. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Integers outside the safe range cannot round-trip through JSON.parse, so they are not usable ids. */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

export function isRequest(m: JsonRpcMessage): m is JsonRpcRequest {
  return 'method' in m && 'id' in m;
}

export function isNotification(m: JsonRpcMessage): m is JsonRpcNotification {
  return 'method' in m && !('id' in m);
}

export function isResponse(m: JsonRpcMessage): m is JsonRpcResponse {
  return !('method' in m);
}

export function isErrorResponse(m: JsonRpcMessage): m is JsonRpcErrorResponse {
  return 'error' in m;
}
