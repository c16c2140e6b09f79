/**
 * The one method table: for every MCP method, who sends it, whether it is a request or a
 * notification, the revisions it exists in, and the capability the receiver must have declared.
 * A method absent from a revision does not exist there: it is answered -32601 and cannot be sent.
 * @module
 */
import { STATEFUL_VERSIONS, SUPPORTED_VERSIONS, type ProtocolVersion } from './versions.js';

export type Sender = 'client' | 'server' | 'both';
export type MethodKind = 'request' | 'notification';

export interface MethodInfo {
  from: Sender;
  kind: MethodKind;
  /** The revisions the method exists in. */
  revisions: readonly ProtocolVersion[];
  /**
   * Dotted path into the receiver's declared capabilities that must be present for it to
   * accept the method (`resources.subscribe`). A function when it depends on the revision.
   */
  capability?: string | ((version: string) => string | undefined);
}

const ALL = SUPPORTED_VERSIONS;
const STATEFUL = STATEFUL_VERSIONS;
const statefulSince = (v: string): readonly ProtocolVersion[] => STATEFUL.filter((x) => x >= v);
const only = (...vs: ProtocolVersion[]): readonly ProtocolVersion[] => vs;

const request = (from: Sender, revisions: readonly ProtocolVersion[], capability?: MethodInfo['capability']): MethodInfo =>
  capability === undefined ? { from, kind: 'request', revisions } : { from, kind: 'request', revisions, capability };
const notification = (from: Sender, revisions: readonly ProtocolVersion[], capability?: string): MethodInfo =>
  capability === undefined ? { from, kind: 'notification', revisions } : { from, kind: 'notification', revisions, capability };

export const METHODS = {
  // Lifecycle and utilities
  initialize: request('client', STATEFUL),
  ping: request('both', STATEFUL),
  'server/discover': request('client', only('2026-07-28')),
  'notifications/initialized': notification('client', STATEFUL),
  'notifications/cancelled': notification('both', ALL),
  'notifications/progress': notification('both', ALL),

  // Server features
  'tools/list': request('client', ALL, 'tools'),
  'tools/call': request('client', ALL, 'tools'),
  'resources/list': request('client', ALL, 'resources'),
  'resources/templates/list': request('client', ALL, 'resources'),
  'resources/read': request('client', ALL, 'resources'),
  'resources/subscribe': request('client', STATEFUL, 'resources.subscribe'),
  'resources/unsubscribe': request('client', STATEFUL, 'resources.subscribe'),
  'prompts/list': request('client', ALL, 'prompts'),
  'prompts/get': request('client', ALL, 'prompts'),
  // 2024-11-05 had no `completions` capability: completion went with prompts or resources.
  'completion/complete': request('client', ALL, (v) => (v < '2025-03-26' ? undefined : 'completions')),
  'logging/setLevel': request('client', STATEFUL, 'logging'),
  'subscriptions/listen': request('client', only('2026-07-28')),
  'notifications/tools/list_changed': notification('server', ALL),
  'notifications/resources/list_changed': notification('server', ALL),
  'notifications/resources/updated': notification('server', ALL),
  'notifications/prompts/list_changed': notification('server', ALL),
  'notifications/message': notification('server', ALL),
  'notifications/subscriptions/acknowledged': notification('server', only('2026-07-28')),

  // Client features: real requests in stateful sessions, input requests of a multi round-trip
  // result in the stateless era (so they are not wire methods there).
  'sampling/createMessage': request('server', STATEFUL, 'sampling'),
  'roots/list': request('server', STATEFUL, 'roots'),
  'elicitation/create': request('server', statefulSince('2025-06-18'), 'elicitation'),
  'notifications/roots/list_changed': notification('client', STATEFUL),
  'notifications/elicitation/complete': notification('server', only('2025-11-25')),

  // Tasks (2025-11-25; an extension afterwards). Either side may be the receiver.
  'tasks/get': request('both', only('2025-11-25'), 'tasks'),
  'tasks/result': request('both', only('2025-11-25'), 'tasks'),
  'tasks/list': request('both', only('2025-11-25'), 'tasks.list'),
  'tasks/cancel': request('both', only('2025-11-25'), 'tasks.cancel'),
  'notifications/tasks/status': notification('both', only('2025-11-25')),
} as const satisfies Record<string, MethodInfo>;

export type MethodName = keyof typeof METHODS;

const table: Readonly<Record<string, MethodInfo | undefined>> = METHODS;

export function methodInfo(method: string): MethodInfo | undefined {
  return Object.hasOwn(table, method) ? table[method] : undefined;
}

/** Whether `method` exists in `version` and may be sent by `sender`. */
export function methodAllowed(method: string, version: string, sender: 'client' | 'server', kind: MethodKind): boolean {
  const info = methodInfo(method);
  if (!info || info.kind !== kind) return false;
  if (info.from !== 'both' && info.from !== sender) return false;
  return (info.revisions as readonly string[]).includes(version);
}

/** The capability path the receiver must have declared for `method` under `version`, if any. */
export function requiredCapability(method: string, version: string): string | undefined {
  const cap = methodInfo(method)?.capability;
  return typeof cap === 'function' ? cap(version) : cap;
}

/** Whether a capabilities object declares the dotted path (`resources.subscribe`). */
export function hasCapability(capabilities: Record<string, unknown> | undefined, path: string): boolean {
  let node: unknown = capabilities;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined && node !== null && node !== false;
}
