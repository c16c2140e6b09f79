/**
 * The task store of one process: records in a map, each dropped once its time to live has
 * passed (checked when read, and swept as new tasks come).
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import { isTerminal, type TaskChange, type TaskPage, type TaskRecord, type TaskStore } from './task-store.js';

export interface MemoryTaskStoreOptions {
  clock?: Clock;
}

export class MemoryTaskStore implements TaskStore {
  readonly #clock: Clock;
  /** In order of creation, so the newest are last. */
  readonly #records = new Map<string, TaskRecord>();

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  async create(record: TaskRecord): Promise<void> {
    this.#sweep();
    if (this.#records.has(record.taskId)) throw new Error(`task ${record.taskId} exists already`);
    this.#records.set(record.taskId, copy(record));
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.#live(taskId);
    return record && copy(record);
  }

  async update(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const record = this.#live(taskId);
    if (!record) return undefined;
    if (!isTerminal(record.status)) Object.assign(record, change);
    return copy(record);
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    this.#sweep();
    const mine = [...this.#records.values()].filter((record) => record.owner === owner).reverse();
    const start = cursor === undefined ? 0 : mine.findIndex((record) => record.taskId === cursor) + 1;
    const records = mine.slice(start, start + limit).map(copy);
    const page: TaskPage = { records };
    if (start + limit < mine.length) page.nextCursor = records.at(-1)!.taskId;
    return page;
  }

  async active(owner: string): Promise<number> {
    this.#sweep();
    let count = 0;
    for (const record of this.#records.values()) if (record.owner === owner && !isTerminal(record.status)) count++;
    return count;
  }

  #live(taskId: string): TaskRecord | undefined {
    const record = this.#records.get(taskId);
    if (record && this.#expired(record)) {
      this.#records.delete(taskId);
      return undefined;
    }
    return record;
  }

  #expired(record: TaskRecord): boolean {
    return record.ttlMs !== null && this.#clock.now() >= record.createdAt + record.ttlMs;
  }

  #sweep(): void {
    for (const [id, record] of this.#records) if (this.#expired(record)) this.#records.delete(id);
  }
}

function copy(record: TaskRecord): TaskRecord {
  return structuredClone(record);
}
