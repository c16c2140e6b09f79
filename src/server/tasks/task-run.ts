/**
 * One task running in this process: the handler's context in task mode. What the handler asks
 * of the client becomes the task's input requests, answered through `tasks/update` (2026-07-28),
 * or requests tied to the task (2025-11-25); its progress and log messages go to the client as
 * each form allows.
 * @module
 */
import { invalidParams } from '../../protocol/errors.js';
import { GUARDS } from '../../types/guards/index.js';
import { META } from '../../types/meta.js';
import type { InputRequest, InputRequests, InputResponses } from '../../types/multi-round-trip.js';
import type { LoggingLevel } from '../../types/logging.js';
import type { ServerContext } from '../context.js';
import { levelPasses } from '../logging.js';
import { ANSWER_TYPE, KEY_PREFIX } from '../multi-round-trip/served-round.js';
import type { TaskChange, TaskRecord } from '../../protocol/tasks/task-store.js';
import { relatedTask } from '../../protocol/tasks/task-wire.js';

/** What a context in task mode hands its calls to. */
export interface TaskChannel {
  readonly taskId: string;
  /** The client's answer to `request`, asked as the task's form allows; `check` vets it. */
  ask(
    request: InputRequest,
    key: string | undefined,
    check?: (answer: Record<string, unknown>) => void,
  ): Promise<Record<string, unknown>>;
  progress(progress: number, total: number | undefined, message: string | undefined): Promise<void>;
  log(level: LoggingLevel, data: unknown, logger: string | undefined): Promise<void>;
}

interface Waiting {
  readonly request: InputRequest;
  readonly check: ((answer: Record<string, unknown>) => void) | undefined;
  resolve(answer: Record<string, unknown>): void;
  reject(error: unknown): void;
}

/** How a run changes its record: the manager stores the change and tells whoever listens. */
export type RecordChange = (change: TaskChange) => Promise<TaskRecord | undefined>;

export class TaskRun implements TaskChannel {
  readonly taskId: string;
  /** The handler's context, in task mode. */
  readonly ctx: ServerContext;
  readonly #modern: boolean;
  readonly #change: RecordChange;
  /** Input requests waiting for their answer (2026-07-28), by key. */
  readonly #waiting = new Map<string, Waiting>();
  /** Every key used so far: a key names one request for the task's whole life. */
  readonly #keys = new Set<string>();
  readonly #counts = new Map<string, number>();
  /** Requests to the client in flight (2025-11-25). */
  #asking = 0;

  constructor(taskId: string, ctx: ServerContext, modern: boolean, change: RecordChange) {
    this.taskId = taskId;
    this.ctx = ctx;
    this.#modern = modern;
    this.#change = change;
  }

  ask(
    request: InputRequest,
    key: string | undefined,
    check?: (answer: Record<string, unknown>) => void,
  ): Promise<Record<string, unknown>> {
    return this.#modern ? this.#askModern(request, key, check) : this.#askLegacy(request, check);
  }

  /**
   * Answers to the task's input requests (`tasks/update`). Keys nobody waits for are ignored;
   * an answer that is not one to its request is refused, and the request keeps waiting.
   */
  async deliver(responses: InputResponses): Promise<void> {
    const accepted: [string, Waiting, Record<string, unknown>][] = [];
    for (const [key, answer] of Object.entries(responses)) {
      const waiting = this.#waiting.get(key);
      if (!waiting) continue;
      const issue = GUARDS[ANSWER_TYPE[waiting.request.method]]?.(answer);
      if (issue !== undefined)
        throw invalidParams(
          `inputResponses[${JSON.stringify(key)}] is not a valid answer to ${waiting.request.method}: ${issue}`,
        );
      waiting.check?.(answer as Record<string, unknown>);
      accepted.push([key, waiting, answer as Record<string, unknown>]);
    }
    if (accepted.length === 0) return;
    for (const [key] of accepted) this.#waiting.delete(key);
    await this.#change(this.#waitingState());
    for (const [, waiting, answer] of accepted) waiting.resolve(answer);
  }

  /** Ends every wait: the task was cancelled or its session ended. */
  abandon(reason: unknown): void {
    for (const waiting of this.#waiting.values()) waiting.reject(reason);
    this.#waiting.clear();
  }

  async progress(progress: number, total: number | undefined, message: string | undefined): Promise<void> {
    if (this.#modern) {
      // The extension carries no progress notifications: the status message says how far it is.
      const statusMessage = message ?? (total === undefined ? `${progress}` : `${progress}/${total}`);
      await this.#change({ statusMessage });
      return;
    }
    const token = this.ctx.progressToken;
    if (token === undefined) return;
    const params: Record<string, unknown> = { progressToken: token, progress, _meta: relatedTask(this.taskId) };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    await this.ctx.session.notify('notifications/progress', params).catch(() => {});
  }

  async log(level: LoggingLevel, data: unknown, logger: string | undefined): Promise<void> {
    // The extension carries no log messages for a task.
    if (this.#modern || !levelPasses(level, this.ctx.session.logLevel)) return;
    const params: Record<string, unknown> = { level, data, _meta: relatedTask(this.taskId) };
    if (logger !== undefined) params.logger = logger;
    await this.ctx.session.notify('notifications/message', params).catch(() => {});
  }

  async #askModern(
    request: InputRequest,
    key: string | undefined,
    check: ((answer: Record<string, unknown>) => void) | undefined,
  ): Promise<Record<string, unknown>> {
    const k = key ?? this.#nextKey(request.method);
    if (this.#keys.has(k))
      throw new Error(`The input key ${JSON.stringify(k)} was used already in this task: each question needs its own`);
    this.#keys.add(k);
    const answer = new Promise<Record<string, unknown>>((resolve, reject) =>
      this.#waiting.set(k, { request, check, resolve, reject }),
    );
    await this.#change(this.#waitingState());
    return answer;
  }

  async #askLegacy(
    request: InputRequest,
    check: ((answer: Record<string, unknown>) => void) | undefined,
  ): Promise<Record<string, unknown>> {
    if (this.#asking++ === 0) await this.#change({ status: 'input_required' });
    try {
      const params = { ...(request.params ?? {}) } as Record<string, unknown>;
      params._meta = {
        ...(params._meta as Record<string, unknown> | undefined),
        [META.relatedTask]: { taskId: this.taskId },
      };
      const answer = await this.ctx.session.request(request.method, params, { signal: this.ctx.signal });
      check?.(answer);
      return answer;
    } finally {
      if (--this.#asking === 0) await this.#change({ status: 'working' });
    }
  }

  #nextKey(method: InputRequest['method']): string {
    const n = (this.#counts.get(method) ?? 0) + 1;
    this.#counts.set(method, n);
    return `${KEY_PREFIX[method]}-${n}`;
  }

  /** The record's state for the requests waiting now. */
  #waitingState(): TaskChange {
    if (this.#waiting.size === 0) return { status: 'working', inputRequests: undefined };
    const inputRequests: InputRequests = {};
    for (const [key, waiting] of this.#waiting) inputRequests[key] = waiting.request;
    return { status: 'input_required', inputRequests };
  }
}
