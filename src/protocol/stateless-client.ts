/**
 * Connecting to a server in the stateless revision, for a client: `server/discover` with the
 * envelope, a retry with a mutually supported stateless version after -32022, and otherwise
 * the signal to fall back to the initialize handshake.
 * @module
 */
import { JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { META } from '../types/meta.js';
import { McpErrorCode } from './errors.js';
import type { Session, SendRequestOptions } from './session.js';
import type { Implementation, InitializeOutcome } from './stateful.js';
import { STATELESS_VERSIONS, type ProtocolVersion } from './versions.js';

export interface DiscoverOptions {
  clientInfo: Implementation;
  capabilities: Record<string, unknown>;
  /** The stateless revision to ask for first. */
  protocolVersion: string;
  request?: SendRequestOptions;
}

/** What the probe learned: a stateless session is open, or the server wants the handshake. */
export type DiscoverOutcome =
  | { era: 'stateless'; outcome: InitializeOutcome }
  | { era: 'stateful'; reason: string; supported?: string[] };

/**
 * Probes with `server/discover`. A recognized stateless error (-32022 with `supported`) means a
 * stateless server: retry once with a version both speak. Anything else (another error, a
 * timeout, a closed connection excepted) means a server of the handshake era.
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
      if (session.closed) throw error;
      const supported = unsupportedList(error);
      if (!supported) return { era: 'stateful', reason: error instanceof Error ? error.message : String(error) };
      const mutual = STATELESS_VERSIONS.find((v) => supported.includes(v));
      if (!mutual || attempt > 0) return { era: 'stateful', reason: `the server supports ${supported.join(', ')}`, supported };
      version = mutual;
      continue;
    }
    const offered = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === 'string') : [];
    const chosen = offered.includes(version) ? version : STATELESS_VERSIONS.find((v) => offered.includes(v));
    if (!chosen) return { era: 'stateful', reason: `server/discover offered no stateless revision (${offered.join(', ')})`, supported: offered };
    const capabilities = isObject(result.capabilities) ? result.capabilities : {};
    const meta = isObject(result._meta) ? result._meta : {};
    const serverInfo = (isObject(meta[META.serverInfo]) ? meta[META.serverInfo] : { name: 'unknown', version: 'unknown' }) as Implementation;
    session.establish({ version: chosen, capabilities, info: serverInfo });
    session.stampRequests({ ...stamp, [META.protocolVersion]: chosen });
    return {
      era: 'stateless',
      outcome: {
        protocolVersion: chosen as ProtocolVersion,
        capabilities,
        serverInfo,
        instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
      },
    };
  }
  return { era: 'stateful', reason: 'no mutually supported version' };
}

/** The `supported` list of an UnsupportedProtocolVersion error, if that is what `error` is. */
function unsupportedList(error: unknown): string[] | undefined {
  if (!(error instanceof JsonRpcError) || error.code !== McpErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = isObject(error.data) ? error.data.supported : undefined;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : undefined;
}

