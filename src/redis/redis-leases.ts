/**
 * A process's lease in Redis, and the reaping of processes whose lease lapsed (`FleetLeases`):
 * each step one script of `lease-scripts.ts`, on Redis's clock.
 * @module
 */
import type { FleetLeases, ReapedProcess } from '../server/fleet/fleet-store.js';
import { watchChannel } from '../server/fleet/memory-fleet.js';
import type { NodeRedisClient } from './load.js';
import { HOLD_TASK, LEASE_KEYS_RETAINED_MS, LEAVE, REAP, RENEW } from './lease-scripts.js';

/** The keys of one process's lease. */
export const leaseKeys = (prefix: string, replicaId: string) => ({
  replicas: `${prefix}replicas`,
  open: `${prefix}open:${replicaId}`,
  held: `${prefix}held:${replicaId}`,
});

export function redisLeases(
  client: NodeRedisClient,
  prefix: string,
  replicaId: string,
  leaseMs: number,
  maxEvents: number,
): FleetLeases {
  const keys = leaseKeys(prefix, replicaId);
  /** Whether this handle renewed once: a lease missing since was reaped. */
  let renewed = false;
  return {
    leaseMs,
    renew: async () => {
      const held = Number(
        await RENEW.run(client, [keys.replicas, keys.open, keys.held], [replicaId, leaseMs, LEASE_KEYS_RETAINED_MS]),
      );
      const kept = held === 1 || !renewed;
      renewed = true;
      return kept;
    },
    leave: async () => {
      await LEAVE.run(client, [keys.replicas], [replicaId]);
    },
    hold: async (taskId) => {
      await HOLD_TASK.run(client, [keys.held], [taskId, LEASE_KEYS_RETAINED_MS]);
    },
    release: async (taskId) => {
      await client.sendCommand(['SREM', keys.held, taskId]);
    },
    reap: async () => {
      const reply = (await REAP.run(
        client,
        [keys.replicas],
        [prefix, replicaId, maxEvents, prefix + watchChannel(''), LEASE_KEYS_RETAINED_MS],
      )) as [string, number, string[]][];
      return reply.map(([id, streams, tasks]): ReapedProcess => ({ replicaId: id, streams: Number(streams), tasks }));
    },
  };
}
