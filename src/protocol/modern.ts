/**
 * The modern revision's per-request envelope, for a server: reading the `_meta` that every
 * request carries (version, client identity and capabilities, log level), refusing it with
 * the revision's own errors, and dressing results (`resultType`, `serverInfo`).
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import { GUARDS } from '../types/guards/index.js';
import { LOGGING_LEVELS, type LoggingLevel } from '../types/logging.js';
import { META } from '../types/meta.js';
import { McpError, McpErrorCode } from './errors.js';
import { isModern } from './versions.js';

/**
 * What one modern request says about its caller, read and checked. A class, so that a check
 * made before the request is served (an HTTP endpoint's) can be handed on and recognized.
 */
export class RequestEnvelope {
  constructor(
    readonly protocolVersion: string,
    readonly clientCapabilities: Record<string, unknown>,
    readonly clientInfo: Record<string, unknown> | undefined,
    /** The level at or above which log messages may be sent for this request; none when absent. */
    readonly logLevel: LoggingLevel | undefined,
  ) {}
}

/** The version a request's `_meta` names, when it names one: such a request is modern. */
export function modernVersionOf(params: Record<string, unknown> | undefined): string | undefined {
  const meta = params?._meta;
  if (!isObject(meta)) return undefined;
  const version = meta[META.protocolVersion];
  return typeof version === 'string' ? version : undefined;
}

/**
 * Reads and checks the envelope of a request that names a version. An unsupported version is
 * -32022 listing what the server supports; a missing or malformed member is -32602 naming it.
 */
export function readEnvelope(params: Record<string, unknown>, supported: readonly string[]): RequestEnvelope {
  const meta = params._meta as Record<string, unknown>;
  const requested = meta[META.protocolVersion] as string;
  if (!isModern(requested) || !supported.includes(requested)) {
    throw new McpError(McpErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
      supported: [...supported],
      requested,
    });
  }
  const capabilities = meta[META.clientCapabilities];
  if (capabilities === undefined) throw invalidMeta(META.clientCapabilities, 'missing required property');
  const capabilitiesIssue = GUARDS.ClientCapabilities?.(capabilities);
  if (capabilitiesIssue !== undefined) throw invalidMeta(META.clientCapabilities, capabilitiesIssue);
  const clientInfo = meta[META.clientInfo];
  if (clientInfo !== undefined) {
    const infoIssue = GUARDS.Implementation?.(clientInfo);
    if (infoIssue !== undefined) throw invalidMeta(META.clientInfo, infoIssue);
  }
  const logLevel = meta[META.logLevel];
  if (logLevel !== undefined && !(LOGGING_LEVELS as readonly unknown[]).includes(logLevel)) {
    throw invalidMeta(META.logLevel, `expected one of ${LOGGING_LEVELS.join(', ')}`);
  }
  return new RequestEnvelope(
    requested,
    capabilities as Record<string, unknown>,
    clientInfo as Record<string, unknown> | undefined,
    logLevel as LoggingLevel | undefined,
  );
}

/**
 * The request needs client capabilities it did not declare (-32021). `required` is in the
 * shape of `ClientCapabilities`, as the error's `data` carries it.
 */
export function missingClientCapability(required: Record<string, unknown>, message: string): McpError {
  return new McpError(McpErrorCode.MissingRequiredClientCapability, message, { requiredCapabilities: required });
}

/** A result as the modern revision sends it: `resultType` and the server's identity in `_meta`. */
export function dressResult(
  result: Record<string, unknown>,
  serverInfo: Record<string, unknown>,
): Record<string, unknown> {
  // Object.assign, not spread: a spread copy that then gets new members is slow on V8 11.
  const dressed: Record<string, unknown> = Object.assign({}, result);
  if (typeof result.resultType !== 'string') dressed.resultType = 'complete';
  const meta: Record<string, unknown> = isObject(result._meta) ? Object.assign({}, result._meta) : {};
  meta[META.serverInfo] = serverInfo;
  dressed._meta = meta;
  return dressed;
}

function invalidMeta(key: string, issue: string): McpError {
  const path = issue.includes(': ') ? `params._meta["${key}"].${issue}` : `params._meta["${key}"]: ${issue}`;
  return new McpError(McpErrorCode.InvalidParams, `Invalid request envelope: ${path}`);
}
