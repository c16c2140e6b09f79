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
