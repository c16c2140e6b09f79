/**
 * The legacy lifecycle (2024-11-05 .. 2025-11-25): initialize, version negotiation and
 * the initialized notification, for both sides. Functions over a Session, not a subclass.
 * @module
 */
import { TASKS_EXTENSION } from '../types/tasks.js';
import { isObject } from '../jsonrpc/message.js';
import { McpError, UnsupportedVersionError } from './errors.js';
import { sessionAccess, type Session, type SendRequestOptions } from './session.js';
import {
  isLegacyVersion,
  negotiateLegacyVersion,
  LEGACY_VERSIONS,
  type ProtocolVersion,
  type LegacyVersion,
} from './versions.js';
import { McpErrorCode } from './errors.js';
import { shapeForRevision } from './revision-shape.js';

/**
 * Who a client, server or host is: its name and version (`clientInfo`, `serverInfo`), and a name
 * for people.
 */
export interface Implementation {
  /** The program's name, for logs and programs (`weather`). */
  name: string;
  /** Its version. */
  version: string;
  /** A name for people, where `name` is an identifier (2025-06-18 on). */
  title?: string;
  [key: string]: unknown;
}

export interface ServerIdentity {
  serverInfo: Implementation;
  capabilities: Record<string, unknown>;
  instructions?: string;
  /** Legacy revisions this server accepts; default all. */
  versions?: readonly LegacyVersion[];
}

/** Answers an initialize request on the server side and opens the session. */
export function acceptInitialize(
  session: Session,
  params: Record<string, unknown>,
  identity: ServerIdentity,
): Record<string, unknown> {
  const requested = params.protocolVersion as string;
  const version = negotiateLegacyVersion(requested, identity.versions ?? LEGACY_VERSIONS);
  sessionAccess.establish(session, {
    version,
    capabilities: isObject(params.capabilities) ? params.capabilities : {},
    info: isObject(params.clientInfo) ? params.clientInfo : undefined,
  });
  const result: Record<string, unknown> = {
    protocolVersion: version,
    capabilities: withoutTasksExtension(shapeForRevision('ServerCapabilities', identity.capabilities, version)),
    serverInfo: shapeForRevision('Implementation', identity.serverInfo, version),
  };
  if (identity.instructions !== undefined) result.instructions = identity.instructions;
  return result;
}

export interface InitializeOptions {
  clientInfo: Implementation;
  capabilities: Record<string, unknown>;
  /** The revision to ask for; default the latest legacy one. */
  protocolVersion?: LegacyVersion;
  /** Revisions the client accepts in the answer; default all legacy ones. */
  versions?: readonly LegacyVersion[];
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
  const requested = options.protocolVersion ?? LEGACY_VERSIONS[0];
  const accepted = options.versions ?? LEGACY_VERSIONS;
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
  if (!isLegacyVersion(answered) || !accepted.includes(answered)) {
    await session.close();
    throw new UnsupportedVersionError(
      `Server answered protocol version ${JSON.stringify(answered)} to a request for ${requested}; this client supports ${accepted.join(', ')}`,
      { requested, received: typeof answered === 'string' ? answered : undefined, supported: accepted },
    );
  }
  if (!isObject(result.capabilities) || !isObject(result.serverInfo) || typeof result.serverInfo.name !== 'string') {
    await session.close();
    throw new McpError(
      McpErrorCode.InvalidParams,
      'Malformed initialize result: capabilities and serverInfo.name are required',
    );
  }
  sessionAccess.establish(session, { version: answered, capabilities: result.capabilities, info: result.serverInfo });
  await session.notify('notifications/initialized');
  return {
    protocolVersion: answered,
    capabilities: result.capabilities,
    serverInfo: result.serverInfo as Implementation,
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
  };
}

/**
 * Capabilities without the tasks extension, which is how 2026-07-28 carries tasks: a legacy
 * revision has them as the `tasks` capability. Other extensions stay, on every revision.
 */
function withoutTasksExtension(capabilities: Record<string, unknown>): Record<string, unknown> {
  const extensions = capabilities.extensions;
  if (!isObject(extensions) || !(TASKS_EXTENSION in extensions)) return capabilities;
  const { [TASKS_EXTENSION]: _tasks, ...others } = extensions;
  const { extensions: _all, ...rest } = capabilities;
  return Object.keys(others).length === 0 ? rest : { ...rest, extensions: others };
}
