/**
 * The tasks tab's model, pure: which tasks a server has and in what state, gathered from what
 * the page has seen on the wire and heard: `tasks/list` answers (2025-11-25), the answers of requests that became tasks (both
 * eras), task status notifications (`notifications/tasks/status` of 2025-11-25, the tasks
 * extension's `notifications/tasks`) and `tasks/get` answers. Durations keep the era's names.
 * @module
 */
import type { ServerState, WireEntry } from '../protocol.js';
import type { LogEntry } from './state.js';

/** The tasks extension of 2026-07-28. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as the page shows it, whichever era told of it. */
export interface TaskView {
  taskId: string;
  status: TaskStatus | string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** The extension's task carries its result (`completed`) or error (`failed`). */
  result?: Record<string, unknown>;
  error?: { code?: number; message?: string };
}

/** How a server offers tasks: `list` (2025-11-25 with `tasks.list`), `extension` (2026-07-28), or not at all. */
export function taskSupport(server: ServerState): { list: boolean; cancel: boolean; extension: boolean } | undefined {
  const caps = server.info?.capabilities ?? {};
  const tasks = caps.tasks as { list?: unknown; cancel?: unknown } | undefined;
  const extensions = (caps.extensions ?? {}) as Record<string, unknown>;
  const extension = Object.hasOwn(extensions, TASKS_EXTENSION);
  if (tasks === undefined && !extension) return undefined;
  return { list: tasks?.list !== undefined, cancel: extension || tasks?.cancel !== undefined, extension };
}

/** A task in `value`, if it is one: `{taskId, status}` flat (the extension), or under `task` (2025-11-25). */
export function readTask(value: unknown): TaskView | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const task = (typeof record.task === 'object' && record.task !== null ? record.task : record) as Record<
    string,
    unknown
  >;
  if (typeof task.taskId !== 'string' || typeof task.status !== 'string') return undefined;
  const view: TaskView = { taskId: task.taskId, status: task.status };
  for (const key of ['statusMessage', 'createdAt', 'lastUpdatedAt'] as const)
    if (typeof task[key] === 'string') view[key] = task[key];
  if (typeof task.result === 'object' && task.result !== null) view.result = task.result as Record<string, unknown>;
  if (typeof task.error === 'object' && task.error !== null) view.error = task.error as TaskView['error'];
  return view;
}

const TASK_NOTIFICATIONS = new Set(['notifications/tasks/status', 'notifications/tasks']);

/**
 * The tasks of `server` seen on the wire (answers that carry a task or list tasks) and in its
 * notifications; a later sighting replaces what an earlier one said, keeping what it does not
 * say. Newest first by creation.
 */
export function gatherTasks(server: string, wire: readonly WireEntry[], logs: readonly LogEntry[]): TaskView[] {
  const sightings: { time: number; task: TaskView }[] = [];
  for (const entry of wire) {
    if (entry.server !== server || entry.direction !== 'received') continue;
    const result = (entry.message as { result?: unknown } | null)?.result;
    const listed = (result as { tasks?: unknown } | undefined)?.tasks;
    for (const found of Array.isArray(listed) ? listed : [result]) {
      const task = readTask(found);
      if (task !== undefined) sightings.push({ time: entry.time, task });
    }
  }
  for (const entry of logs) {
    if (entry.server !== server || !TASK_NOTIFICATIONS.has(entry.method)) continue;
    const task = readTask(entry.params);
    if (task !== undefined) sightings.push({ time: entry.time, task });
  }
  sightings.sort((a, b) => a.time - b.time);
  const tasks = new Map<string, TaskView>();
  for (const { task } of sightings) tasks.set(task.taskId, { ...tasks.get(task.taskId), ...task });
  return [...tasks.values()].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** Whether a task in `status` has ended. */
export function isTerminal(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
