/**
 * The method table as the protocol applies it: which side may send a method in which revision
 * (from the spec's own table in `types/revisions.ts`, checked against every schema), and the
 * capability the receiver must have declared. A method absent from a revision does not exist
 * there: it is answered -32601 and cannot be sent.
 * @module
 */
import { inSpan, isRevision, METHODS, type MethodInfo } from '../types/revisions.js';

export type MethodKind = 'request' | 'notification';
export type { MethodInfo };

/**
 * Dotted path into the receiver's declared capabilities that must be present for it to accept
 * the method (`resources.subscribe`); a function where it depends on the revision.
 */
const CAPABILITIES: Readonly<Record<string, string | ((version: string) => string | undefined)>> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources.subscribe',
  'resources/unsubscribe': 'resources.subscribe',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  // 2024-11-05 had no `completions` capability: completion went with prompts or resources.
  'completion/complete': (v) => (v < '2025-03-26' ? undefined : 'completions'),
  'logging/setLevel': 'logging',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
  'elicitation/create': 'elicitation',
  'tasks/get': 'tasks',
  'tasks/result': 'tasks',
  'tasks/list': 'tasks.list',
  'tasks/cancel': 'tasks.cancel',
};

export function methodInfo(method: string): MethodInfo | undefined {
  return Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
}

/**
 * Whether `sender` may send `method` as a JSON-RPC message in `version`. Requests a server
 * makes only inside an input-required result (2026-07-28) are not wire messages.
 */
export function methodAllowed(method: string, version: string, sender: 'client' | 'server', kind: MethodKind): boolean {
  const info = methodInfo(method);
  if (!info || info.kind !== kind || !isRevision(version)) return false;
  const span = sender === 'client' ? info.client : info.server;
  return span !== undefined && inSpan(span, version);
}

/** The capability path the receiver must have declared for `method` under `version`, if any. */
export function requiredCapability(method: string, version: string): string | undefined {
  const cap = Object.hasOwn(CAPABILITIES, method) ? CAPABILITIES[method] : undefined;
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
