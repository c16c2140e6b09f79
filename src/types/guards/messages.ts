/**
 * Guards for whole messages, and the by-method registries the protocol layer validates inbound
 * messages with. Every method of every revision is covered; `revisions.ts` says which revision has which.
 * @module
 */
import { notificationParams, paginatedRequestParams, requestParams, result } from './base.js';
import { createMessageRequestParams, createMessageResult, elicitationCompleteNotificationParams, elicitRequestParams, elicitResult, listRootsResult } from './client-features.js';
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
} from './features.js';
import { anyObject, literal, obj, oneOf, optional, requestId, select, str, type Guard } from './kit.js';
import { orInputRequired } from './multi-round-trip.js';
import {
  cancelledNotificationParams,
  createTaskResult,
  discoverResult,
  initializeRequestParams,
  initializeResult,
  listTasksResult,
  progressNotificationParams,
  subscriptionsAcknowledgedNotificationParams,
  subscriptionsListenRequestParams,
  subscriptionsListenResult,
  taskRequestParams,
  taskResult,
  taskStatusNotificationParams,
} from './protocol.js';

const jsonrpc = literal('2.0');

/** A JSON-RPC request with this method; `params` required or optional. */
export function request(method: string, params: Guard, paramsRequired: boolean): Guard {
  const base = { jsonrpc, id: requestId, method: literal(method) };
  return paramsRequired ? obj({ ...base, params }) : obj(base, { params });
}

/** A JSON-RPC notification with this method; `params` required or optional. */
export function notification(method: string, params: Guard, paramsRequired: boolean): Guard {
  const base = { jsonrpc, method: literal(method) };
  return paramsRequired ? obj({ ...base, params }) : obj(base, { params });
}

/** A successful JSON-RPC response whose `result` passes the guard. */
export function resultResponse(resultGuard: Guard): Guard {
  return obj({ jsonrpc, id: requestId, result: resultGuard });
}

/** A result guard that also accepts a `CreateTaskResult`, told apart by `task` without the result's own `member`. */
function orTask(complete: Guard, member: string): Guard {
  return select((o) => (o.task !== undefined && o[member] === undefined ? createTaskResult : complete));
}

type RequestEntry = {
  /** The spec's name of the request message. */
  name: string;
  params: Guard;
  /** Whether `params` must be present (in every revision that has the method). */
  required: boolean;
  result: Guard;
};

const callToolOutcome = orInputRequired(orTask(callToolResult, 'content'));
const readResourceOutcome = orInputRequired(readResourceResult);
const getPromptOutcome = orInputRequired(getPromptResult);

const taskRequests: Record<string, RequestEntry> = {
  'tasks/get': { name: 'GetTaskRequest', params: taskRequestParams, required: true, result: taskResult },
  'tasks/result': { name: 'GetTaskPayloadRequest', params: taskRequestParams, required: true, result },
  'tasks/cancel': { name: 'CancelTaskRequest', params: taskRequestParams, required: true, result: taskResult },
  'tasks/list': { name: 'ListTasksRequest', params: paginatedRequestParams, required: false, result: listTasksResult },
};

const ping: RequestEntry = { name: 'PingRequest', params: requestParams, required: false, result };

/** Requests clients send. */
const clientRequests: Record<string, RequestEntry> = {
  initialize: { name: 'InitializeRequest', params: initializeRequestParams, required: true, result: initializeResult },
  ping,
  'server/discover': { name: 'DiscoverRequest', params: requestParams, required: false, result: discoverResult },
  'resources/list': { name: 'ListResourcesRequest', params: paginatedRequestParams, required: false, result: listResourcesResult },
  'resources/templates/list': {
    name: 'ListResourceTemplatesRequest',
    params: paginatedRequestParams,
    required: false,
    result: listResourceTemplatesResult,
  },
  'resources/read': {
    name: 'ReadResourceRequest',
    params: readResourceRequestParams,
    required: true,
    result: readResourceOutcome,
  },
  'resources/subscribe': { name: 'SubscribeRequest', params: resourceRequestParams, required: true, result },
  'resources/unsubscribe': { name: 'UnsubscribeRequest', params: resourceRequestParams, required: true, result },
  'subscriptions/listen': {
    name: 'SubscriptionsListenRequest',
    params: subscriptionsListenRequestParams,
    required: true,
    result: subscriptionsListenResult,
  },
  'prompts/list': { name: 'ListPromptsRequest', params: paginatedRequestParams, required: false, result: listPromptsResult },
  'prompts/get': {
    name: 'GetPromptRequest',
    params: getPromptRequestParams,
    required: true,
    result: getPromptOutcome,
  },
  'tools/list': { name: 'ListToolsRequest', params: paginatedRequestParams, required: false, result: listToolsResult },
  'tools/call': {
    name: 'CallToolRequest',
    params: callToolRequestParams,
    required: true,
    result: callToolOutcome,
  },
  'logging/setLevel': { name: 'SetLevelRequest', params: setLevelRequestParams, required: true, result },
  'completion/complete': { name: 'CompleteRequest', params: completeRequestParams, required: true, result: completeResult },
  ...taskRequests,
};

/** Requests servers send (as JSON-RPC requests, until 2025-11-25). */
const serverRequests: Record<string, RequestEntry> = {
  ping,
  'sampling/createMessage': {
    name: 'CreateMessageRequest',
    params: createMessageRequestParams,
    required: true,
    result: orTask(createMessageResult, 'model'),
  },
  'elicitation/create': {
    name: 'ElicitRequest',
    params: elicitRequestParams,
    required: true,
    result: orTask(elicitResult, 'action'),
  },
  'roots/list': { name: 'ListRootsRequest', params: requestParams, required: false, result: listRootsResult },
  ...taskRequests,
};

type NotificationEntry = { name: string; params: Guard; required: boolean };

const cancelled: NotificationEntry = { name: 'CancelledNotification', params: cancelledNotificationParams, required: true };
const progress: NotificationEntry = { name: 'ProgressNotification', params: progressNotificationParams, required: true };
const taskStatus: NotificationEntry = { name: 'TaskStatusNotification', params: taskStatusNotificationParams, required: true };
const listChanged = (name: string): NotificationEntry => ({ name, params: notificationParams, required: false });

/** Notifications clients send. */
const clientNotifications: Record<string, NotificationEntry> = {
  'notifications/cancelled': cancelled,
  'notifications/initialized': { name: 'InitializedNotification', params: notificationParams, required: false },
  'notifications/progress': progress,
  'notifications/roots/list_changed': listChanged('RootsListChangedNotification'),
  'notifications/tasks/status': taskStatus,
};

/** Notifications servers send. */
const serverNotifications: Record<string, NotificationEntry> = {
  'notifications/cancelled': cancelled,
  'notifications/progress': progress,
  'notifications/message': { name: 'LoggingMessageNotification', params: loggingMessageNotificationParams, required: true },
  'notifications/resources/updated': {
    name: 'ResourceUpdatedNotification',
    params: resourceUpdatedNotificationParams,
    required: true,
  },
  'notifications/resources/list_changed': listChanged('ResourceListChangedNotification'),
  'notifications/tools/list_changed': listChanged('ToolListChangedNotification'),
  'notifications/prompts/list_changed': listChanged('PromptListChangedNotification'),
  'notifications/elicitation/complete': {
    name: 'ElicitationCompleteNotification',
    params: elicitationCompleteNotificationParams,
    required: true,
  },
  'notifications/tasks/status': taskStatus,
  'notifications/subscriptions/acknowledged': {
    name: 'SubscriptionsAcknowledgedNotification',
    params: subscriptionsAcknowledgedNotificationParams,
    required: true,
  },
};

function mapEntries<E, T>(table: Record<string, E>, f: (entry: E, method: string) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const method of Object.keys(table)) out[method] = f(table[method] as E, method);
  return out;
}

const allRequests = { ...clientRequests, ...serverRequests };
const allNotifications = { ...clientNotifications, ...serverNotifications };
const paramsGuard = (e: { params: Guard; required: boolean }): Guard => (e.required ? e.params : optional(e.params));

/**
 * The params guard of every request method, to call with `params` as received (possibly `undefined`,
 * which passes where the method's params are optional).
 */
export const requestParamsGuards: Readonly<Record<string, Guard>> = mapEntries(allRequests, paramsGuard);

/** The params guard of every notification method, called like `requestParamsGuards`. */
export const notificationParamsGuards: Readonly<Record<string, Guard>> = mapEntries(allNotifications, paramsGuard);

/**
 * The result guard of every request method. `tools/call`, `prompts/get` and `resources/read` also
 * accept an `InputRequiredResult`; `tools/call`, `sampling/createMessage` and `elicitation/create` a `CreateTaskResult`.
 */
export const resultGuards: Readonly<Record<string, Guard>> = mapEntries(allRequests, (e) => e.result);

const requestGuards = (table: Record<string, RequestEntry>) =>
  mapEntries(table, (e, method) => request(method, e.params, e.required));
const notificationGuards = (table: Record<string, NotificationEntry>) =>
  mapEntries(table, (e, method) => notification(method, e.params, e.required));

const clientRequestGuards = requestGuards(clientRequests);
const serverRequestGuards = requestGuards(serverRequests);
const clientNotificationGuards = notificationGuards(clientNotifications);
const serverNotificationGuards = notificationGuards(serverNotifications);

/** Whole-message guards under the spec's names (`CallToolRequest`, `ProgressNotification`...). */
export const messageGuards: Readonly<Record<string, Guard>> = Object.fromEntries([
  ...Object.entries(clientRequests).map(([m, e]) => [e.name, clientRequestGuards[m]]),
  ...Object.entries(serverRequests).map(([m, e]) => [e.name, serverRequestGuards[m]]),
  ...Object.entries(allNotifications).map(([m, e]) => [e.name, clientNotificationGuards[m] ?? serverNotificationGuards[m]]),
]);

/** `ClientRequest`: any request a client sends, of any revision. */
export const clientRequest: Guard = oneOf('method', clientRequestGuards);
/** `ServerRequest`: any request a server sends, of any revision. */
export const serverRequest: Guard = oneOf('method', serverRequestGuards);
/** `ClientNotification`. */
export const clientNotification: Guard = oneOf('method', clientNotificationGuards);
/** `ServerNotification`. */
export const serverNotification: Guard = oneOf('method', serverNotificationGuards);

/** `JSONRPCRequest`. */
export const jsonRpcRequest: Guard = obj({ jsonrpc, id: requestId, method: str }, { params: anyObject });
/** `JSONRPCNotification`. */
export const jsonRpcNotification: Guard = obj({ jsonrpc, method: str }, { params: anyObject });
/** `JSONRPCResultResponse`. */
export const jsonRpcResultResponse: Guard = resultResponse(anyObject);
/** `Request`: a method and params, without the JSON-RPC envelope. */
export const bareRequest: Guard = obj({ method: str }, { params: anyObject });

/** The spec's `...ResultResponse` guards, by name. */
export const resultResponseGuards: Readonly<Record<string, Guard>> = {
  CallToolResultResponse: resultResponse(callToolOutcome),
  CompleteResultResponse: resultResponse(completeResult),
  DiscoverResultResponse: resultResponse(discoverResult),
  GetPromptResultResponse: resultResponse(getPromptOutcome),
  ListPromptsResultResponse: resultResponse(listPromptsResult),
  ListResourceTemplatesResultResponse: resultResponse(listResourceTemplatesResult),
  ListResourcesResultResponse: resultResponse(listResourcesResult),
  ListToolsResultResponse: resultResponse(listToolsResult),
  ReadResourceResultResponse: resultResponse(readResourceOutcome),
  SubscriptionsListenResultResponse: resultResponse(subscriptionsListenResult),
};
