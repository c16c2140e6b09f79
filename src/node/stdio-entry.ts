/**
 * `mcpkit/stdio`: the stdio transport for Node, both ends.
 * @module
 */
export { StdioServerTransport } from './stdio-server.js';
export type { StdioServerTransportOptions } from './stdio-server.js';
export { CommandTransport, DEFAULT_CLIENT_MAX_MESSAGE_BYTES, nonProtocolLine } from './command.js';
export type { CommandTransportOptions } from './command.js';
export { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from './environment.js';
export { DEFAULT_STDERR_TAIL_BYTES } from './stderr-tail.js';
