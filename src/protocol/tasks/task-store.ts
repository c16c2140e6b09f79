/**
 * Where a server keeps its tasks: the record of each, durable from the moment its id is given
 * out, readable by any process that shares the store. The store knows nothing of protocol
 * revisions; `task-wire.ts` shapes a record for the client that asks.
 * @module
 */
import type { TaskStatus } from '../../types/tasks.js';
import type { InputRequests } from '../../types/multi-round-trip.js';

/** A JSON-RPC error as a failed task keeps it. */
export interface TaskError {
  /** The JSON-RPC error code. */
  code: number;
  /** A short description, for people. */
  message: string;
  /** More detail, shaped by the code. */
  data?: unknown;
}

/** Everything a server keeps of one task. */
export interface TaskRecord {
  /** Unguessable: 128 random bits. */
  readonly taskId: string;
  /**
   * Who may read, update and cancel it: the principal of the request that made it (and its
   * session, where there is one). Others are told the task does not exist.
   */
  readonly owner: string;
  /**
   * Whose limit on tasks running at once it counts against, when not its owner's: what the
   * server's `limitKey` said of the request that made it (a network address, an API key).
   */
  readonly limitKey?: string;
  /** The request that made it (`tools/call`). */
  readonly method: string;
  /** The revision of that request: how the task is shown (2025-11-25 and 2026-07-28 differ). */
  readonly protocolVersion: string;
  /** Where the task is: `working`, `input_required`, or done (`completed`, `failed`, `cancelled`). */
  status: TaskStatus;
  /** What the task is doing, or why it ended, for people. */
  statusMessage?: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** When its status last changed, in milliseconds since the epoch. */
  lastUpdatedAt: number;
  /** Kept this long from creation; `null` for as long as the store lasts. */
  readonly ttlMs: number | null;
  /** How often a client should ask for its state, in milliseconds. */
  readonly pollIntervalMs: number;
  /** The requests' result, once `completed` (or, in 2025-11-25, `failed` by a tool's error). */
  result?: Record<string, unknown>;
  /** The JSON-RPC error that ended it, once `failed`. */
  error?: TaskError;
  /** What the task waits for from the client, by key, while `input_required` (2026-07-28). */
  inputRequests?: InputRequests;
}

/** What a store may change on a record: its state, never its identity. */
export type TaskChange = Partial<
  Pick<TaskRecord, 'status' | 'statusMessage' | 'result' | 'error' | 'inputRequests' | 'lastUpdatedAt'>
>;

/** A page of an owner's tasks, newest first. */
export interface TaskPage {
  /** The tasks of this page. */
  records: TaskRecord[];
  /** Where the next page starts; absent on the last. */
  nextCursor?: string;
}

/**
 * A task store. Every method may be asynchronous, so a store may live in another process.
 * Records are copies: setting a member of one changes nothing stored (a record's `result` and
 * `inputRequests` are never changed in place).
 */
export interface TaskStore {
  /**
   * Stores a new record; resolves once a `get` anywhere would find it, with `true`. With
   * `maxActive`, a record not in a terminal state is stored only while fewer than `maxActive`
   * tasks of its key (its `limitKey`, else its owner) are; else nothing is stored and it
   * resolves with `false`. The count and the store are one step, for every process that shares
   * the store: creations at the same time never pass the limit together.
   */
  create(record: TaskRecord, maxActive?: number): Promise<boolean>;
  /** The record, or `undefined` when there is none or it has expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Applies `change` and resolves with the record as it is now; `undefined` when there is no
   * such task. A task in a terminal state (`completed`, `failed`, `cancelled`) is left as it
   * is: its record comes back unchanged.
   */
  update(taskId: string, change: TaskChange): Promise<TaskRecord | undefined>;
  /** `owner`'s tasks, newest first, a page at a time. */
  list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /** How many tasks of `key` (its `limitKey`, else its owner) are not yet in a terminal state. */
  active(key: string): Promise<number>;
}

/** The key a task counts against for the limit on tasks running at once: its `limitKey`, else its owner. */
export function limitKeyOf(record: TaskRecord): string {
  return record.limitKey ?? record.owner;
}

/** The states a task does not leave. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
