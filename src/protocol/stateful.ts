/**
 * The stateful lifecycle (2024-11-05 .. 2025-11-25): initialize, version negotiation and
 * the initialized notification, for both sides. Functions over a Session, not a subclass.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import { McpError, UnsupportedVersionError } from './errors.js';
import type { Session, SendRequestOptions } from './session.js';
import { isStatefulVersion, negotiateStatefulVersion, STATEFUL_VERSIONS, type ProtocolVersion, type StatefulVersion } from './versions.js';
import { McpErrorCode } from './errors.js';
import { shapeForRevision } from './revision-shape.js';

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

export interface ServerIdentity {
  serverInfo: Implementation;
  capabilities: Record<string, unknown>;
  instructions?: string;
  /** Stateful revisions this server accepts; default all. */
  versions?: readonly StatefulVersion[];
}

/** Answers an initialize request on the server side and opens the session. */
export function acceptInitialize(session: Session, params: Record<string, unknown>, identity: ServerIdentity): Record<string, unknown> {
  const requested = params.protocolVersion as string;
  const version = negotiateStatefulVersion(requested, identity.versions ?? STATEFUL_VERSIONS);
  session.establish({
    version,
    capabilities: isObject(params.capabilities) ? params.capabilities : {},
    info: isObject(params.clientInfo) ? params.clientInfo : undefined,
  });
  const result: Record<string, unknown> = {
    protocolVersion: version,
    capabilities: shapeForRevision('ServerCapabilities', identity.capabilities, version),
    serverInfo: shapeForRevision('Implementation', identity.serverInfo, version),
  };
  if (identity.instructions !== undefined) result.instructions = identity.instructions;
  return result;
}

export interface InitializeOptions {
  clientInfo: Implementation;
  capabilities: Record<string, unknown>;
  /** The revision to ask for; default the latest stateful one. */
  protocolVersion?: StatefulVersion;
  /** Revisions the client accepts in the answer; default all stateful ones. */
  versions?: readonly StatefulVersion[];
  request?: SendRequestOptions;
}

export interface InitializeOutcome {
  protocolVersion: ProtocolVersion;
  capabilities: Record<string, unknown>;
  serverInfo: Implementation;
  instructions: string | undefined;
}

/**
 * Runs the client side of the handshake. A server that answers with a revision the client
 * does not accept is disconnected, and the error names both revisions.
 */
export async function initialize(session: Session, options: InitializeOptions): Promise<InitializeOutcome> {
  const requested = options.protocolVersion ?? STATEFUL_VERSIONS[0];
  const accepted = options.versions ?? STATEFUL_VERSIONS;
  // Offer only what the requested revision defines; the answer may still pick an older one.
  const result = await session.request(
    'initialize',
    {
      protocolVersion: requested,
      capabilities: shapeForRevision('ClientCapabilities', options.capabilities, requested),
      clientInfo: shapeForRevision('Implementation', options.clientInfo, requested),
    },
    options.request,
  );
  const answered = result.protocolVersion;
  if (!isStatefulVersion(answered) || !accepted.includes(answered)) {
    await session.close();
    throw new UnsupportedVersionError(
      `Server answered protocol version ${JSON.stringify(answered)} to a request for ${requested}; this client supports ${accepted.join(', ')}`,
      { requested, received: typeof answered === 'string' ? answered : undefined, supported: accepted },
    );
  }
  if (!isObject(result.capabilities) || !isObject(result.serverInfo) || typeof result.serverInfo.name !== 'string') {
    await session.close();
    throw new McpError(McpErrorCode.InvalidParams, 'Malformed initialize result: capabilities and serverInfo.name are required');
  }
  session.establish({ version: answered, capabilities: result.capabilities, info: result.serverInfo });
  await session.notify('notifications/initialized');
  return {
    protocolVersion: answered,
    capabilities: result.capabilities,
    serverInfo: result.serverInfo as Implementation,
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
  };
}
