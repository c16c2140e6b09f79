/**
 * Runtime-neutral transports and the framing they share.
 * @module
 */
export type { Transport, TransportReceiver } from './transport.js';
export { DEFAULT_MAX_LINE_BYTES, LineSplitter, encodeLine } from './ndjson.js';
export type { LineHandlers, LineSplitterOptions } from './ndjson.js';
export { InMemoryTransport, createInMemoryPair } from './in-memory.js';
export type { InMemoryPairOptions } from './in-memory.js';
