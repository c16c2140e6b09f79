/**
 * The method table: one entry per method of every revision, holding all the protocol knows of
 * it: request or notification, which side sends it in which revisions, the capability its
 * receiver must have declared, the spec's names for its message and result, and the guards of
 * its params and result. The session, the validation of inbound messages, the whole-message
 * guards and the corpus tests all read it; adding a method is adding an entry here (and its
 * types to the method maps of `messages.ts`, which the compiler holds this table to).
 * @module
 */
import { notificationParams, paginatedRequestParams, requestParams, result } from './guards/base.js';
import {
  createMessageRequestParams,
  createMessageResult,
  elicitationCompleteNotificationParams,
  elicitRequestParams,
  elicitResult,
  listRootsResult,
} from './guards/client-features.js';
import {
  callToolRequestParams,
  callToolResult,
  completeRequestParams,
  completeResult,
  getPromptRequestParams,
  getPromptResult,
  listPromptsResult,
  listResourcesResult,
  listResourceTemplatesResult,
  listToolsResult,
  loggingMessageNotificationParams,
  readResourceRequestParams,
  readResourceResult,
  resourceRequestParams,
  resourceUpdatedNotificationParams,
  setLevelRequestParams,
} from './guards/features.js';
import { optional, type Guard } from './guards/kit.js';
import { orInputRequired } from './guards/multi-round-trip.js';
import {
  getSkillRequestParams,
  getSkillResult,
  listSkillsResult,
  readResourceDirectoryRequestParams,
  readResourceDirectoryResult,
} from './guards/skills.js';
import {
  cancelledNotificationParams,
  discoverResult,
  initializeRequestParams,
  initializeResult,
  listTasksResult,
  orTask,
  progressNotificationParams,
  subscriptionsAcknowledgedNotificationParams,
  subscriptionsListenRequestParams,
  subscriptionsListenResult,
  taskRequestParams,
  anyTaskResult,
  cancelTaskResult,
  taskStatusNotificationParams,
} from './guards/protocol.js';
import type {
  ClientNotificationMap,
  ClientRequestMap,
  NotificationMethod,
  RequestMethod,
  ServerNotificationMap,
  ServerRequestMap,
} from './messages.js';
import type { CacheableMethod } from './base.js';
import type { InputRequiredMethod } from './multi-round-trip.js';
import { ALL, inSpan, ONLY_2025_11, SINCE_2026, UNTIL_2025_11, type Revision, type Span } from './revisions.js';
import { SKILLS_EXTENSION, type SkillsMethod } from './skills.js';
import { TASKS_EXTENSION } from './tasks.js';

/** Whether a method is a request, which is answered, or a notification, which is not. */
export type MethodKind = 'request' | 'notification';

/** Everything about one method. Spans say in which revisions a side sends it; no span, never. */
export type MethodInfo = {
  /** A request or a notification. */
  kind: MethodKind;
  /** Revisions in which clients send it. */
  client?: Span;
  /** Revisions in which servers send it as a JSON-RPC message. */
  server?: Span;
  /** Revisions in which servers send it inside an `InputRequiredResult` instead. */
  input?: Span;
  /**
   * Dotted path into the receiver's declared capabilities that must be present for it to accept
   * the method (`resources.subscribe`); a function of the revision where that differs.
   */
  capability?: string | ((revision: string) => string | undefined);
  /** The schema.json definition of the request or notification (`CallToolRequest`). */
  spec: string;
  /** The schema.json definition of the result, for a request (`CallToolResult`, `EmptyResult`). */
  specResult?: string;
  /** Checks `params` as received; a guard that accepts `undefined` makes params optional. */
  params: Guard;
  /** Checks a request's result, including the interim results the method allows. */
  result?: Guard;
  /** Revisions in which its result may be an `InputRequiredResult` (a multi round-trip request). */
  multiRoundTrip?: Span;
  /** Revisions in which its complete result may carry caching hints (`ttlMs`, `cacheScope`). */
  cacheHints?: Span;
  /**
   * Revisions in which an extension, not the revision itself, defines it (`tasks/get` of the
   * tasks extension of 2026-07-28): it exists there for peers that negotiate the extension.
   */
  extension?: {
    /** The extension's identifier (`io.modelcontextprotocol/tasks`). */
    id: string;
    /** Revisions in which clients send it under the extension. */
    client?: Span;
    /** Revisions in which servers send it under the extension. */
    server?: Span;
  };
};

type ClientMethod = keyof ClientRequestMap | keyof ClientNotificationMap;
type ServerMethod = keyof ServerRequestMap | keyof ServerNotificationMap;
/** Every method of the method maps of `messages.ts`. */
export type MethodName = RequestMethod | NotificationMethod;

/** What the method maps fix about a method's entry: its kind, its senders, a result for a request. */
type Fixed<M extends MethodName> = (M extends RequestMethod
  ? { kind: 'request'; specResult: string; result: Guard }
  : { kind: 'notification'; specResult?: never; result?: never }) &
  (M extends ClientMethod ? { client: Span } : { client?: never }) &
  (M extends ServerMethod ? { server: Span } | { input: Span } : { server?: never; input?: never }) &
  (M extends InputRequiredMethod ? { multiRoundTrip: Span } : { multiRoundTrip?: never }) &
  (M extends CacheableMethod ? { cacheHints: Span } : { cacheHints?: never });

/**
 * A method only an extension defines, in every revision it exists in (`skills/list`): no
 * revision's schema has it, so it has no span of its own, only the extension's.
 */
type ExtensionOnly = {
  kind: 'request';
  specResult: string;
  result: Guard;
  extension: { id: string; client?: Span; server?: Span };
  client?: never;
  server?: never;
  input?: never;
  multiRoundTrip?: never;
  cacheHints?: never;
};

/**
 * The shape of the table: exactly the methods of the method maps, each of the kind and with
 * the senders its maps say, and the methods extensions alone define. A method missing on
 * either side, or sent by the wrong side, does not compile.
 */
export type MethodTable = { [M in MethodName]: MethodInfo & Fixed<M> } & {
  [M in SkillsMethod]: MethodInfo & ExtensionOnly;
};

/** Params that may be omitted. */
const noParams = optional(requestParams);
const pageParams = optional(paginatedRequestParams);
const noNotificationParams = optional(notificationParams);

const SINCE_2025_06_UNTIL_2025_11: Span = { since: '2025-06-18', until: '2025-11-25' };

const tasks = { kind: 'request', client: ONLY_2025_11, server: ONLY_2025_11 } as const;
/** The methods the tasks extension of 2026-07-28 keeps, clients' requests there; no capability but the extension. */
const tasksExtension = {
  extension: { id: TASKS_EXTENSION, client: SINCE_2026 },
  capability: (v: string) => (v >= '2026-07-28' ? undefined : 'tasks'),
} as const;

/**
 * The methods of the Skills extension: clients send them in every revision, to a server that
 * declared the extension (the official SDK serves them in 2025-11-25 and 2026-07-28 alike). No
 * capability is checked: a server without skills answers -32601 as for any method it lacks.
 */
const skillsExtension = { kind: 'request', extension: { id: SKILLS_EXTENSION, client: ALL } } as const;

/** Every method of every revision, and those of the extensions that no revision defines. */
export const METHODS = {
  initialize: {
    kind: 'request',
    client: UNTIL_2025_11,
    spec: 'InitializeRequest',
    specResult: 'InitializeResult',
    params: initializeRequestParams,
    result: initializeResult,
  },
  ping: {
    kind: 'request',
    client: UNTIL_2025_11,
    server: UNTIL_2025_11,
    spec: 'PingRequest',
    specResult: 'EmptyResult',
    params: noParams,
    result,
  },
  'server/discover': {
    kind: 'request',
    client: SINCE_2026,
    spec: 'DiscoverRequest',
    specResult: 'DiscoverResult',
    params: noParams,
    result: discoverResult,
    cacheHints: SINCE_2026,
  },
  'resources/list': {
    kind: 'request',
    client: ALL,
    capability: 'resources',
    spec: 'ListResourcesRequest',
    specResult: 'ListResourcesResult',
    params: pageParams,
    result: listResourcesResult,
    cacheHints: SINCE_2026,
  },
  'resources/templates/list': {
    kind: 'request',
    client: ALL,
    capability: 'resources',
    spec: 'ListResourceTemplatesRequest',
    specResult: 'ListResourceTemplatesResult',
    params: pageParams,
    result: listResourceTemplatesResult,
    cacheHints: SINCE_2026,
  },
  'resources/read': {
    kind: 'request',
    client: ALL,
    capability: 'resources',
    spec: 'ReadResourceRequest',
    specResult: 'ReadResourceResult',
    params: readResourceRequestParams,
    result: orInputRequired(readResourceResult),
    multiRoundTrip: SINCE_2026,
    cacheHints: SINCE_2026,
  },
  'resources/subscribe': {
    kind: 'request',
    client: UNTIL_2025_11,
    capability: 'resources.subscribe',
    spec: 'SubscribeRequest',
    specResult: 'EmptyResult',
    params: resourceRequestParams,
    result,
  },
  'resources/unsubscribe': {
    kind: 'request',
    client: UNTIL_2025_11,
    capability: 'resources.subscribe',
    spec: 'UnsubscribeRequest',
    specResult: 'EmptyResult',
    params: resourceRequestParams,
    result,
  },
  'subscriptions/listen': {
    kind: 'request',
    client: SINCE_2026,
    spec: 'SubscriptionsListenRequest',
    specResult: 'SubscriptionsListenResult',
    params: subscriptionsListenRequestParams,
    result: subscriptionsListenResult,
  },
  'prompts/list': {
    kind: 'request',
    client: ALL,
    capability: 'prompts',
    spec: 'ListPromptsRequest',
    specResult: 'ListPromptsResult',
    params: pageParams,
    result: listPromptsResult,
    cacheHints: SINCE_2026,
  },
  'prompts/get': {
    kind: 'request',
    client: ALL,
    capability: 'prompts',
    spec: 'GetPromptRequest',
    specResult: 'GetPromptResult',
    params: getPromptRequestParams,
    result: orInputRequired(getPromptResult),
    multiRoundTrip: SINCE_2026,
  },
  'tools/list': {
    kind: 'request',
    client: ALL,
    capability: 'tools',
    spec: 'ListToolsRequest',
    specResult: 'ListToolsResult',
    params: pageParams,
    result: listToolsResult,
    cacheHints: SINCE_2026,
  },
  'tools/call': {
    kind: 'request',
    client: ALL,
    capability: 'tools',
    spec: 'CallToolRequest',
    specResult: 'CallToolResult',
    params: callToolRequestParams,
    result: orInputRequired(orTask(callToolResult, 'content')),
    multiRoundTrip: SINCE_2026,
  },
  'logging/setLevel': {
    kind: 'request',
    client: UNTIL_2025_11,
    capability: 'logging',
    spec: 'SetLevelRequest',
    specResult: 'EmptyResult',
    params: setLevelRequestParams,
    result,
  },
  'completion/complete': {
    kind: 'request',
    client: ALL,
    // 2024-11-05 had no `completions` capability: completion went with prompts or resources.
    capability: (v) => (v < '2025-03-26' ? undefined : 'completions'),
    spec: 'CompleteRequest',
    specResult: 'CompleteResult',
    params: completeRequestParams,
    result: completeResult,
  },
  'tasks/get': {
    ...tasks,
    ...tasksExtension,
    spec: 'GetTaskRequest',
    specResult: 'GetTaskResult',
    params: taskRequestParams,
    result: anyTaskResult,
  },
  'tasks/result': {
    ...tasks,
    capability: 'tasks',
    spec: 'GetTaskPayloadRequest',
    specResult: 'GetTaskPayloadResult',
    params: taskRequestParams,
    result,
  },
  'tasks/cancel': {
    ...tasks,
    extension: tasksExtension.extension,
    capability: (v) => (v >= '2026-07-28' ? undefined : 'tasks.cancel'),
    spec: 'CancelTaskRequest',
    specResult: 'CancelTaskResult',
    params: taskRequestParams,
    result: cancelTaskResult,
  },
  'tasks/list': {
    ...tasks,
    capability: 'tasks.list',
    spec: 'ListTasksRequest',
    specResult: 'ListTasksResult',
    params: pageParams,
    result: listTasksResult,
  },
  'sampling/createMessage': {
    kind: 'request',
    server: UNTIL_2025_11,
    input: SINCE_2026,
    capability: 'sampling',
    spec: 'CreateMessageRequest',
    specResult: 'CreateMessageResult',
    params: createMessageRequestParams,
    result: orTask(createMessageResult, 'model'),
  },
  'roots/list': {
    kind: 'request',
    server: UNTIL_2025_11,
    input: SINCE_2026,
    capability: 'roots',
    spec: 'ListRootsRequest',
    specResult: 'ListRootsResult',
    params: noParams,
    result: listRootsResult,
  },
  'elicitation/create': {
    kind: 'request',
    server: SINCE_2025_06_UNTIL_2025_11,
    input: SINCE_2026,
    capability: 'elicitation',
    spec: 'ElicitRequest',
    specResult: 'ElicitResult',
    params: elicitRequestParams,
    result: orTask(elicitResult, 'action'),
  },
  'notifications/cancelled': {
    kind: 'notification',
    client: ALL,
    server: ALL,
    spec: 'CancelledNotification',
    params: cancelledNotificationParams,
  },
  'notifications/initialized': {
    kind: 'notification',
    client: UNTIL_2025_11,
    spec: 'InitializedNotification',
    params: noNotificationParams,
  },
  'notifications/progress': {
    kind: 'notification',
    client: UNTIL_2025_11,
    server: ALL,
    spec: 'ProgressNotification',
    params: progressNotificationParams,
  },
  'notifications/roots/list_changed': {
    kind: 'notification',
    client: UNTIL_2025_11,
    spec: 'RootsListChangedNotification',
    params: noNotificationParams,
  },
  'notifications/tasks/status': {
    kind: 'notification',
    client: ONLY_2025_11,
    server: ONLY_2025_11,
    spec: 'TaskStatusNotification',
    params: taskStatusNotificationParams,
  },
  'notifications/message': {
    kind: 'notification',
    server: ALL,
    spec: 'LoggingMessageNotification',
    params: loggingMessageNotificationParams,
  },
  'notifications/resources/updated': {
    kind: 'notification',
    server: ALL,
    spec: 'ResourceUpdatedNotification',
    params: resourceUpdatedNotificationParams,
  },
  'notifications/resources/list_changed': {
    kind: 'notification',
    server: ALL,
    spec: 'ResourceListChangedNotification',
    params: noNotificationParams,
  },
  'notifications/tools/list_changed': {
    kind: 'notification',
    server: ALL,
    spec: 'ToolListChangedNotification',
    params: noNotificationParams,
  },
  'notifications/prompts/list_changed': {
    kind: 'notification',
    server: ALL,
    spec: 'PromptListChangedNotification',
    params: noNotificationParams,
  },
  'notifications/elicitation/complete': {
    kind: 'notification',
    server: ONLY_2025_11,
    spec: 'ElicitationCompleteNotification',
    params: elicitationCompleteNotificationParams,
  },
  'notifications/subscriptions/acknowledged': {
    kind: 'notification',
    server: SINCE_2026,
    spec: 'SubscriptionsAcknowledgedNotification',
    params: subscriptionsAcknowledgedNotificationParams,
  },
  'skills/list': {
    ...skillsExtension,
    spec: 'ListSkillsRequest',
    specResult: 'ListSkillsResult',
    params: pageParams,
    result: listSkillsResult,
  },
  'skills/get': {
    ...skillsExtension,
    spec: 'GetSkillRequest',
    specResult: 'GetSkillResult',
    params: getSkillRequestParams,
    result: getSkillResult,
  },
  'resources/directory/read': {
    ...skillsExtension,
    spec: 'ReadResourceDirectoryRequest',
    specResult: 'ReadResourceDirectoryResult',
    params: readResourceDirectoryRequestParams,
    result: readResourceDirectoryResult,
  },
} satisfies MethodTable;

/** The table by any name, as a method arrives on the wire. */
const BY_NAME: Readonly<Record<string, MethodInfo>> = METHODS;

/** The entry of `method`, or `undefined` for a method no revision defines (custom ones). */
export function methodInfo(method: string): MethodInfo | undefined {
  return Object.hasOwn(BY_NAME, method) ? BY_NAME[method] : undefined;
}

/** True when `method` exists in `revision`, optionally as sent by that side (input requests count for the server). */
export function hasMethod(method: string, revision: Revision, sender?: 'client' | 'server'): boolean {
  const info = methodInfo(method);
  if (info === undefined) return false;
  const spans =
    sender === 'client'
      ? [info.client]
      : sender === 'server'
        ? [info.server, info.input]
        : [info.client, info.server, info.input];
  return spans.some((s) => s !== undefined && inSpan(s, revision));
}

/** The methods of a revision, optionally only those one side sends. */
export function methodsOf(revision: Revision, sender?: 'client' | 'server'): string[] {
  return Object.keys(METHODS).filter((m) => hasMethod(m, revision, sender));
}

/** The methods whose complete results may carry caching hints, in some revision. */
export const CACHEABLE_METHODS = Object.keys(BY_NAME).filter(
  (m) => BY_NAME[m]!.cacheHints !== undefined,
) as readonly CacheableMethod[];
