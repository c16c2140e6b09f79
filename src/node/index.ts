/**
 * `mcpkit/node`: everything that needs Node's own modules.
 * @module
 */
export { StdioServerTransport } from './stdio-server.js';
export type { StdioServerTransportOptions } from './stdio-server.js';
export { CommandTransport, DEFAULT_CLIENT_MAX_MESSAGE_BYTES, nonProtocolLine } from './command.js';
export type { CommandTransportOptions } from './command.js';
export { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from './environment.js';
export { DEFAULT_STDERR_TAIL_BYTES } from './stderr-tail.js';
export { listen, toNodeListener } from './http.js';
export { defaultEraCachePath, FileEraCache } from './era-cache-file.js';
export type { ListenOptions, ListeningServer, NodeListenerOptions, NodeRequestListener } from './http.js';
export type { ConnectionLimits } from './listen-limits.js';
export { listenForRedirect } from './redirect-listener.js';
export type { RedirectListener, RedirectListenerOptions } from './redirect-listener.js';
export { FileAuthStore } from './auth-file-store.js';
export { folderSkills } from './skill-folder.js';
export { serveSandbox } from './app-sandbox.js';
export type { SandboxServer, SandboxServerOptions } from './app-sandbox.js';
export type { FolderSkillsOptions } from './skill-folder.js';
