/**
 * `mcpkit/host`: an AI application's side of MCP. Many servers from one `mcpServers`
 * configuration, each in a client session of its own; one catalog of their tools, resources,
 * prompts and skills; consent before anything runs; and a bridge to a model that uses them.
 * @module
 */
export type {
  ConsentAnswer,
  ConsentHook,
  ConsentRequest,
  SamplingConsentRequest,
  SkillConsentRequest,
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
export type { HostCallOptions } from './call-options.js';
export { chat, DEFAULT_MAX_STEPS, type ChatEvent, type ChatHost, type ChatOptions, type ChatView } from './chat.js';
export { ViewError, type HostView } from './apps.js';
export { sample } from './sampling.js';
export {
  DEFAULT_HOST_TIMEOUT_MS,
  directoryRoot,
  Host,
  type HostElicitation,
  type HostOptions,
  type ListOptions,
} from './host.js';
export type { CatalogPrompt, CatalogResource, CatalogTemplate, CatalogTool, ListKind } from './catalog.js';
export type { CatalogSkill } from './skills.js';
export { READ_SKILL_TOOL } from './chat-skills.js';
export {
  ServerUnavailableError,
  type RestartPolicy,
  type ServerState,
  type ServerStatus,
} from './server-connection.js';
export type { EntrySettings, HttpEntry, ServerEntry, StdioEntry } from './server-entry.js';
export { DEFAULT_SEPARATOR, MODEL_TOOL_NAME, modelToolName, prefixedToolName, type ToolNaming } from './tool-names.js';
export { findConfig } from './config/files.js';
export { checkServerConfig, parseConfig, readConfig, type ParseConfigOptions } from './config/read-config.js';
export {
  ConfigError,
  type ConfigInput,
  type ConfigOptions,
  type ConfigProblem,
  type HostConfig,
  type HostSettings,
  type HttpServerConfig,
  type InputHook,
  type ServerConfig,
  type StdioServerConfig,
  type ToolPolicy,
} from './config/server-config.js';
export { openaiModel, type OpenAIModelOptions } from './model/openai.js';
export type { MaxTokensField } from './model/openai-request.js';
export { anthropicModel, type AnthropicModelOptions } from './model/anthropic.js';
export type { ProviderOptions } from './model/provider-options.js';
export { Gateway, type GatewayHostOptions, type GatewayOptions } from './gateway.js';
export { openProxy, PROXY_UPSTREAM, type ProxyOptions, type ServerProxy } from './proxy.js';
