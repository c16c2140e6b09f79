/**
 * `mcpkit/express`: a `Server` served inside an Express 5 app. Express is an optional peer
 * dependency, named by no import: the middleware is written against Node's own types.
 * @module
 */
export { mcpRouter } from './router.js';
export type { McpRouter } from './router.js';
export type { MountOptions } from '../http/server/mount.js';
