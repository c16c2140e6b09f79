/**
 * The server's memory of the `requestState`s it has accepted, so each is accepted once: a copy
 * presented again (a replay) is refused. Entries live as long as their state, which then
 * expires anyway. The bounded memory itself is `internal/used-ids.ts`, which DPoP proofs use too.
 * @module
 */
import type { Clock } from '../../jsonrpc/clock.js';
import { DEFAULT_MAX_USED_IDS, MemoryUsedIds, type UsedIds } from '../../internal/used-ids.js';

/**
 * Where used `requestState`s are recorded. The default keeps them in this process; servers
 * behind a load balancer that share a sealing key share a store too (Redis `SET id 1 NX PXAT
 * expiresAt` is one), or each process accepts a state once. `add(id, expiresAt)` records the
 * state `id` as used until `expiresAt` (ms since the epoch, on the server's clock) and returns
 * true; it returns false, recording nothing, when `id` was recorded already or the store cannot
 * vouch that it was not: one step, so two copies presented at once cannot both pass.
 */
export type UsedStateStore = UsedIds;

/** Default bound of {@link MemoryUsedStateStore}: states remembered at once (about 9 MB at most). */
export const DEFAULT_MAX_USED_STATES = DEFAULT_MAX_USED_IDS;

/**
 * The options of the store that remembers, in memory, which `requestState`s were used, so none is
 * replayed.
 */
export interface MemoryUsedStateStoreOptions {
  /** States remembered at once. Default {@link DEFAULT_MAX_USED_STATES}. */
  maxEntries?: number;
  /** The clock expiries are read on: the server's. Default the system clock. */
  clock?: Clock;
}

/**
 * A {@link UsedStateStore} in memory, bounded. Expired entries are dropped as new ones come.
 * When it is full of live entries it forgets the oldest, and from then on refuses every state
 * expiring no later than the one forgotten: under a flood of states, states live shorter;
 * none becomes usable twice.
 */
export class MemoryUsedStateStore extends MemoryUsedIds {
  constructor(options: MemoryUsedStateStoreOptions = {}) {
    super(options);
  }
}
