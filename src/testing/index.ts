/**
 * Helpers for testing MCP code without processes or sockets.
 * @module
 */
export { connectPair, type ConnectedPair, type ConnectPairOptions } from './connect-pair.js';
export { createInMemoryPair, InMemoryTransport, type InMemoryPairOptions } from '../transports/in-memory.js';
export { ManualClock } from './manual-clock.js';
export { recordWire, type WireDirection, type WireEntry, type WireMessage, type WireRecording } from './record-wire.js';
