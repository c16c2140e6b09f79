/**
 * Tasks: durable, pollable execution of a request. 2025-11-25 only (an extension since 2026-07-28).
 * @module
 */
import type { NotificationParams, PaginatedRequestParams, PaginatedResult, RequestParams, Result } from './base.js';
import type { InputRequests, InputResponses } from './multi-round-trip.js';

/** The state of a task. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Asks for a request to run as a task. */
export type TaskMetadata = {
  /** Requested retention from creation, in milliseconds. */
  ttl?: number;
};

/** Ties a message to a task, under `_meta["io.modelcontextprotocol/related-task"]`. */
export type RelatedTaskMetadata = {
  /** The task the message belongs to. */
  taskId: string;
};

/** A task's state. */
export type Task = {
  /** The task's id, given by the server that runs it. */
  taskId: string;
  /** Where the task is: `working`, `input_required`, or done (`completed`, `failed`, `cancelled`). */
  status: TaskStatus;
  /** What the task is doing, or why it ended, for people. */
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** Retention from creation in milliseconds; `null` for unlimited. */
  ttl: number | null;
  /** Suggested polling interval in milliseconds. */
  pollInterval?: number;
};

/** Params of a request that may be task-augmented. */
export type TaskAugmentedRequestParams = RequestParams & {
  /** Runs the request as a task: it answers at once with the task, and the result comes later. */
  task?: TaskMetadata;
};

/** The immediate result of a task-augmented request. */
export type CreateTaskResult = Result & {
  /** The task the request became. */
  task: Task;
};

/** Params of `tasks/get`, `tasks/result` and `tasks/cancel`. */
export type TaskRequestParams = RequestParams & {
  /** The task asked about. */
  taskId: string;
};

/** Params of `tasks/get`. */
export type GetTaskRequestParams = TaskRequestParams;

/** The result of `tasks/get`. */
export type GetTaskResult = Result & Task;

/** Params of `tasks/result`. */
export type GetTaskPayloadRequestParams = TaskRequestParams;

/** The result of `tasks/result`: the original request's result (e.g. a `CallToolResult`). */
export type GetTaskPayloadResult = Result & { [key: string]: unknown };

/** Params of `tasks/cancel`. */
export type CancelTaskRequestParams = TaskRequestParams;

/** The result of `tasks/cancel`. */
export type CancelTaskResult = Result & Task;

/** Params of `tasks/list`. */
export type ListTasksRequestParams = PaginatedRequestParams;

/** The result of `tasks/list`. */
export type ListTasksResult = PaginatedResult & {
  /** The tasks of this page. */
  tasks: Task[];
};

/** Params of `notifications/tasks/status`. */
export type TaskStatusNotificationParams = NotificationParams & Task;

/** The identifier of the tasks extension of 2026-07-28. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * A task as the tasks extension (`io.modelcontextprotocol/tasks`, 2026-07-28) shows it: the
 * 2025-11-25 `Task` with its durations named by their unit.
 */
export type ExtensionTask = {
  /** The task's id, given by the server that runs it. */
  taskId: string;
  /** Where the task is: `working`, `input_required`, or done (`completed`, `failed`, `cancelled`). */
  status: TaskStatus;
  /** What the task is doing, or why it ended, for people. */
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** Retention from creation in milliseconds; `null` for unlimited. */
  ttlMs: number | null;
  /** Suggested polling interval in milliseconds. */
  pollIntervalMs?: number;
};

/**
 * A task with what its status brings: the outstanding input requests (`input_required`), the
 * result (`completed`) or the JSON-RPC error (`failed`). `tasks/get` and `notifications/tasks`.
 */
export type DetailedTask = ExtensionTask & {
  /** What the task waits for, when `input_required`: answer with `tasks/update`. */
  inputRequests?: InputRequests;
  /** The request's result, when `completed`. */
  result?: Record<string, unknown>;
  /** The JSON-RPC error that ended it, when `failed`. */
  error?: {
    /** The JSON-RPC error code. */
    code: number;
    /** A short description of the error. */
    message: string;
    /** More about the error, as the server chose. */
    data?: unknown;
  };
};

/** The extension's answer to a request that became a task: `resultType: "task"` and the task, flat. */
export type ExtensionCreateTaskResult = Result & ExtensionTask & { resultType: 'task' };

/** Params of the extension's `tasks/update`: answers to the task's input requests. */
export type UpdateTaskRequestParams = RequestParams & {
  /** The task to answer. */
  taskId: string;
  /** The answers, by the key of the input request each answers. */
  inputResponses: InputResponses;
};
