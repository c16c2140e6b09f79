/**
 * A task record as a client sees it, by the revision it speaks: the experimental tasks of
 * 2025-11-25 (`ttl`, `pollInterval`, the result through `tasks/result`) or the tasks
 * extension of 2026-07-28 (`ttlMs`, `pollIntervalMs`, the result or error inline).
 * @module
 */
import { isObject } from '../../jsonrpc/message.js';
import { META } from '../../types/meta.js';
import { RESULT_TYPE } from '../../types/multi-round-trip.js';
import type { CreateTaskResult, DetailedTask, ExtensionTask, Task } from '../../types/tasks.js';
import type { TaskRecord } from './task-store.js';

/** The 2025-11-25 `Task`. */
export function legacyTask(record: TaskRecord): Task {
  return taskOf(record, 'ttl', 'pollInterval') as Task;
}

/** The extension's `Task`: the same, its durations named by their unit. */
export function extensionTask(record: TaskRecord): ExtensionTask {
  return taskOf(record, 'ttlMs', 'pollIntervalMs') as ExtensionTask;
}

function taskOf(record: TaskRecord, ttl: string, pollInterval: string): Record<string, unknown> {
  const task: Record<string, unknown> = {
    taskId: record.taskId,
    status: record.status,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.lastUpdatedAt).toISOString(),
    [ttl]: record.ttlMs,
    [pollInterval]: record.pollIntervalMs,
  };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  return task;
}

/** The extension's `DetailedTask`: the task with what its status brings. */
export function detailedTask(record: TaskRecord): DetailedTask {
  const task: DetailedTask = extensionTask(record);
  if (record.status === 'input_required' && record.inputRequests) task.inputRequests = record.inputRequests;
  if (record.status === 'completed' && record.result) task.result = record.result;
  if (record.status === 'failed' && record.error) task.error = record.error;
  return task;
}

/** The answer to the request that made the task, in the revision of that request. */
export function createTaskResult(record: TaskRecord, modern: boolean): Record<string, unknown> {
  if (modern) return { resultType: RESULT_TYPE.task, ...extensionTask(record) };
  const result: CreateTaskResult = { task: legacyTask(record) };
  return result;
}

/** `_meta` tying a 2025-11-25 message to its task. */
export function relatedTask(taskId: string): Record<string, unknown> {
  return { [META.relatedTask]: { taskId } };
}

/** A 2025-11-25 task's result as `tasks/result` answers it: tagged with the task in `_meta`. */
export function taggedResult(record: TaskRecord): Record<string, unknown> {
  const result = { ...(record.result ?? {}) };
  result._meta = { ...(isObject(result._meta) ? result._meta : {}), ...relatedTask(record.taskId) };
  return result;
}
