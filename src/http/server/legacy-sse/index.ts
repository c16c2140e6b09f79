/**
 * The HTTP+SSE transport of protocol revision 2024-11-05, served beside Streamable HTTP for
 * older clients.
 * @module
 */
export { createLegacySseCore, DEFAULT_LEGACY_MAX_BODY_BYTES } from './legacy-sse-core.js';
export type { LegacySseCore, LegacySseOptions, LegacySseSessionHost } from './legacy-sse-core.js';
export { LegacySseTransport, DEFAULT_SSE_KEEP_ALIVE_MS } from './legacy-sse-transport.js';
export type { LegacySseTransportOptions } from './legacy-sse-transport.js';
export { hostOriginRejection, LOOPBACK_HOSTS } from '../host-origin-check.js';
export type { HostOriginPolicy } from '../host-origin-check.js';
