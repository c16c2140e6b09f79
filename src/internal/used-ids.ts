/**
 * A memory of things that may be used once (a multi round-trip request's `requestState`, a
 * DPoP proof), so a copy presented again (a replay) is refused. Entries live as long as the
 * thing they record, which then expires anyway.
 * @module
 */

/**
 * Where used ids are recorded. The default keeps them in this process; servers behind a load
 * balancer share one (Redis `SET id 1 NX PXAT expiresAt` is one), or each process accepts a
 * copy once.
 */
export interface UsedIds {
  /**
   * Records `id` as used until `expiresAt` (ms since the epoch, on the server's clock) and
   * returns true; returns false, recording nothing, when `id` was recorded already or the
   * store cannot vouch that it was not. One step rather than `has` then `add`, so two copies
   * presented at the same moment cannot both pass.
   */
  add(id: string, expiresAt: number): boolean | Promise<boolean>;
}

/** Default bound of {@link MemoryUsedIds}: ids remembered at once (about 9 MB at most). */
export const DEFAULT_MAX_USED_IDS = 100_000;

export interface MemoryUsedIdsOptions {
  /** Ids remembered at once. Default {@link DEFAULT_MAX_USED_IDS}. */
  maxEntries?: number;
  /** The clock expiries are read on: the server's. Default the system clock. */
  clock?: { now(): number };
}

const SYSTEM_TIME = { now: () => Date.now() };

/**
 * {@link UsedIds} in memory, bounded. Expired entries are dropped as new ones come. When it is
 * full of live entries it forgets the oldest, and from then on refuses every id expiring no
 * later than the one forgotten: under a flood, things live shorter; none becomes usable twice.
 */
export class MemoryUsedIds implements UsedIds {
  readonly #maxEntries: number;
  readonly #clock: { now(): number };
  readonly #used = new Set<string>();
  /**
   * The recorded ids and their expiries, oldest first from `#head`: a queue rather than the
   * set's own order, since walking a set from its start passes every entry deleted before.
   */
  #ids: string[] = [];
  #expiries: number[] = [];
  #head = 0;
  /** Ids expiring at or before this may have been forgotten: they are refused. */
  #floor = -Infinity;

  constructor(options: MemoryUsedIdsOptions = {}) {
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_USED_IDS;
    if (!(maxEntries >= 1) || !Number.isInteger(maxEntries))
      throw new RangeError(`maxEntries must be a positive integer, got ${String(maxEntries)}`);
    this.#maxEntries = maxEntries;
    this.#clock = options.clock ?? SYSTEM_TIME;
  }

  /** Ids remembered now. */
  get size(): number {
    return this.#used.size;
  }

  add(id: string, expiresAt: number): boolean {
    // Entries are recorded in about the order they expire (they live alike): the expired
    // ones are at the front.
    const now = this.#clock.now();
    while (this.#head < this.#ids.length && this.#expiries[this.#head]! < now) this.#dropOldest();
    if (expiresAt <= this.#floor || this.#used.has(id)) return false;
    if (this.#used.size >= this.#maxEntries) this.#floor = Math.max(this.#floor, this.#dropOldest());
    this.#used.add(id);
    this.#ids.push(id);
    this.#expiries.push(expiresAt);
    return true;
  }

  /** Forgets the oldest entry and returns its expiry. */
  #dropOldest(): number {
    const expiresAt = this.#expiries[this.#head]!;
    this.#used.delete(this.#ids[this.#head]!);
    this.#head++;
    // Compact now and then rather than shifting the whole queue on every drop.
    if (this.#head > 1024 && this.#head * 2 > this.#ids.length) {
      this.#ids = this.#ids.slice(this.#head);
      this.#expiries = this.#expiries.slice(this.#head);
      this.#head = 0;
    }
    return expiresAt;
  }
}
