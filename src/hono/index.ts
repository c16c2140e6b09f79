/**
 * `mcpkit/hono`: a `Server` served inside a Hono app, on any runtime. Hono is an optional peer
 * dependency, named by types only.
 * @module
 */
export { mcpMiddleware } from './middleware.js';
export type { McpMiddleware } from './middleware.js';
export type { MountOptions } from '../http/server/mount.js';
