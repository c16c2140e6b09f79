/**
 * Guards for lifecycle, cross-cutting notifications, subscriptions, tasks and error shapes.
 * @module
 */
import { McpErrorCode } from '../errors.js';
import {
  cacheMembers,
  implementation,
  notificationParamsMembers,
  paginatedResultMembers,
  progressToken,
  requestParamsMembers,
  resultMembers,
  subscriptionsListenResultMeta,
} from './base.js';
import { clientCapabilities, serverCapabilities } from './capabilities.js';
import { elicitRequestURLParams } from './client-features.js';
import { inputRequests } from './multi-round-trip.js';
import {
  array,
  bool,
  enumOf,
  int,
  literal,
  nullable,
  num,
  obj,
  record,
  requestId,
  select,
  str,
  unknownJson,
  type Guard,
  type Shape,
} from './kit.js';

/** `InitializeRequestParams`. */
export const initializeRequestParams: Guard = obj(
  { protocolVersion: str, capabilities: clientCapabilities, clientInfo: implementation },
  requestParamsMembers,
);

/** `InitializeResult`. */
export const initializeResult: Guard = obj(
  { protocolVersion: str, capabilities: serverCapabilities, serverInfo: implementation },
  { ...resultMembers, instructions: str },
);

/** `DiscoverResult`. */
export const discoverResult: Guard = obj(
  { supportedVersions: array(str), capabilities: serverCapabilities },
  { ...resultMembers, ...cacheMembers, instructions: str },
);

/** `CancelledNotificationParams`. */
export const cancelledNotificationParams: Guard = obj({ requestId }, { ...notificationParamsMembers, reason: str });

/** `ProgressNotificationParams`. */
export const progressNotificationParams: Guard = obj(
  { progressToken, progress: num },
  { ...notificationParamsMembers, total: num, message: str },
);

/** `SubscriptionFilter`. */
export const subscriptionFilter: Guard = obj(
  {},
  { toolsListChanged: bool, promptsListChanged: bool, resourcesListChanged: bool, resourceSubscriptions: array(str) },
);

/** `SubscriptionsListenRequestParams`. */
export const subscriptionsListenRequestParams: Guard = obj({ notifications: subscriptionFilter }, requestParamsMembers);

/** `SubscriptionsListenResult`. */
export const subscriptionsListenResult: Guard = obj({ _meta: subscriptionsListenResultMeta }, { resultType: str });

/** `SubscriptionsAcknowledgedNotificationParams`. */
export const subscriptionsAcknowledgedNotificationParams: Guard = obj(
  { notifications: subscriptionFilter },
  notificationParamsMembers,
);

/** `TaskStatus`. */
export const taskStatus: Guard = enumOf(['working', 'input_required', 'completed', 'failed', 'cancelled']);

const taskRequired: Shape = { taskId: str, status: taskStatus, createdAt: str, lastUpdatedAt: str, ttl: nullable(int) };
const taskOptional: Shape = { statusMessage: str, pollInterval: int };

/** `Task`. */
export const task: Guard = obj(taskRequired, taskOptional);

/** `CreateTaskResult`. */
export const createTaskResult: Guard = obj({ task }, resultMembers);

const extensionTaskRequired: Shape = {
  taskId: str,
  status: taskStatus,
  createdAt: str,
  lastUpdatedAt: str,
  ttlMs: nullable(int),
};
const extensionTaskOptional: Shape = { statusMessage: str, pollIntervalMs: int };

/** The tasks extension's `CreateTaskResult`: `resultType: "task"` and the task, flat. */
export const extensionCreateTaskResult: Guard = obj(
  { ...extensionTaskRequired, resultType: literal('task') },
  { ...resultMembers, ...extensionTaskOptional },
);

/**
 * A result guard that also accepts a `CreateTaskResult`: of 2025-11-25, told apart by `task`
 * without the result's own `member`; of the tasks extension, by `resultType: "task"`.
 */
export function orTask(complete: Guard, member: string): Guard {
  return select((o) =>
    o.resultType === 'task'
      ? extensionCreateTaskResult
      : o.task !== undefined && o[member] === undefined
        ? createTaskResult
        : complete,
  );
}

/** The tasks extension's `GetTaskResult`: the task with what its status brings. */
export const detailedTaskResult: Guard = obj(extensionTaskRequired, {
  ...resultMembers,
  ...extensionTaskOptional,
  inputRequests,
  result: record(unknownJson),
  error: obj({ code: int, message: str }, { data: unknownJson }),
});

/** `GetTaskResult` and `CancelTaskResult` of 2025-11-25: a result that is a task. */
export const taskResult: Guard = obj(taskRequired, { ...resultMembers, ...taskOptional });

/** `tasks/get`'s result in either form: the extension's names its time to live `ttlMs`. */
export const anyTaskResult: Guard = select((o) => (o.ttlMs !== undefined ? detailedTaskResult : taskResult));

/** `tasks/cancel`'s result: the task (2025-11-25), or an empty acknowledgement (the extension). */
export const cancelTaskResult: Guard = select((o) => (o.taskId === undefined ? obj({}, resultMembers) : taskResult));

/** `ListTasksResult`. */
export const listTasksResult: Guard = obj({ tasks: array(task) }, paginatedResultMembers);

/** Params of `tasks/get`, `tasks/result` and `tasks/cancel`. */
export const taskRequestParams: Guard = obj({ taskId: str }, requestParamsMembers);

/** `TaskStatusNotificationParams`. */
export const taskStatusNotificationParams: Guard = obj(taskRequired, { ...notificationParamsMembers, ...taskOptional });

/** `Error`: the `error` member of an error response. */
export const errorObject: Guard = obj({ code: int, message: str }, { data: unknownJson });

/** An error object with a fixed code, and a `data` guard when `data` is required. */
export function codedError(code: number, data?: Guard): Guard {
  return data === undefined
    ? obj({ code: literal(code), message: str }, { data: unknownJson })
    : obj({ code: literal(code), message: str, data });
}

/** A JSON-RPC error response whose `error` passes the given guard. */
export function errorResponse(error: Guard): Guard {
  return obj({ jsonrpc: literal('2.0'), error }, { id: nullable(requestId) });
}

/** `data` of `-32022`. */
export const unsupportedProtocolVersionData: Guard = obj({ supported: array(str), requested: str });
/** `data` of `-32021`. */
export const missingRequiredClientCapabilityData: Guard = obj({ requiredCapabilities: clientCapabilities });
/** `data` of `-32042`. */
export const urlElicitationRequiredData: Guard = obj({ elicitations: array(elicitRequestURLParams) });

/** Guards for the `data` of the MCP error codes whose `data` has a defined shape, by code. */
export const errorDataGuards: Readonly<Record<number, Guard>> = {
  [McpErrorCode.UnsupportedProtocolVersion]: unsupportedProtocolVersionData,
  [McpErrorCode.MissingRequiredClientCapability]: missingRequiredClientCapabilityData,
  [McpErrorCode.UrlElicitationRequired]: urlElicitationRequiredData,
};

/** `HeaderMismatchError`. */
export const headerMismatchError: Guard = errorResponse(codedError(McpErrorCode.HeaderMismatch));
/** `MissingRequiredClientCapabilityError`. */
export const missingRequiredClientCapabilityError: Guard = errorResponse(
  codedError(McpErrorCode.MissingRequiredClientCapability, missingRequiredClientCapabilityData),
);
/** `UnsupportedProtocolVersionError`. */
export const unsupportedProtocolVersionError: Guard = errorResponse(
  codedError(McpErrorCode.UnsupportedProtocolVersion, unsupportedProtocolVersionData),
);
/** `URLElicitationRequiredError`. */
export const urlElicitationRequiredError: Guard = errorResponse(
  codedError(McpErrorCode.UrlElicitationRequired, urlElicitationRequiredData),
);
