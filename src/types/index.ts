/**
 * The MCP data model of every revision, the per-revision differences, and the structural guards.
 * Each name is listed, by area: the root entry point re-exports the types from here by name, so
 * a new type is public only when it is added there too.
 * @module
 */

// Building blocks of every message: ids, `_meta`, metadata, params and results.
export type {
  RequestId,
  JsonValue,
  JsonObject,
  Meta,
  Cursor,
  ProgressToken,
  Role,
  ResultType,
  CacheScope,
  CacheableMethod,
  Icon,
  Icons,
  BaseMetadata,
  Implementation,
  Annotations,
  RequestMeta,
  RequestMetaObject,
  NotificationMeta,
  ResultMeta,
  RequestParams,
  NotificationParams,
  PaginatedRequestParams,
  Result,
  EmptyResult,
  PaginatedResult,
  CacheableResult,
} from './base.js';

// Capabilities: what each side declares it supports.
export type {
  ExtensionCapabilities,
  ClientTasksCapability,
  ServerTasksCapability,
  ClientCapabilities,
  ServerCapabilities,
} from './capabilities.js';

// The lifecycle: `initialize` (until 2025-11-25), `ping` and `server/discover` (since 2026-07-28).
export type {
  InitializeRequestParams,
  InitializeResult,
  PingRequestParams,
  DiscoverRequestParams,
  DiscoverResult,
} from './lifecycle.js';

// Every method by direction: the method maps and the requests, notifications and responses they give.
export type {
  ClientRequestMap,
  ServerRequestMap,
  ClientNotificationMap,
  ServerNotificationMap,
  RequestMethod,
  NotificationMethod,
  McpRequest,
  McpNotification,
  ResultResponse,
  ClientRequestOf,
  ServerRequestOf,
  ClientNotificationOf,
  ServerNotificationOf,
  ClientRequestResult,
  ServerRequestResult,
  ClientRequest,
  ServerRequest,
  ClientNotification,
  ServerNotification,
  ClientResult,
  ServerResult,
  InitializeRequest,
  PingRequest,
  DiscoverRequest,
  ListResourcesRequest,
  ListResourceTemplatesRequest,
  ReadResourceRequest,
  SubscribeRequest,
  UnsubscribeRequest,
  SubscriptionsListenRequest,
  ListPromptsRequest,
  GetPromptRequest,
  ListToolsRequest,
  CallToolRequest,
  SetLevelRequest,
  CompleteRequest,
  GetTaskRequest,
  GetTaskPayloadRequest,
  CancelTaskRequest,
  ListTasksRequest,
  CreateMessageRequest,
  ElicitRequest,
  ListRootsRequest,
  CancelledNotification,
  InitializedNotification,
  ProgressNotification,
  RootsListChangedNotification,
  TaskStatusNotification,
  LoggingMessageNotification,
  ResourceUpdatedNotification,
  ResourceListChangedNotification,
  ToolListChangedNotification,
  PromptListChangedNotification,
  ElicitationCompleteNotification,
  SubscriptionsAcknowledgedNotification,
  CallToolResultResponse,
  CompleteResultResponse,
  DiscoverResultResponse,
  GetPromptResultResponse,
  ListPromptsResultResponse,
  ListResourceTemplatesResultResponse,
  ListResourcesResultResponse,
  ListToolsResultResponse,
  ReadResourceResultResponse,
  SubscriptionsListenResultResponse,
} from './messages.js';

// The method table: all the protocol knows of each method.
export { methodInfo, hasMethod, methodsOf, METHODS, CACHEABLE_METHODS } from './methods.js';
export type { MethodKind, MethodInfo, MethodName, MethodTable } from './methods.js';

// Notifications of no one feature: cancellation, progress, list changes.
export type {
  CancelledNotificationParams,
  ProgressNotificationParams,
  InitializedNotificationParams,
  ListChangedNotificationParams,
} from './notifications.js';

// The MCP-specific error codes, and the shapes of their error objects and responses.
export { McpErrorCode } from './errors.js';
export type {
  ErrorObject,
  ErrorResponseOf,
  UnsupportedProtocolVersionErrorData,
  MissingRequiredClientCapabilityErrorData,
  URLElicitationRequiredErrorData,
  ResourceNotFoundErrorData,
  ParseError,
  InvalidRequestError,
  MethodNotFoundError,
  InvalidParamsError,
  InternalError,
  HeaderMismatchError,
  MissingRequiredClientCapabilityError,
  UnsupportedProtocolVersionError,
  URLElicitationRequiredError,
} from './errors.js';

// Content blocks and resource contents.
export type {
  TextContent,
  ImageContent,
  AudioContent,
  ResourceLink,
  EmbeddedResource,
  ToolUseContent,
  ToolResultContent,
  ContentBlock,
  SamplingMessageContentBlock,
  ContentType,
  ResourceContents,
  TextResourceContents,
  BlobResourceContents,
} from './content.js';

// Tools: functions a server exposes for a model to call.
export type {
  ToolAnnotations,
  ToolExecution,
  ToolInputSchema,
  ToolOutputSchema,
  Tool,
  ListToolsRequestParams,
  ListToolsResult,
  CallToolRequestParams,
  CallToolResult,
} from './tools.js';

// Resources: data a server exposes by URI.
export type {
  Resource,
  ResourceTemplate,
  ListResourcesRequestParams,
  ListResourcesResult,
  ListResourceTemplatesRequestParams,
  ListResourceTemplatesResult,
  ResourceRequestParams,
  ReadResourceRequestParams,
  ReadResourceResult,
  SubscribeRequestParams,
  UnsubscribeRequestParams,
  ResourceUpdatedNotificationParams,
} from './resources.js';

// Prompts: message templates a server offers to users.
export type {
  PromptArgument,
  Prompt,
  PromptMessage,
  ListPromptsRequestParams,
  ListPromptsResult,
  GetPromptRequestParams,
  GetPromptResult,
} from './prompts.js';

// Completion of the arguments of prompts and resource templates.
export type {
  PromptReference,
  ResourceTemplateReference,
  ResourceReference,
  CompleteRequestParams,
  CompleteResult,
} from './completion.js';

// Logging: log messages from server to client, and the level that opts into them.
export { LOGGING_LEVELS } from './logging.js';
export type { LoggingLevel, SetLevelRequestParams, LoggingMessageNotificationParams } from './logging.js';

// Sampling: a server asking the client's model for a completion.
export type {
  ModelHint,
  ModelPreferences,
  ToolChoice,
  IncludeContext,
  SamplingMessage,
  CreateMessageRequestParams,
  StopReason,
  CreateMessageResult,
} from './sampling.js';

// Elicitation: a server asking the user for input, through a form or a URL.
export type {
  StringSchema,
  NumberSchema,
  BooleanSchema,
  UntitledSingleSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  UntitledMultiSelectEnumSchema,
  TitledMultiSelectEnumSchema,
  LegacyTitledEnumSchema,
  SingleSelectEnumSchema,
  MultiSelectEnumSchema,
  EnumSchema,
  PrimitiveSchemaDefinition,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitRequestParams,
  ElicitValue,
  ElicitResult,
  ElicitationCompleteNotificationParams,
} from './elicitation.js';

// Roots: the directories and files a client lets a server work on.
export type { Root, ListRootsRequestParams, ListRootsResult } from './roots.js';

// Tasks: durable, pollable execution of a request.
export { TASKS_EXTENSION } from './tasks.js';
export type {
  TaskStatus,
  TaskMetadata,
  RelatedTaskMetadata,
  Task,
  TaskAugmentedRequestParams,
  CreateTaskResult,
  TaskRequestParams,
  GetTaskRequestParams,
  GetTaskResult,
  GetTaskPayloadRequestParams,
  GetTaskPayloadResult,
  CancelTaskRequestParams,
  CancelTaskResult,
  ListTasksRequestParams,
  ListTasksResult,
  TaskStatusNotificationParams,
  ExtensionTask,
  DetailedTask,
  ExtensionCreateTaskResult,
  UpdateTaskRequestParams,
} from './tasks.js';

// The Skills extension: Agent Skills served over MCP.
export { SKILLS_EXTENSION, SKILLS_METHODS, DIRECTORY_MIME_TYPE, SKILL_LIMITS } from './skills.js';
export type {
  Skill,
  SkillResource,
  SkillFrontmatter,
  SkillsCapability,
  SkillsMethod,
  ListSkillsRequestParams,
  ListSkillsResult,
  GetSkillRequestParams,
  GetSkillResult,
  ReadResourceDirectoryRequestParams,
  ReadResourceDirectoryResult,
} from './skills.js';

// MCP Apps: views that servers ship with their tools and hosts render.
export {
  APPS_EXTENSION,
  APP_MIME_TYPE,
  APP_URI_SCHEME,
  APPS_PROTOCOL_VERSION,
  LEGACY_RESOURCE_URI_KEY,
} from './apps.js';
export type { AppsClientCapability, AppCsp, AppPermissions, AppToolMeta, AppViewMeta, AppVisibility } from './apps.js';

// `subscriptions/listen`: a stream of the change notifications a client opted into.
export type {
  SubscriptionFilter,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResultMeta,
  SubscriptionsListenResult,
  SubscriptionsAcknowledgedNotificationParams,
} from './subscriptions.js';

// Multi round-trip requests: a result that asks the client for input first.
export { RESULT_TYPE } from './multi-round-trip.js';
export type {
  InputRequiredMethod,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
  InputRequiredResult,
  InputResponseRequestParams,
} from './multi-round-trip.js';

// What differs between protocol revisions, as data.
export {
  isRevision,
  inSpan,
  revisionsIn,
  hasField,
  resourceNotFoundCode,
  REVISIONS,
  ALL,
  UNTIL_2025_11,
  ONLY_2025_11,
  SINCE_2025_03,
  SINCE_2025_06,
  SINCE_2025_11,
  SINCE_2026,
  DEFINITIONS,
  FIELDS,
  CONTENT_TYPES,
  VALUE_FORMS,
  REVISION_REQUIRED,
  FEATURES,
} from './revisions.js';
export type { Revision, Span } from './revisions.js';

// Reserved `_meta` keys and official extension identifiers.
export { isReservedMetaKey, META } from './meta.js';
// Structural guards of every definition, keyed by the spec's names.
export { errorDataGuards, GUARDS } from './guards/index.js';
export type { Guard } from './guards/index.js';
