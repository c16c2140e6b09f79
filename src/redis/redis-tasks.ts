/**
 * Tasks in Redis, as `MemoryTaskStore` keeps them: records kept `ttlMs` from their creation (on
 * the server's clock, as `createdAt` is), a record in a terminal state never changes, an owner's
 * tasks listed newest first a page at a time, and those not yet in a terminal state counted by
 * the key they count against, the count checked and the task stored in one script.
 * Each record is a hash of its members' JSON, so a change rewrites only what it changes, in one
 * script that first checks the task is not in a terminal state. Keys: `scripts.ts`.
 * @module
 */
import type { Clock } from '../jsonrpc/clock.js';
import {
  limitKeyOf,
  type TaskChange,
  type TaskPage,
  type TaskRecord,
  type TaskStore,
} from '../protocol/tasks/task-store.js';
import type { NodeRedisClient } from './load.js';
import { TASK_ACTIVE, TASK_CREATE, TASK_LIST, TASK_UPDATE } from './scripts.js';

type HashReply = string[] | Map<string, string> | Record<string, string>;

export class RedisTaskStore implements TaskStore {
  readonly #client: NodeRedisClient;
  readonly #prefix: string;
  readonly #clock: Clock;

  constructor(client: NodeRedisClient, prefix: string, clock: Clock) {
    this.#client = client;
    this.#prefix = prefix;
    this.#clock = clock;
  }

  async create(record: TaskRecord, maxActive?: number): Promise<boolean> {
    const ends = record.ttlMs === null ? 'inf' : String(Math.ceil(record.createdAt + record.ttlMs));
    const fields = Object.entries(record).flatMap(([name, value]) =>
      value === undefined ? [] : [name, JSON.stringify(value)],
    );
    const key = limitKeyOf(record);
    const stored = await TASK_CREATE.run(
      this.#client,
      [...this.#ownerKeys(record.owner), this.#runningKey(key), this.#key(record.taskId)],
      [this.#clock.now(), record.taskId, record.createdAt, ends, record.owner, key, maxActive ?? '', ...fields],
    );
    return Number(stored) === 1;
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = decode((await this.#client.sendCommand(['HGETALL', this.#key(taskId)])) as HashReply);
    return record && !this.#ended(record) ? record : undefined;
  }

  async update(taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const fields = Object.entries(change).flatMap(([name, value]) => [
      name,
      value === undefined ? '' : JSON.stringify(value),
    ]);
    const reply = (await TASK_UPDATE.run(
      this.#client,
      [this.#key(taskId)],
      [this.#clock.now(), this.#prefix, taskId, ...fields],
    )) as string[] | null;
    return reply === null ? undefined : decode(reply);
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const reply = (await TASK_LIST.run(this.#client, this.#ownerKeys(owner), [
      this.#clock.now(),
      this.#prefix,
      cursor ?? '',
      limit,
    ])) as [number, ...string[][]];
    const [more, ...records] = reply;
    const page: TaskPage = { records: records.map(decode).filter((record) => record !== undefined) };
    if (more === 1 && page.records.length > 0) page.nextCursor = page.records.at(-1)!.taskId;
    return page;
  }

  async active(key: string): Promise<number> {
    return Number(await TASK_ACTIVE.run(this.#client, [this.#runningKey(key)], [this.#clock.now()]));
  }

  #key(taskId: string): string {
    return `${this.#prefix}task:${taskId}`;
  }

  #ownerKeys(owner: string): string[] {
    return [`${this.#prefix}tasks:${owner}`, `${this.#prefix}task-ends:${owner}`];
  }

  #runningKey(key: string): string {
    return `${this.#prefix}running:${key}`;
  }

  #ended(record: TaskRecord): boolean {
    return record.ttlMs !== null && this.#clock.now() >= record.createdAt + record.ttlMs;
  }
}

/**
 * A record from its hash: a flat list of fields and values (RESP2, and every script's reply), or
 * a map (`HGETALL` on a client speaking RESP3); `undefined` when there is none.
 */
function decode(reply: HashReply): TaskRecord | undefined {
  const entries: [string, string][] = [];
  if (Array.isArray(reply)) for (let i = 0; i + 1 < reply.length; i += 2) entries.push([reply[i]!, reply[i + 1]!]);
  else entries.push(...(reply instanceof Map ? reply.entries() : Object.entries(reply)));
  const record: Record<string, unknown> = {};
  for (const [name, value] of entries) if (!name.startsWith('.')) record[name] = JSON.parse(value);
  return entries.length === 0 ? undefined : (record as unknown as TaskRecord);
}
