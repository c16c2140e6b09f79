/**
 * Connecting to a server in the modern revision, for a client: `server/discover` with the
 * envelope, a retry with a mutually supported modern version after -32022, and otherwise
 * the signal to fall back to the initialize handshake.
 * @module
 */
import { AuthorizationError } from '../auth/client/errors.js';
import { JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { META } from '../types/meta.js';
import { McpError, McpErrorCode } from './errors.js';
import { sessionAccess, type Session, type SendRequestOptions } from './session.js';
import type { Implementation, InitializeOutcome } from './handshake.js';
import { MODERN_VERSIONS, type ProtocolVersion } from './versions.js';

export interface DiscoverOptions {
  clientInfo: Implementation;
  /** The capabilities to declare, as the modern revision defines them. */
  capabilities: Record<string, unknown>;
  /** The modern revision to ask for first. */
  protocolVersion: string;
  request?: SendRequestOptions;
  /** Whether a failed probe ends the connect (the time for it is up) rather than meaning the handshake. */
  givesUp?: () => boolean;
}

/** What the probe learned: a modern session is open, or the server wants the handshake. */
export type DiscoverOutcome =
  { era: 'modern'; outcome: InitializeOutcome } | { era: 'legacy'; reason: string; supported?: string[] };

/**
 * Probes with `server/discover`, as the versioning rules describe. A result means a server of
 * the modern revision; so does a recognized error of that revision: -32022 with its
 * `supported` list (retry once with a version both speak), or a refusal of the headers or
 * capabilities (-32020, -32021), which is thrown rather than fallen back from. Anything else
 * (another error, a timeout, an HTTP refusal without such an error) means a server of the
 * legacy era. A closed connection, an aborted signal, or a timeout when `givesUp` says so,
 * is thrown.
 */
export async function discover(session: Session, options: DiscoverOptions): Promise<DiscoverOutcome> {
  let version = options.protocolVersion;
  for (let attempt = 0; attempt < 2; attempt++) {
    const stamp = {
      [META.protocolVersion]: version,
      [META.clientInfo]: options.clientInfo,
      [META.clientCapabilities]: options.capabilities,
    };
    let result: Record<string, unknown>;
    try {
      result = await session.request('server/discover', { _meta: stamp }, options.request);
    } catch (error) {
      // Nothing to fall back to: the connection is gone, the caller gave up, or the time did.
      if (session.closed || options.request?.signal?.aborted || options.givesUp?.()) throw error;
      // The server wants authorization first: the handshake would be refused alike.
      if (refusedAuthorization(error)) throw error;
      if (
        error instanceof JsonRpcError &&
        (error.code === McpErrorCode.HeaderMismatch || error.code === McpErrorCode.MissingRequiredClientCapability)
      ) {
        throw new McpError(
          error.code,
          `The server speaks the modern revision but refused server/discover: ${error.message}`,
          error.data,
          { cause: error },
        );
      }
      const supported = unsupportedList(error);
      if (!supported) return { era: 'legacy', reason: error instanceof Error ? error.message : String(error) };
      const mutual = MODERN_VERSIONS.find((v) => supported.includes(v));
      if (!mutual || attempt > 0)
        return { era: 'legacy', reason: `the server supports ${supported.join(', ')}`, supported };
      version = mutual;
      continue;
    }
    const offered = Array.isArray(result.supportedVersions)
      ? result.supportedVersions.filter((v): v is string => typeof v === 'string')
      : [];
    const chosen = offered.includes(version) ? version : MODERN_VERSIONS.find((v) => offered.includes(v));
    if (!chosen)
      return {
        era: 'legacy',
        reason: `server/discover offered no modern revision (${offered.join(', ')})`,
        supported: offered,
      };
    const capabilities = isObject(result.capabilities) ? result.capabilities : {};
    const serverInfo = serverInfoOf(result);
    sessionAccess.establish(session, { version: chosen, capabilities, info: serverInfo });
    sessionAccess.stampRequests(session, { ...stamp, [META.protocolVersion]: chosen });
    return {
      era: 'modern',
      outcome: {
        protocolVersion: chosen as ProtocolVersion,
        capabilities,
        serverInfo,
        instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
      },
    };
  }
  return { era: 'legacy', reason: 'no mutually supported version' };
}

/**
 * A refusal for want of authorization (an HTTP 401 or 403, which HTTP transports reject with an
 * error carrying `status`), or authorizing failed: no reason to think the server is older.
 */
function refusedAuthorization(error: unknown): boolean {
  if (error instanceof AuthorizationError) return true;
  const status = isObject(error) ? error.status : undefined;
  return status === 401 || status === 403;
}

/** The server's identity: in the result's `_meta`, or (drafts before it moved there) in the result. */
function serverInfoOf(result: Record<string, unknown>): Implementation {
  const meta = isObject(result._meta) ? result._meta : {};
  const info = isObject(meta[META.serverInfo]) ? meta[META.serverInfo] : result.serverInfo;
  return (
    isObject(info) && typeof info.name === 'string' ? info : { name: 'unknown', version: 'unknown' }
  ) as Implementation;
}

/** The `supported` list of an UnsupportedProtocolVersion error, if that is what `error` is. */
function unsupportedList(error: unknown): string[] | undefined {
  if (!(error instanceof JsonRpcError) || error.code !== McpErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = isObject(error.data) ? error.data.supported : undefined;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : undefined;
}
