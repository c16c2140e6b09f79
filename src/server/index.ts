/**
 * The MCP server.
 * @module
 */
export { Server, type ServerEventMap } from './server.js';
export type { ServerOptions } from './server-options.js';
export { ServerSession } from './server-session.js';
export {
  ServerContext,
  type ElicitFormParams,
  type ElicitUrlParams,
  type InputOptions,
  type InputRequiredOptions,
} from './context.js';
export type { RequestStateOptions } from './multi-round-trip/serve.js';
export type { RequestStateSecret } from './multi-round-trip/request-state.js';
export {
  DEFAULT_MAX_USED_STATES,
  MemoryUsedStateStore,
  type MemoryUsedStateStoreOptions,
  type UsedStateStore,
} from './multi-round-trip/used-states.js';
export type { ServerFeature, FeatureHost } from './feature.js';
export type { TaskOptions } from './tasks/task-manager.js';
export { MemoryFleet, type MemoryFleetOptions } from './fleet/memory-fleet.js';
export { DEFAULT_KEY_ROTATION_MS, type KeyRotationOptions } from './fleet/key-rotation.js';
export type {
  EventMessage,
  FleetBus,
  FleetStore,
  LoggedEvent,
  RequestStateKey,
  RequestStateKeys,
  SessionEvents,
  SessionRecord,
  SessionRecords,
  StreamTail,
} from './fleet/fleet-store.js';
export { MemoryTaskStore, type MemoryTaskStoreOptions } from '../protocol/tasks/memory-task-store.js';
export {
  isTerminal,
  type TaskChange,
  type TaskError,
  type TaskPage,
  type TaskRecord,
  type TaskStore,
} from '../protocol/tasks/task-store.js';
export { shapeResult } from './result-shape.js';
export type { FeatureHandle } from './feature-set.js';
export type {
  RegisteredTool,
  ToolConfig,
  ToolHandler,
  ToolArgs,
  ToolResult,
  ToolUpdate,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
  ToolStructuredContent,
} from './tool-types.js';
export { withJsonSchema, SchemaError } from '../schema/index.js';
export { InterpretingValidator, JsonSchemaValidator } from '../schema/index.js';
export type { ValidateFunction, ValidationResult, Validator } from '../schema/index.js';
export {
  resourceNotFound,
  type RegisteredResource,
  type RegisteredResourceTemplate,
  type ResourceConfig,
  type ResourceTemplateConfig,
  type ResourceReader,
  type ReadResourceReturn,
} from './resources.js';
export {
  textContents,
  blobContents,
  resourceLink,
  embeddedResource,
  type ResourceContentsInput,
} from './resource-contents.js';
export {
  UriTemplate,
  UriTemplateError,
  type TemplateValue,
  type MatchedVariables,
  type TemplateVariables,
} from './uri-template.js';
export type { PromptArgs, PromptConfig, PromptHandler, PromptReturn, RegisteredPrompt } from './prompts.js';
export type { Completer, Completers, CompletionContext, CompletionValues } from './completion.js';
export {
  skillsFromFiles,
  type SkillFileInfo,
  type SkillSource,
  type SkillSourceEntry,
  type SkillsFromFilesOptions,
} from './skills/source.js';
export type { SkillsOptions } from './skills/options.js';
export { appToolMeta, appView, rendersApps, type AppViewConfig, type AppViewSource } from './apps.js';
