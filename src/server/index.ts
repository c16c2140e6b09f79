/**
 * The MCP server.
 * @module
 */
export { Server, type ServerOptions } from './server.js';
export { ServerSession } from './server-session.js';
export { ServerContext, type ClientChannel, type ElicitFormParams, type ElicitUrlParams } from './context.js';
export type { ServerFeature, FeatureHost } from './feature.js';
export type { FeatureHandle } from './feature-set.js';
export type { RegisteredTool, ToolConfig, ToolHandler } from './tools.js';
