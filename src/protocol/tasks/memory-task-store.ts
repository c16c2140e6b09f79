/**
 * The task store of one process: records in a map, each dropped once its time to live has
 * passed (checked when read, and swept now and then as new tasks come), with a count of the
 * tasks still running by key (see `limitKeyOf`), so neither creating nor counting walks every
 * task kept. Nothing in `create` waits, so its count and its store are one step.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import {
  isTerminal,
  limitKeyOf,
  type TaskChange,
  type TaskPage,
  type TaskRecord,
  type TaskStore,
} from './task-store.js';

/** The options of a task store kept in memory. */
export interface MemoryTaskStoreOptions {
  /** The clock tasks' times and lifetimes are read on. Default the system's. */
  clock?: Clock;
}

/** How often expired records are looked for, at most. */
const SWEEP_EVERY_MS = 1000;

export class MemoryTaskStore implements TaskStore {
  readonly #clock: Clock;
  /** In order of creation, so the newest are last. */
  readonly #records = new Map<string, TaskRecord>();
  /** Tasks not in a terminal state, by key (`limitKeyOf`). */
  readonly #active = new Map<string, number>();
  #nextSweep = -Infinity;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  async create(record: TaskRecord, maxActive?: number): Promise<boolean> {
    this.#sweep();
    if (this.#records.has(record.taskId)) throw new Error(`task ${record.taskId} exists already`);
    if (!isTerminal(record.status)) {
      const key = limitKeyOf(record);
      if (maxActive !== undefined && (this.#active.get(key) ?? 0) >= maxActive) return false;
      this.#count(key, 1);
    }
    this.#records.set(record.taskId, copy(record));
    return true;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.#live(taskId);
    return record && copy(record);
  }

  async update(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const record = this.#live(taskId);
    if (!record) return undefined;
    if (!isTerminal(record.status)) {
      Object.assign(record, change);
      if (isTerminal(record.status)) this.#count(limitKeyOf(record), -1);
    }
    return copy(record);
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    this.#sweep(true);
    const mine = [...this.#records.values()].filter((record) => record.owner === owner).reverse();
    const start = cursor === undefined ? 0 : mine.findIndex((record) => record.taskId === cursor) + 1;
    const records = mine.slice(start, start + limit).map(copy);
    const page: TaskPage = { records };
    if (start + limit < mine.length) page.nextCursor = records.at(-1)!.taskId;
    return page;
  }

  async active(key: string): Promise<number> {
    this.#sweep();
    return this.#active.get(key) ?? 0;
  }

  #live(taskId: string): TaskRecord | undefined {
    const record = this.#records.get(taskId);
    if (record && this.#expired(record)) {
      this.#drop(record);
      return undefined;
    }
    return record;
  }

  #expired(record: TaskRecord): boolean {
    return record.ttlMs !== null && this.#clock.now() >= record.createdAt + record.ttlMs;
  }

  #drop(record: TaskRecord): void {
    this.#records.delete(record.taskId);
    if (!isTerminal(record.status)) this.#count(limitKeyOf(record), -1);
  }

  #count(key: string, by: number): void {
    const count = (this.#active.get(key) ?? 0) + by;
    if (count > 0) this.#active.set(key, count);
    else this.#active.delete(key);
  }

  /** Drops expired records: now when `always`, else at most once a second. */
  #sweep(always = false): void {
    const now = this.#clock.now();
    if (!always && now < this.#nextSweep) return;
    this.#nextSweep = now + SWEEP_EVERY_MS;
    for (const record of [...this.#records.values()]) if (this.#expired(record)) this.#drop(record);
  }
}

/**
 * A copy of the record's own members: what a caller sets on it changes nothing stored. Its
 * result and input requests are shared, as nothing changes them once made (a deep copy on
 * every read cost a task more than its three round trips).
 */
function copy(record: TaskRecord): TaskRecord {
  return { ...record };
}
