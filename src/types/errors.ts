/**
 * The MCP-specific error codes and the shapes of their `error` objects and responses.
 * The standard JSON-RPC codes are `ErrorCode` in `jsonrpc/errors.ts`.
 * @module
 */
import type { RequestId } from './base.js';
import type { ClientCapabilities } from './capabilities.js';
import type { ElicitRequestURLParams } from './elicitation.js';

/** Error codes defined by MCP. */
export const McpErrorCode = {
  /** Until 2025-11-25; since 2026-07-28 a missing resource is `-32602` (clients still accept `-32002`). */
  ResourceNotFound: -32002,
  /** HTTP headers disagree with the body, or are missing or malformed. Since 2026-07-28. */
  HeaderMismatch: -32020,
  /** The request needs a client capability the client did not declare. Since 2026-07-28. */
  MissingRequiredClientCapability: -32021,
  /** The request's protocol version is not supported. Since 2026-07-28. */
  UnsupportedProtocolVersion: -32022,
  /** The request needs a URL-mode elicitation completed first. 2025-11-25 only. */
  UrlElicitationRequired: -32042,
} as const;

/** The `error` member of an error response (the spec's `Error`). */
export type ErrorObject = {
  /** The error code (`McpErrorCode`, or JSON-RPC's own). */
  code: number;
  /** A short description, for people. */
  message: string;
  /** More detail, shaped by the code. */
  data?: unknown;
};

/** An error response carrying a specific error object. */
export type ErrorResponseOf<E extends ErrorObject> = {
  jsonrpc: '2.0';
  /** Absent (or `null`) when the request's id could not be read. */
  id?: RequestId | null;
  /** What went wrong. */
  error: E;
};

/** `data` of an unsupported-protocol-version error. */
export type UnsupportedProtocolVersionErrorData = {
  /** The versions the server supports. */
  supported: string[];
  /** The version the request asked for. */
  requested: string;
};

/** `data` of a missing-required-client-capability error. */
export type MissingRequiredClientCapabilityErrorData = {
  /** The capabilities the request needs that the client did not declare. */
  requiredCapabilities: ClientCapabilities;
};

/** `data` of a URL-elicitation-required error. 2025-11-25 only. */
export type URLElicitationRequiredErrorData = {
  /** The URL-mode elicitations the user must complete before the request is sent again. */
  elicitations: ElicitRequestURLParams[];
  [key: string]: unknown;
};

/** `data` of a resource-not-found error, as the spec's examples give it. */
export type ResourceNotFoundErrorData = {
  /** The URI that names no resource. */
  uri: string;
};

/** A `-32700` error object. */
export type ParseError = ErrorObject & { code: -32700 };
/** A `-32600` error object. */
export type InvalidRequestError = ErrorObject & { code: -32600 };
/** A `-32601` error object. */
export type MethodNotFoundError = ErrorObject & { code: -32601 };
/** A `-32602` error object. */
export type InvalidParamsError = ErrorObject & { code: -32602 };
/** A `-32603` error object. */
export type InternalError = ErrorObject & { code: -32603 };

/** The error response for mismatched HTTP headers. Since 2026-07-28. */
export type HeaderMismatchError = ErrorResponseOf<ErrorObject & { code: -32020 }>;

/** The error response for a missing client capability. Since 2026-07-28. */
export type MissingRequiredClientCapabilityError = ErrorResponseOf<
  ErrorObject & {
    code: -32021;
    /** The capabilities the request needed and the client did not declare. */
    data: MissingRequiredClientCapabilityErrorData;
  }
>;

/** The error response for an unsupported protocol version. Since 2026-07-28. */
export type UnsupportedProtocolVersionError = ErrorResponseOf<
  ErrorObject & {
    code: -32022;
    /** The revisions the server speaks, and the one it was asked for. */
    data: UnsupportedProtocolVersionErrorData;
  }
>;

/** The error response asking for URL-mode elicitations first. 2025-11-25 only. */
export type URLElicitationRequiredError = ErrorResponseOf<
  ErrorObject & {
    code: -32042;
    /** The URL-mode elicitations to complete before retrying the request. */
    data: URLElicitationRequiredErrorData;
  }
>;
