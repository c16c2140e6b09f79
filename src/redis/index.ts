/**
 * `mcpkit/redis`: the shared state of a fleet (several processes serving one MCP endpoint
 * behind a load balancer) in Redis. It needs the optional peer dependency `@redis/client`
 * (node-redis), which it loads only when a store connects.
 * @module
 */
export { redisStore, type RedisStoreOptions } from './redis-store.js';
export type { NodeRedisClient } from './load.js';
export type {
  EventMessage,
  FleetBus,
  FleetStore,
  LoggedEvent,
  RequestStateKey,
  RequestStateKeys,
  SessionEvents,
  SessionRecord,
  SessionRecords,
  StreamTail,
} from '../server/fleet/fleet-store.js';
export type { KeyRotationOptions } from '../server/fleet/key-rotation.js';
