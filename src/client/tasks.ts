/**
 * The client's own tasks (2025-11-25): a server may ask for sampling or elicitation as a task
 * (`task` in the request, when the client declares `tasks.requests`). The client names the task
 * at once, runs its handler in the background (a person may take minutes to fill in a form),
 * and serves `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` to the server.
 * @module
 */
import { systemClock, type Clock } from '../jsonrpc/clock.js';
import { JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { invalidParams, McpErrorCode } from '../protocol/errors.js';
import { requestContextAccess, RequestCancelledError, RequestContext } from '../protocol/request-context.js';
import type { RequestHandler, Session } from '../protocol/session.js';
import { MemoryTaskStore } from '../protocol/tasks/memory-task-store.js';
import { isTerminal, type TaskChange, type TaskRecord } from '../protocol/tasks/task-store.js';
import { legacyTask, taggedResult } from '../protocol/tasks/task-wire.js';

/** The requests a server may make tasks of, and so the client's `tasks.requests`. */
export const TASK_REQUESTS = ['sampling/createMessage', 'elicitation/create'] as const;

const TTL_MS = 60 * 60_000;
const MAX_TTL_MS = 24 * 60 * 60_000;
const POLL_INTERVAL_MS = 500;
/** Tasks the client keeps running at once for one session; more are refused. */
const MAX_ACTIVE = 16;

/** The tasks of one session. */
export class ClientTasks {
  readonly #store: MemoryTaskStore;
  readonly #clock: Clock;
  readonly #session: Session;
  readonly #running = new Map<string, { ctx: RequestContext; done: Promise<void> }>();

  constructor(session: Session, clock: Clock = systemClock) {
    this.#session = session;
    this.#clock = clock;
    this.#store = new MemoryTaskStore({ clock });
  }

  /** `handler`, run as a task when the server asks for one. */
  wrap(handler: RequestHandler): RequestHandler {
    return (params, ctx) => (isObject(params.task) ? this.#start(params, ctx, handler) : handler(params, ctx));
  }

  /** The `tasks/*` methods, served to the server. */
  readonly handlers: Record<string, RequestHandler> = {
    'tasks/get': async (params) => legacyTask(await this.#record(params)),
    'tasks/result': (params, ctx) => this.#result(params, ctx),
    'tasks/list': async () => {
      const page = await this.#store.list('server', undefined, Number.MAX_SAFE_INTEGER);
      return { tasks: page.records.map(legacyTask) };
    },
    'tasks/cancel': async (params) => {
      const record = await this.#record(params);
      if (isTerminal(record.status))
        throw invalidParams(`Task ${record.taskId} has ended (${record.status}) and cannot be cancelled`);
      const cancelled = await this.#change(record.taskId, {
        status: 'cancelled',
        statusMessage: 'Cancelled by the server',
      });
      const running = this.#running.get(record.taskId);
      if (running)
        requestContextAccess.abortRequest(running.ctx, new RequestCancelledError('the server cancelled the task'));
      return legacyTask(cancelled ?? record);
    },
  };

  async #start(params: Record<string, unknown>, ctx: RequestContext, handler: RequestHandler): Promise<unknown> {
    const task = params.task as Record<string, unknown>;
    const wanted = typeof task.ttl === 'number' && task.ttl > 0 ? task.ttl : TTL_MS;
    const now = this.#clock.now();
    const record: TaskRecord = {
      taskId: Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join(''),
      owner: 'server',
      method: ctx.method,
      protocolVersion: ctx.protocolVersion,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: Math.round(Math.min(wanted, MAX_TTL_MS)),
      pollIntervalMs: POLL_INTERVAL_MS,
    };
    // Counted as it is stored: requests arriving together cannot pass the limit together.
    if (!(await this.#store.create(record, MAX_ACTIVE)))
      throw new JsonRpcError(McpErrorCode.InternalError, `Too many tasks in progress: at most ${MAX_ACTIVE} at once`);
    const { task: _task, ...own } = params;
    // The request is answered now; the handler goes on with a context of the task's own.
    const taskCtx = new RequestContext(ctx.session, ctx.requestId, ctx.method, own, ctx.protocolVersion);
    const done = Promise.resolve()
      .then(() => handler(own, taskCtx))
      .then(
        (result) => this.#change(record.taskId, { status: 'completed', result: result as Record<string, unknown> }),
        (error: unknown) => {
          const failure =
            error instanceof JsonRpcError
              ? { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) }
              : { code: McpErrorCode.InternalError, message: error instanceof Error ? error.message : String(error) };
          return this.#change(record.taskId, { status: 'failed', error: failure, statusMessage: failure.message });
        },
      )
      .then(() => {
        this.#running.delete(record.taskId);
      });
    this.#running.set(record.taskId, { ctx: taskCtx, done });
    return { task: legacyTask(record) };
  }

  async #result(params: Record<string, unknown>, ctx: RequestContext): Promise<Record<string, unknown>> {
    let record = await this.#record(params);
    while (!isTerminal(record.status)) {
      const running = this.#running.get(record.taskId);
      if (!running) break;
      await Promise.race([running.done, aborted(ctx.signal)]);
      record = await this.#record(params);
    }
    if (record.status === 'cancelled') throw invalidParams(`Task ${record.taskId} was cancelled: it has no result`);
    if (record.error) throw new JsonRpcError(record.error.code, record.error.message, record.error.data);
    return taggedResult(record);
  }

  async #record(params: Record<string, unknown>): Promise<TaskRecord> {
    const taskId = params.taskId;
    const record = typeof taskId === 'string' ? await this.#store.get(taskId) : undefined;
    if (!record) throw invalidParams(`Failed to retrieve task: Task not found (${String(taskId)})`);
    return record;
  }

  async #change(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const record = await this.#store.update(taskId, { ...change, lastUpdatedAt: this.#clock.now() });
    if (record && !this.#session.closed)
      void this.#session.notify('notifications/tasks/status', legacyTask(record)).catch(() => {});
    return record;
  }
}

/** Rejects when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
