/**
 * JSON-RPC error codes and the error class every protocol error derives from.
 * @module
 */
import type { JsonRpcErrorObject } from './message.js';

/** The standard codes of JSON-RPC 2.0. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

// Each error carries the names of its class chain under a global symbol, so `instanceof`
// also recognizes errors made by another copy of the package (bundled twice, say).
const BRANDS = Symbol.for('mcpkit.errorClasses');

/**
 * An error that has a JSON-RPC code and travels on the wire as an error response.
 * `instanceof` works across duplicate copies of the package through a global symbol brand.
 */
export class JsonRpcError extends Error {
  /** The JSON-RPC error code (`ErrorCode`, or an MCP one), as the error response carries it. */
  readonly code: number;
  /** Whatever the error response's `data` holds: more detail, shaped by the code. */
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'JsonRpcError';
    this.code = code;
    this.data = data;
    const names: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
      names.push((c as { name: string }).name);
    }
    Object.defineProperty(this, BRANDS, { value: names });
  }

  /**
   * `instanceof` that also knows the errors of another copy of mcpkit loaded in the same process
   * (two bundles, two versions), by their brand.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const names = typeof value === 'object' && value !== null ? (value as Record<symbol, unknown>)[BRANDS] : undefined;
    return Array.isArray(names) && names.includes(this.name);
  }

  /** The error object as it goes on the wire. */
  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** Rebuilds an error received on the wire. */
  static fromObject(error: JsonRpcErrorObject): JsonRpcError {
    return new JsonRpcError(error.code, error.message, error.data);
  }
}

/** Codes this library uses for failures that happen locally rather than on the peer. */
export const LocalErrorCode = {
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
} as const;

/** The connection ended while a request was pending, or a request was made after it ended. */
export class ConnectionClosedError extends JsonRpcError {
  constructor(message = 'Connection closed', data?: unknown, options?: ErrorOptions) {
    super(LocalErrorCode.ConnectionClosed, message, data, options);
    this.name = 'ConnectionClosedError';
  }
}

/** A request got no response within its time limit. */
export class RequestTimeoutError extends JsonRpcError {
  constructor(message: string, data?: unknown) {
    super(LocalErrorCode.RequestTimeout, message, data);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * A message JSON cannot write: nested deeper than `JSON.stringify` follows, holding a cycle or
 * a `BigInt`, or a value whose `toJSON` throws. `serialize` throws it before anything is
 * written, so a transport's `send` rejects with it having sent nothing; the connection then
 * answers -32603 in place of a response, and rejects a request's or notification's caller.
 */
export class UnserializableMessageError extends JsonRpcError {
  /** What `JSON.stringify` said, cut short: the reason a peer may be told. */
  readonly reason: string;

  constructor(message: string, reason: string, options?: ErrorOptions) {
    super(ErrorCode.InternalError, message, undefined, options);
    this.name = 'UnserializableMessageError';
    this.reason = reason;
  }
}
