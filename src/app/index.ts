/**
 * `mcpkit/app`: the page inside an MCP App's view, in the browser. `App` speaks with the host
 * (the handshake, the tool's input and result, calls to the server through the host, messages,
 * links, downloads, display modes, size, tools of the view's own); `applyHostStyles` and
 * `followHostStyles` take on the host's look. No dependency, no Node builtin, no `eval`.
 * @module
 */
export { App, type AppEvent, type AppEventMap, type AppOptions } from './app.js';
export { JsonRpcError } from '../jsonrpc/errors.js';
export { PostMessageTransport, type PostMessagePeer } from '../transports/post-message.js';
export type { ViewToolConfig, ViewToolHandle, ViewToolHandler } from './tools.js';
export { applyHostFonts, applyHostStyles, applyStyleVariables, applyTheme, followHostStyles } from './theme.js';
export {
  APPS_PROTOCOL_VERSION,
  type AppCapabilities,
  type AppDisplayMode,
  type AppHostCapabilities,
  type AppHostContext,
  type AppInitializeResult,
} from '../types/apps.js';
