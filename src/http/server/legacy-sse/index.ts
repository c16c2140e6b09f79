/**
 * The HTTP+SSE transport of protocol revision 2024-11-05, served beside Streamable HTTP for
 * older clients.
 * @module
 */
export { createLegacySseCore, DEFAULT_LEGACY_MAX_BODY_BYTES } from './endpoint.js';
export type { LegacySseCore, LegacySseOptions } from './endpoint.js';
export type { LegacySseSessionHost } from './sessions.js';
export { LegacySseTransport, DEFAULT_SSE_KEEP_ALIVE_MS } from './transport.js';
export type { LegacySseTransportOptions } from './transport.js';
export { hostOriginRejection, LOOPBACK_HOSTS } from '../host-origin-check.js';
export type { HostOriginPolicy } from '../host-origin-check.js';
