/**
 * `mcpkit/fastify`: a `Server` served inside a Fastify 5 app, as a plugin. Fastify is an
 * optional peer dependency, named by types only.
 * @module
 */
export { mcpPlugin } from './plugin.js';
export type { McpPluginOptions } from './plugin.js';
export type { MountOptions } from '../http/server/mount.js';
