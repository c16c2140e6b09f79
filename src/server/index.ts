/**
 * The MCP server.
 * @module
 */
export { Server, type ServerOptions } from './server.js';
export { ServerSession } from './server-session.js';
export { ServerContext } from './context.js';
export type { RegisteredTool, ToolConfig, ToolHandler } from './tools.js';
