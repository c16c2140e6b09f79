/**
 * Which methods may cross a session, in and out: the one step every inbound request (of
 * either era) and notification passes before its handler, and its twin for what this side
 * sends. A method must exist in the revision for its sender, and a request's receiver must
 * have declared the capability it needs; a legacy session also takes nothing but `ping`
 * before `initialize`. Methods no revision defines (custom, experimental) are left to the
 * handler table on the way in and to the caller on the way out.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { CapabilityNotSupportedError, McpError, methodNotFound } from './errors.js';
import { hasCapability, methodAllowed, methodInfo, requiredCapability, type MethodKind } from './methods.js';

export type Role = 'client' | 'server';

/** The other side. */
export function peerOf(role: Role): Role {
  return role === 'server' ? 'client' : 'server';
}

/**
 * Refuses (-32601) an inbound method the revision lacks from the peer, or a request needing a
 * capability `declared` (this side's) lacks.
 */
export function admit(
  method: string,
  kind: MethodKind,
  revision: string,
  receiver: Role,
  declared: Record<string, unknown>,
): void {
  if (methodInfo(method) === undefined) return;
  if (!methodAllowed(method, revision, peerOf(receiver), kind)) {
    throw methodNotFound(method, `not available in protocol revision ${revision}`);
  }
  if (kind === 'notification') return;
  const capability = requiredCapability(method, revision);
  if (capability !== undefined && !hasCapability(declared, capability)) {
    throw methodNotFound(method, `this ${receiver} did not declare the ${capability} capability`);
  }
}

/**
 * Admits a request on a legacy session, whose lifecycle comes first: a server's `initialize`
 * opens it (once, never in a batch), and until then only `ping` is served. Returns the
 * revision the request is served under (`'initialize'` and `'uninitialized'` before there is one).
 */
export function admitLegacyRequest(
  method: string,
  revision: string | undefined,
  receiver: Role,
  declared: Record<string, unknown>,
  batched: boolean,
): string {
  if (method === 'initialize') {
    if (receiver !== 'server') throw methodNotFound(method);
    if (batched)
      throw new McpError(ErrorCode.InvalidRequest, 'Invalid Request: initialize must not be part of a batch');
    if (revision !== undefined)
      throw new McpError(ErrorCode.InvalidRequest, 'Invalid Request: the session is already initialized');
    return 'initialize';
  }
  if (revision === undefined) {
    if (method === 'ping') return 'uninitialized';
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Invalid Request: ${method} received before initialization; only ping is allowed until initialize completes`,
    );
  }
  admit(method, 'request', revision, receiver, declared);
  return revision;
}

/**
 * Fails locally, before anything is sent, a method this side may not send in `revision`, or a
 * request whose capability the peer did not declare (`peerDeclared`, when known).
 */
export function checkOutbound(
  method: string,
  kind: MethodKind,
  revision: string,
  sender: Role,
  peerDeclared: Record<string, unknown> | undefined,
): void {
  if (methodInfo(method) === undefined) return;
  if (!methodAllowed(method, revision, sender, kind)) {
    throw new McpError(
      ErrorCode.MethodNotFound,
      `${method} is not a ${sender}-to-${peerOf(sender)} ${kind} in protocol revision ${revision}`,
    );
  }
  if (kind === 'notification' || peerDeclared === undefined) return;
  const capability = requiredCapability(method, revision);
  if (capability !== undefined && !hasCapability(peerDeclared, capability)) {
    const peerName = sender === 'client' ? 'Server' : 'Client';
    throw new CapabilityNotSupportedError(`${peerName} does not support ${capability} (required for ${method})`);
  }
}
