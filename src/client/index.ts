/**
 * The MCP client.
 * @module
 */
export { Client, type ClientOptions, type ConnectOptions } from './client.js';
export { ClientSession, type RequestOptions } from './client-session.js';
