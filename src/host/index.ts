/**
 * `mcpkit/host`: an AI application's side of MCP. Many servers from one `mcpServers`
 * configuration, each in a client session of its own; one catalog of their tools, resources
 * and prompts; consent before anything runs; and a bridge to a model that uses the tools.
 * @module
 */
export type {
  ConsentAnswer,
  ConsentHook,
  ConsentRequest,
  SamplingConsentRequest,
  ToolConsentRequest,
} from './consent.js';
export {
  complete,
  ModelError,
  type Model,
  type ModelAnswer,
  type ModelEvent,
  type ModelMessage,
  type ModelPart,
  type ModelRequest,
  type ModelStopReason,
  type ModelTool,
  type ModelToolCall,
} from './model/model.js';
export { ConsentDeniedError, NotInCatalogError } from './errors.js';
export { chat, DEFAULT_MAX_STEPS, type ChatEvent, type ChatHost, type ChatOptions } from './chat.js';
export { sample } from './sampling.js';
export { DEFAULT_HOST_TIMEOUT_MS, Host, type HostCallOptions, type HostElicitation, type HostOptions } from './host.js';
export type { CatalogPrompt, CatalogResource, CatalogTemplate, CatalogTool, ListKind } from './catalog.js';
export {
  ServerUnavailableError,
  type RestartPolicy,
  type ServerState,
  type ServerStatus,
} from './server-connection.js';
export type { EntrySettings, HttpEntry, ServerEntry, StdioEntry } from './server-entry.js';
export { DEFAULT_SEPARATOR, MODEL_TOOL_NAME, modelToolName, prefixedToolName, type ToolNaming } from './tool-names.js';
export type { ConsentRule } from './policy.js';
export { Gateway, type GatewayHostOptions, type GatewayOptions } from './gateway.js';
export { openProxy, PROXY_UPSTREAM, type ProxyOptions, type ServerProxy } from './proxy.js';
