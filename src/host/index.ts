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
export { openaiModel, type OpenAIModelOptions } from './model/openai.js';
export type { MaxTokensField } from './model/openai-request.js';
export { anthropicModel, type AnthropicModelOptions } from './model/anthropic.js';
export type { ProviderOptions } from './model/provider-options.js';
