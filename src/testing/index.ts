/**
 * Helpers for testing MCP code without processes or sockets.
 * @module
 */
export { createInMemoryPair, InMemoryTransport, type InMemoryPairOptions } from '../transports/in-memory.js';
export { ManualClock } from './manual-clock.js';
