/**
 * A task on the server, client side: a tool call the server runs in the background, in either
 * form (the experimental tasks of 2025-11-25 or the tasks extension of 2026-07-28). Its state
 * is read with `tasks/get` at the interval the server asks for; the input a task of the
 * extension needs is answered with the client's own handlers through `tasks/update` (a
 * 2025-11-25 server asks with ordinary requests tied to the task, which the handlers answer as
 * they come: at once, or held back until the client calls `tasks/result`).
 * @module
 */
import { sleep, systemClock, type Clock } from '../jsonrpc/clock.js';
import { isObject } from '../jsonrpc/message.js';
import { CancelledError, McpError } from '../protocol/errors.js';
import type { InputRequests, InputResponses } from '../types/multi-round-trip.js';
import type { ExtensionTask, TaskStatus } from '../types/tasks.js';
import type { CallToolResult } from '../types/tools.js';

/**
 * A task's state, in the same form whichever revision the server speaks: the extension's
 * (`ttlMs`, `pollIntervalMs`).
 */
export type TaskState = ExtensionTask;

/** What a task needs of its session. */
export interface TaskSession {
  /** Whether the session speaks the extension (2026-07-28) rather than 2025-11-25. */
  readonly modern: boolean;
  request(method: string, params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown>;
  /** Answers input requests with the client's handlers. */
  answer(requests: InputRequests, signal: AbortSignal | undefined): Promise<InputResponses>;
  readonly clock?: Clock;
}

/** The options of waiting for a task's result. */
export interface TaskWaitOptions {
  /** Stops waiting (the task goes on; `cancel()` ends it). */
  signal?: AbortSignal;
  /** Called with each state seen, for progress displays. */
  onStatus?: (state: TaskState) => void;
}

/** The system's time, with timers that keep the process running while they wait. */
const REF_CLOCK: Clock = {
  now: () => systemClock.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How often to poll a server that does not say. */
const DEFAULT_POLL_MS = 1000;

/**
 * A tool call the server runs as a task (`ClientSession.callToolAsTask`): wait for its result, read
 * its state, answer the input it asks for, or cancel it.
 */
export class ToolTask {
  /** The server's id of the task. */
  readonly taskId: string;
  readonly #session: TaskSession;
  /** The keys of input requests already answered: a request shown twice is answered once. */
  readonly #answered = new Set<string>();
  #last: TaskState | undefined;

  /** A task the server named (`state`, from its answer to the call), or one known by id only. */
  constructor(session: TaskSession, task: string | TaskState) {
    this.#session = session;
    this.taskId = typeof task === 'string' ? task : task.taskId;
    if (typeof task !== 'string') this.#last = task;
  }

  /** The latest state seen, if any. */
  get state(): TaskState | undefined {
    return this.#last;
  }

  /** The task's state now (`tasks/get`). */
  async status(options: { signal?: AbortSignal } = {}): Promise<TaskState> {
    await this.#get(options.signal);
    return this.#last!;
  }

  /**
   * Waits for the task to end, answering what it asks on the way, and resolves with the call's
   * result; a task that failed rejects with its JSON-RPC error, a cancelled one with a
   * `CancelledError`. `signal` stops the waiting, not the task.
   */
  async result(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    const { signal, onStatus } = options;
    /** 2025-11-25: a `tasks/result` open while the task needs input (none while it is undefined). */
    let delivering: Promise<void> | undefined;
    for (;;) {
      const raw = await this.#get(signal);
      const state = this.#last!;
      onStatus?.(state);
      if (state.status === 'completed' || state.status === 'failed' || state.status === 'cancelled')
        return this.#outcome(raw, state, signal);
      if (state.status === 'input_required') {
        if (this.#session.modern) await this.#answer(raw, signal);
        // A 2025-11-25 server may keep the task's requests for the stream of a `tasks/result`,
        // which the spec has the requestor call on input_required: one is kept open, its
        // requests answered by the handlers, while polling goes on; the outcome is read once
        // the task has ended.
        else
          delivering ??= this.#session.request('tasks/result', { taskId: this.taskId }, signal).then(
            () => (delivering = undefined),
            () => (delivering = undefined),
          );
      }
      // The system clock's timers do not hold the process open; a wait someone awaits must.
      await sleep(this.#session.clock ?? REF_CLOCK, state.pollIntervalMs ?? DEFAULT_POLL_MS, signal);
    }
  }

  /** Asks the server to cancel the task (`tasks/cancel`); it may still end otherwise. */
  async cancel(options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.#session.request('tasks/cancel', { taskId: this.taskId }, options.signal);
  }

  async #get(signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const raw = (await this.#session.request('tasks/get', { taskId: this.taskId }, signal)) as Record<string, unknown>;
    this.#last = stateOf(raw);
    return raw;
  }

  async #answer(raw: Record<string, unknown>, signal: AbortSignal | undefined): Promise<void> {
    const requests = isObject(raw.inputRequests) ? (raw.inputRequests as InputRequests) : {};
    const fresh: InputRequests = {};
    for (const [key, request] of Object.entries(requests)) if (!this.#answered.has(key)) fresh[key] = request;
    if (Object.keys(fresh).length === 0) return;
    const inputResponses = await this.#session.answer(fresh, signal);
    await this.#session.request('tasks/update', { taskId: this.taskId, inputResponses }, signal);
    for (const key of Object.keys(fresh)) this.#answered.add(key);
  }

  async #outcome(
    raw: Record<string, unknown>,
    state: TaskState,
    signal: AbortSignal | undefined,
  ): Promise<CallToolResult> {
    if (state.status === 'cancelled')
      throw new CancelledError(
        `Task ${this.taskId} was cancelled${state.statusMessage ? `: ${state.statusMessage}` : ''}`,
      );
    if (!this.#session.modern) {
      // 2025-11-25 keeps the outcome behind tasks/result: the result, or the error as an error.
      const result = (await this.#session.request('tasks/result', { taskId: this.taskId }, signal)) as CallToolResult;
      return result;
    }
    if (state.status === 'failed') {
      const error = isObject(raw.error) ? raw.error : { code: -32603, message: 'The task failed' };
      throw new McpError(Number(error.code), String(error.message), error.data);
    }
    return raw.result as CallToolResult;
  }
}

/** A task's state from either form of `Task` (`ttl` / `ttlMs`, `pollInterval` / `pollIntervalMs`). */
export function stateOf(task: Record<string, unknown>): TaskState {
  const state: TaskState = {
    taskId: String(task.taskId),
    status: task.status as TaskStatus,
    createdAt: String(task.createdAt),
    lastUpdatedAt: String(task.lastUpdatedAt),
    ttlMs: (task.ttlMs ?? task.ttl ?? null) as number | null,
  };
  const poll = task.pollIntervalMs ?? task.pollInterval;
  if (typeof poll === 'number') state.pollIntervalMs = poll;
  if (typeof task.statusMessage === 'string') state.statusMessage = task.statusMessage;
  return state;
}
