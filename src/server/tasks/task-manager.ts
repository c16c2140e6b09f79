/**
 * Tasks, serving side: a tool call made a task (`start`), the task run in the background with
 * its context in task mode, and the `tasks/*` methods of both forms: the experimental tasks of
 * 2025-11-25 (`tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`, status notifications)
 * and the tasks extension of 2026-07-28 (`tasks/get` with the result inline, `tasks/update`,
 * `tasks/cancel` acknowledged, task events on `subscriptions/listen`). Every task belongs to
 * who made it; to anyone else it does not exist.
 * @module
 */
import { sleep, systemClock, type Clock } from '../../jsonrpc/clock.js';
import { JsonRpcError } from '../../jsonrpc/errors.js';
import { isObject } from '../../jsonrpc/message.js';
import { requestContextAccess, RequestCancelledError } from '../../protocol/request-context.js';
import { invalidParams, McpError, McpErrorCode, methodNotFound } from '../../protocol/errors.js';
import { missingClientCapability } from '../../protocol/modern.js';
import type { RequestHandler, Session } from '../../protocol/session.js';
import { principalOf } from '../../auth/auth-info.js';
import type { ServerCapabilities } from '../../types/capabilities.js';
import type { InputResponses } from '../../types/multi-round-trip.js';
import { TASKS_EXTENSION } from '../../types/tasks.js';
import { serverContextAccess, ServerContext } from '../context.js';
import type { ServerFeature } from '../feature.js';
import { toBase64Url } from '../../internal/base64.js';
import { MemoryTaskStore } from '../../protocol/tasks/memory-task-store.js';
import {
  isTerminal,
  type TaskChange,
  type TaskError,
  type TaskRecord,
  type TaskStore,
} from '../../protocol/tasks/task-store.js';
import type { FleetStore } from '../fleet/fleet-store.js';
import { TaskRun } from './task-run.js';
import {
  createTaskResult,
  detailedTask,
  legacyTask,
  relatedTask,
  taggedResult,
} from '../../protocol/tasks/task-wire.js';

/** Where a server keeps the tasks its tools run in the background, and for how long. */
export interface TaskOptions {
  /** Where tasks are kept. Default: in this process's memory ({@link MemoryTaskStore}). */
  store?: TaskStore;
  /** How long a task is kept from its creation when the client asks for no time. Default 1 hour. */
  ttlMs?: number;
  /** The most a client may ask for. Default 24 hours. */
  maxTtlMs?: number;
  /** How often clients are told to poll. Default 1 s. */
  pollIntervalMs?: number;
  /**
   * Tasks one owner (or one `limitKey`) may have running at once; more are refused (-32603).
   * Default 32. Counted as each task is stored, in the store every process of a fleet shares.
   */
  maxActive?: number;
  /**
   * Who a task belongs to. Default: the principal of the request's access token when the HTTP
   * endpoint checks tokens; else, in a 2025-11-25 session, the session; else the client's
   * self-declared name and version, which proves nothing (task ids are unguessable all the same).
   */
  owner?: (ctx: ServerContext) => string | undefined | Promise<string | undefined>;
  /**
   * Whose `maxActive` a new task counts against, when not its owner's: a key the client cannot
   * pick, such as `ctx.clientKey` (the HTTP endpoint's `clientKey` of the request, by default
   * its network address). `undefined` counts the task against its owner, as without the hook.
   * Who owns a task stays as `owner` says.
   */
  limitKey?: (ctx: ServerContext) => string | undefined | Promise<string | undefined>;
}

const DEFAULT_TTL_MS = 60 * 60_000;
const DEFAULT_MAX_TTL_MS = 24 * 60 * 60_000;
const DEFAULT_POLL_INTERVAL_MS = 1000;
const DEFAULT_MAX_ACTIVE = 32;
/** Tasks per page of `tasks/list`. */
const PAGE_SIZE = 50;

/** How a task's work is done: the handler, run with the task's context, resolving with the result. */
export type TaskWork = (ctx: ServerContext) => Promise<Record<string, unknown>>;

/** What a task's status changes are told to. */
export type TaskListener = (record: TaskRecord) => void;

export class TaskManager implements ServerFeature {
  readonly handlers: Record<string, RequestHandler<ServerContext>>;
  #store: TaskStore;
  /** The fleet this process is part of: its tasks run here, their records are shared. */
  #fleet: { store: FleetStore; sessionName: (session: Session) => string | undefined } | undefined;
  readonly #clock: Clock;
  readonly #options: TaskOptions;
  readonly #offered: () => boolean;
  /** Tasks running in this process. */
  readonly #runs = new Map<string, { run: TaskRun; done: Promise<void> }>();
  readonly #sessionKeys = new WeakMap<Session, number>();
  #nextSessionKey = 1;
  readonly #listeners = new Set<TaskListener>();

  /** `offered` says whether anything runs as a task, so the capabilities are declared. */
  constructor(options: TaskOptions = {}, offered: () => boolean, clock: Clock = systemClock) {
    this.#options = options;
    this.#clock = clock;
    this.#offered = offered;
    this.#store = options.store ?? new MemoryTaskStore({ clock });
    this.handlers = {
      'tasks/get': (params, ctx) => this.#get(params, ctx),
      'tasks/result': (params, ctx) => this.#result(params, ctx),
      'tasks/list': (params, ctx) => this.#list(params, ctx),
      'tasks/cancel': (params, ctx) => this.#cancel(params, ctx),
      'tasks/update': (params, ctx) => this.#update(params, ctx),
    };
  }

  capabilities(): ServerCapabilities {
    if (!this.#offered()) return {};
    return {
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      extensions: { [TASKS_EXTENSION]: {} },
    };
  }

  /**
   * The tasks among `taskIds` that the client of `ctx` may hear of on a listen stream: its own.
   * A client that did not declare the extension is refused (-32021).
   */
  readonly listening = async (taskIds: readonly string[], ctx: ServerContext): Promise<string[]> => {
    this.#extensionOnly(ctx);
    const owner = await this.#owner(ctx);
    const owned: string[] = [];
    for (const taskId of new Set(taskIds)) {
      if (typeof taskId !== 'string') continue;
      if ((await this.#store.get(taskId))?.owner === owner) owned.push(taskId);
    }
    return owned;
  };

  /**
   * Keeps tasks in the fleet's store and hears the fleet: a cancellation or answers for a task
   * running here, from whichever process the client reached; a change of any task, for the
   * listen streams held here. `sessionName` names a session the fleet shares (a task of a
   * legacy session belongs to it, in any process).
   */
  share(store: FleetStore, sessionName: (session: Session) => string | undefined): Promise<void> {
    if (this.#options.store === undefined) this.#store = store.tasks;
    this.#fleet = { store, sessionName };
    return store.bus.subscribe(TASKS_CHANNEL, (text) => this.#heard(text)).then(() => {});
  }

  /** What the fleet told: `cancel` or `update` a task if it runs here; another process `changed` one. */
  #heard(text: string): void {
    let told: FleetTaskMessage;
    try {
      told = JSON.parse(text) as FleetTaskMessage;
    } catch {
      return;
    }
    if (told.changed !== undefined) {
      if (told.from === this.#fleet?.store.replicaId) return;
      for (const listener of this.#listeners) listener(told.changed);
      return;
    }
    const live = typeof told.taskId === 'string' ? this.#runs.get(told.taskId) : undefined;
    if (!live) return;
    if (told.cancel === true) void this.#stop(live.run, 'Cancelled by the client');
    else if (isObject(told.responses)) void live.run.deliver(told.responses as InputResponses).catch(() => {});
  }

  #tell(message: FleetTaskMessage): Promise<void> {
    return this.#fleet ? this.#fleet.store.bus.publish(TASKS_CHANNEL, JSON.stringify(message)) : Promise.resolve();
  }

  /** Hears every change of every task's record (status notifications, listen streams). */
  onChange(listener: TaskListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Makes the request `ctx` a task: creates it (durably, before its id is given out), starts
   * `work` with a context of its own, and resolves with the answer that names the task.
   * `requestedTtlMs` is the client's wish (2025-11-25), within the server's bounds.
   */
  async start(ctx: ServerContext, work: TaskWork, requestedTtlMs?: number): Promise<Record<string, unknown>> {
    const taskCtx = new ServerContext(
      ctx.session,
      ctx.requestId,
      ctx.method,
      ctx.params,
      ctx.protocolVersion,
      requestContextAccess.envelopeOf(ctx),
      ctx.auth,
      ctx.clientKey,
    );
    const { result, finish } = await this.adopt(taskCtx, requestedTtlMs);
    // After the answer: the work runs as the task, and even its synchronous failure is the task's.
    finish(Promise.resolve().then(() => work(taskCtx)));
    return result;
  }

  /**
   * Makes the rest of the request `ctx` a task, its handler already running (`ctx.startTask()`):
   * creates the task, puts `ctx` in task mode, and resolves with the answer that names the task
   * and `finish`, to be given the handler's outcome.
   */
  async adopt(
    ctx: ServerContext,
    requestedTtlMs?: number,
  ): Promise<{ result: Record<string, unknown>; finish: (outcome: Promise<Record<string, unknown>>) => void }> {
    const owner = await this.#owner(ctx);
    const limitKey = await this.#options.limitKey?.(ctx);
    const maxActive = this.#options.maxActive ?? DEFAULT_MAX_ACTIVE;
    const now = this.#clock.now();
    const maxTtl = this.#options.maxTtlMs ?? DEFAULT_MAX_TTL_MS;
    const wanted = typeof requestedTtlMs === 'number' && requestedTtlMs > 0 ? requestedTtlMs : undefined;
    const record: TaskRecord = {
      taskId: newTaskId(),
      owner,
      ...(limitKey !== undefined && { limitKey }),
      method: ctx.method,
      protocolVersion: ctx.protocolVersion,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: Math.round(Math.min(wanted ?? this.#options.ttlMs ?? DEFAULT_TTL_MS, maxTtl)),
      pollIntervalMs: this.#options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    };
    // The limit is checked in the step that stores the task, so a burst cannot pass it together.
    // In a fleet the task is also held under this process's lease: should the process stop,
    // another fails it. Both at once: a refused task's hold is let go again.
    const leases = this.#fleet?.store.leases;
    const [created] = await Promise.all([this.#store.create(record, maxActive), leases?.hold(record.taskId)]);
    if (!created) {
      leases?.release(record.taskId).catch(() => {});
      throw new McpError(
        McpErrorCode.InternalError,
        `Too many tasks in progress: at most ${maxActive} at once; wait for one to end or cancel one`,
      );
    }
    const modern = requestContextAccess.envelopeOf(ctx) !== undefined;
    const run = new TaskRun(record.taskId, ctx, modern, (change) => this.#change(record.taskId, change));
    serverContextAccess.enterTask(ctx, run);
    const finish = (outcome: Promise<Record<string, unknown>>) => {
      const done = this.#settle(run, outcome);
      this.#runs.set(record.taskId, { run, done });
      void done.finally(() => {
        this.#runs.delete(record.taskId);
        leases?.release(record.taskId).catch(() => {});
      });
    };
    return { result: createTaskResult(record, modern), finish };
  }

  /**
   * Fails tasks whose process stopped before they ended (a fleet's process whose lease lapsed):
   * their clients read `failed` with an error saying so. A task that ended meanwhile stays as it is.
   */
  async failOrphaned(taskIds: readonly string[]): Promise<void> {
    const error: TaskError = { code: McpErrorCode.InternalError, message: TASK_PROCESS_LOST };
    const change: TaskChange = { status: 'failed', error, statusMessage: TASK_PROCESS_LOST, inputRequests: undefined };
    await Promise.all(taskIds.map((taskId) => this.#change(taskId, change).catch(() => {})));
  }

  /** Cancels every task running in this process (the server is closing). */
  close(): void {
    for (const { run } of this.#runs.values()) void this.#stop(run, 'The server closed');
  }

  /** Records how the task's work ended. */
  async #settle(run: TaskRun, outcome: Promise<Record<string, unknown>>): Promise<void> {
    let change: TaskChange;
    try {
      const result = await outcome;
      // In 2025-11-25 a tool's own failure fails the task; in the extension it completes it.
      const failed = result.isError === true && requestContextAccess.envelopeOf(run.ctx) === undefined;
      // What the task said on the way (how far it was) says nothing of the end.
      change = { status: failed ? 'failed' : 'completed', result, statusMessage: undefined };
      if (failed) change.statusMessage = textOf(result) ?? 'The tool reported an error';
    } catch (error) {
      const failure = taskError(error);
      change = { status: 'failed', error: failure, statusMessage: failure.message };
    }
    await this.#change(run.taskId, change).catch(() => {});
  }

  /** Stores a change (never out of a terminal state) and tells the listeners. */
  async #change(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const record = await this.#store.update(taskId, { ...change, lastUpdatedAt: this.#clock.now() });
    if (!record) return record;
    for (const listener of this.#listeners) listener(record);
    if (this.#fleet) void this.#tell({ changed: record, from: this.#fleet.store.replicaId }).catch(() => {});
    // 2025-11-25: the session that made the task hears of its status.
    const live = this.#runs.get(taskId);
    if (live && !requestContextAccess.envelopeOf(live.run.ctx) && !live.run.ctx.session.closed)
      void live.run.ctx.session.notify('notifications/tasks/status', legacyTask(record)).catch(() => {});
    return record;
  }

  async #stop(run: TaskRun, message: string): Promise<void> {
    await this.#change(run.taskId, { status: 'cancelled', statusMessage: message, inputRequests: undefined });
    const reason = new RequestCancelledError(message);
    run.abandon(reason);
    requestContextAccess.abortRequest(run.ctx, reason);
  }

  /** The task `params.taskId`, if it is the caller's; else -32602 as if there were none. */
  async #owned(params: Record<string, unknown>, ctx: ServerContext): Promise<TaskRecord> {
    const taskId = params.taskId;
    if (typeof taskId !== 'string') throw invalidParams('taskId must be a string');
    const record = await this.#store.get(taskId);
    if (!record || record.owner !== (await this.#owner(ctx)))
      throw invalidParams(`Failed to retrieve task: Task not found (${taskId})`);
    return record;
  }

  async #get(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    const modern = this.#extensionOnly(ctx);
    const record = await this.#owned(params, ctx);
    return modern ? detailedTask(record) : legacyTask(record);
  }

  async #result(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    this.#legacyOnly(ctx);
    let record = await this.#owned(params, ctx);
    while (!isTerminal(record.status)) {
      const live = this.#runs.get(record.taskId);
      // A task of this process ends here; another process's is polled in the store.
      if (live) await live.done;
      else await sleep(this.#clock, record.pollIntervalMs, ctx.signal);
      record = (await this.#store.get(record.taskId)) ?? gone(record.taskId);
    }
    if (record.status === 'cancelled')
      throw invalidParams(`Task ${record.taskId} was cancelled: it has no result`, relatedTask(record.taskId));
    if (record.error) throw new McpError(record.error.code, record.error.message, record.error.data);
    return taggedResult(record);
  }

  async #list(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    this.#legacyOnly(ctx);
    const cursor = params.cursor;
    if (cursor !== undefined && typeof cursor !== 'string') throw invalidParams('cursor must be a string');
    const owner = await this.#owner(ctx);
    if (cursor !== undefined) {
      const at = await this.#store.get(cursor);
      if (!at || at.owner !== owner) throw invalidParams('Invalid cursor');
    }
    const page = await this.#store.list(owner, cursor, PAGE_SIZE);
    const result: Record<string, unknown> = { tasks: page.records.map(legacyTask) };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  async #cancel(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    const modern = this.#extensionOnly(ctx);
    const record = await this.#owned(params, ctx);
    if (isTerminal(record.status)) {
      // The extension acknowledges any cancellation; 2025-11-25 refuses one of an ended task.
      if (modern) return {};
      throw invalidParams(`Task ${record.taskId} has ended (${record.status}) and cannot be cancelled`);
    }
    const live = this.#runs.get(record.taskId);
    if (live) await this.#stop(live.run, 'Cancelled by the client');
    else {
      await this.#change(record.taskId, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
      // It may run in another process of the fleet: that one stops it.
      await this.#tell({ taskId: record.taskId, cancel: true });
    }
    if (modern) return {};
    return legacyTask((await this.#store.get(record.taskId)) ?? { ...record, status: 'cancelled' });
  }

  async #update(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
    if (!requestContextAccess.envelopeOf(ctx))
      throw methodNotFound('tasks/update', `not available in protocol revision ${ctx.protocolVersion}`);
    this.#extensionOnly(ctx);
    const record = await this.#owned(params, ctx);
    const responses = params.inputResponses;
    if (!isObject(responses)) throw invalidParams('inputResponses must be an object of answers by key');
    const live = this.#runs.get(record.taskId);
    if (live) await live.run.deliver(responses as InputResponses);
    else await this.#tell({ taskId: record.taskId, responses });
    return {};
  }

  /** True for a modern request, which must have declared the extension; false for a 2025-11-25 one. */
  #extensionOnly(ctx: ServerContext): boolean {
    if (!requestContextAccess.envelopeOf(ctx)) return false;
    if (ctx.clientCapabilities.extensions?.[TASKS_EXTENSION] === undefined)
      throw missingClientCapability(
        { extensions: { [TASKS_EXTENSION]: {} } },
        `${ctx.method} needs the ${TASKS_EXTENSION} extension, which the request's client capabilities do not declare`,
      );
    return true;
  }

  #legacyOnly(ctx: ServerContext): void {
    if (requestContextAccess.envelopeOf(ctx))
      throw methodNotFound(ctx.method, `not available in protocol revision ${ctx.protocolVersion}`);
  }

  async #owner(ctx: ServerContext): Promise<string> {
    const own = await this.#options.owner?.(ctx);
    if (own !== undefined) return own;
    const who = ctx.auth !== undefined ? `token ${principalOf(ctx.auth)}` : undefined;
    if (!requestContextAccess.envelopeOf(ctx)) return `${who ?? 'anonymous'} session ${this.#sessionKey(ctx.session)}`;
    const info = ctx.clientInfo;
    return who ?? (info ? `client ${info.name}@${info.version}` : 'anonymous');
  }

  #sessionKey(session: Session): number | string {
    const shared = this.#fleet?.sessionName(session);
    if (shared !== undefined) return shared;
    let key = this.#sessionKeys.get(session);
    if (key === undefined) this.#sessionKeys.set(session, (key = this.#nextSessionKey++));
    return key;
  }
}

/** The error of a task whose process stopped before the task ended. */
export const TASK_PROCESS_LOST = 'The server process running this task stopped before the task ended';

/** The channel the processes of a fleet tell each other of tasks on. */
const TASKS_CHANNEL = 'fleet:tasks';

/** One message of that channel. */
interface FleetTaskMessage {
  taskId?: string;
  cancel?: boolean;
  responses?: unknown;
  changed?: TaskRecord;
  /** The process a change comes from (it told its own listeners already). */
  from?: string;
}

/** The task waited on expired meanwhile. */
function gone(taskId: string): never {
  throw invalidParams(`Failed to retrieve task: Task not found (${taskId} has expired)`);
}

/** What a task that failed keeps of the error: a JSON-RPC error as it is; anything else, -32603. */
function taskError(error: unknown): TaskError {
  if (error instanceof JsonRpcError) {
    const failure: TaskError = { code: error.code, message: error.message };
    if (error.data !== undefined) failure.data = error.data;
    return failure;
  }
  return { code: McpErrorCode.InternalError, message: 'Internal error' };
}

function textOf(result: Record<string, unknown>): string | undefined {
  const content = result.content;
  if (!Array.isArray(content)) return undefined;
  const text = content.find((block) => isObject(block) && block.type === 'text');
  return isObject(text) && typeof text.text === 'string' ? text.text : undefined;
}

/**
 * A task id: 128 random bits as base64url, drawn again while it starts with `-`, so a command
 * line given the id never takes it for an option.
 */
function newTaskId(): string {
  for (;;) {
    const id = toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
    if (!id.startsWith('-')) return id;
  }
}
