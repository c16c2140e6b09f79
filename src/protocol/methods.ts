/**
 * The method table (`types/methods.ts`) as the protocol applies it: which side may send a method
 * in which revision, and the capability the receiver must have declared. A method absent from a
 * revision does not exist there: it is answered -32601 and cannot be sent.
 * @module
 */
import { methodInfo, type MethodInfo, type MethodKind } from '../types/methods.js';
import { inSpan, isRevision } from '../types/revisions.js';

export type { MethodInfo, MethodKind };
export { methodInfo };

/**
 * Whether `sender` may send `method` as a JSON-RPC message in `version`. Requests a server
 * makes only inside an input-required result (2026-07-28) are not wire messages.
 */
export function methodAllowed(method: string, version: string, sender: 'client' | 'server', kind: MethodKind): boolean {
  const info = methodInfo(method);
  if (!info || info.kind !== kind || !isRevision(version)) return false;
  const span = sender === 'client' ? info.client : info.server;
  if (span !== undefined && inSpan(span, version)) return true;
  const extension = info.extension;
  const extended = extension && (sender === 'client' ? extension.client : extension.server);
  return extended !== undefined && inSpan(extended, version);
}

/** The capability path the receiver must have declared for `method` under `version`, if any. */
export function requiredCapability(method: string, version: string): string | undefined {
  const cap = methodInfo(method)?.capability;
  return typeof cap === 'function' ? cap(version) : cap;
}

/** Whether a capabilities object declares the dotted path (`resources.subscribe`). */
export function hasCapability(capabilities: Record<string, unknown> | undefined, path: string): boolean {
  if (path.indexOf('.') === -1) {
    const value = capabilities?.[path];
    return value !== undefined && value !== null && value !== false;
  }
  let node: unknown = capabilities;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined && node !== null && node !== false;
}
