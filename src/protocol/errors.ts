/**
 * MCP's errors: the codes the spec defines beyond JSON-RPC's, and the local failures
 * (missing capability, unsupported revision) raised before anything is sent.
 * @module
 */
import { ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import { McpErrorCode as SpecErrorCode } from '../types/errors.js';

/** Error codes of MCP, with JSON-RPC's standard ones. */
export const McpErrorCode = { ...ErrorCode, ...SpecErrorCode } as const;

/** A protocol error: thrown by handlers to answer with a JSON-RPC error, or received from the peer. */
export class McpError extends JsonRpcError {
  constructor(code: number, message: string, data?: unknown, options?: ErrorOptions) {
    super(code, message, data, options);
    this.name = 'McpError';
  }
}

/** The peer did not declare the capability a request needs, so it was not sent. */
export class CapabilityNotSupportedError extends McpError {
  constructor(message: string) {
    super(McpErrorCode.MethodNotFound, message);
    this.name = 'CapabilityNotSupportedError';
  }
}

/** The two sides share no protocol revision. */
export class UnsupportedVersionError extends McpError {
  constructor(message: string, data?: { requested?: string; received?: string; supported?: readonly string[] }) {
    super(McpErrorCode.UnsupportedProtocolVersion, message, data);
    this.name = 'UnsupportedVersionError';
  }
}

/** An operation was cancelled through its AbortSignal without a more specific reason. */
export class CancelledError extends McpError {
  constructor(message = 'Request cancelled') {
    super(McpErrorCode.InternalError, message);
    this.name = 'CancelledError';
  }
}

export function invalidParams(message: string, data?: unknown): McpError {
  return new McpError(McpErrorCode.InvalidParams, message, data);
}

export function methodNotFound(method: string, why?: string): McpError {
  return new McpError(
    McpErrorCode.MethodNotFound,
    why ? `Method not found: ${method} (${why})` : `Method not found: ${method}`,
  );
}

/**
 * Thrown by a handler when the request cannot go on until the user completes one or more
 * URL-mode elicitations (2025-11-25, code -32042).
 */
export class UrlElicitationRequiredError extends McpError {
  constructor(
    elicitations: { mode: 'url'; url: string; message: string; elicitationId: string }[],
    message = 'This request requires the user to visit a URL first',
  ) {
    super(McpErrorCode.UrlElicitationRequired, message, { elicitations });
    this.name = 'UrlElicitationRequiredError';
  }
}

/**
 * The answer to `initialize` from a server that serves no handshake revision: it names what is
 * served, since a legacy client cannot fall forward and this is all it can show its user.
 */
export function handshakeNotServed(served: readonly string[], requested: unknown): McpError {
  return new McpError(
    McpErrorCode.UnsupportedProtocolVersion,
    `This server does not support the initialize handshake; it supports only protocol versions ${served.join(', ')}, with the version in each request's _meta`,
    { supported: [...served], ...(typeof requested === 'string' && { requested }) },
  );
}
