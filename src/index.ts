/**
 * Shared by every role: errors, protocol revisions, the JSON-RPC building blocks, the
 * transport contract and the types of the MCP data model.
 * @module
 */
export {
  JsonRpcError,
  ConnectionClosedError,
  RequestTimeoutError,
  UnserializableMessageError,
  ErrorCode,
} from './jsonrpc/errors.js';
export type {
  JsonRpcMessage,
  JsonRpcRequest,
  JsonRpcNotification,
  JsonRpcResponse,
  JsonRpcSuccess,
  JsonRpcErrorResponse,
  JsonRpcErrorObject,
  RequestId,
} from './jsonrpc/message.js';
export type { Clock } from './jsonrpc/clock.js';
export type { CancelSource } from './jsonrpc/connection.js';
export {
  McpError,
  McpErrorCode,
  CapabilityNotSupportedError,
  UnsupportedVersionError,
  CancelledError,
  UrlElicitationRequiredError,
} from './protocol/errors.js';
export { RequestCancelledError, RequestContext } from './protocol/request-context.js';
export {
  SUPPORTED_VERSIONS,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  LATEST_VERSION,
  LATEST_LEGACY_VERSION,
  isModern,
  isSupportedVersion,
  type ProtocolVersion,
  type LegacyVersion,
  type ModernVersion,
} from './protocol/versions.js';
export type { Implementation } from './protocol/handshake.js';
export type { SendOptions, Transport, TransportReceiver } from './jsonrpc/transport.js';
export { tapTransport, type WireTap } from './jsonrpc/tap.js';
export type {
  EraCacheKeyed,
  NetworkAttributes,
  NetworkDescribed,
  ProtocolVersionSetter,
  SessionIdentified,
} from './protocol/transport-abilities.js';
export {
  installTelemetry,
  installedTelemetry,
  type Activity,
  type ActivityAttributes,
  type ActivityRecording,
  type Operation,
  type Recording,
  type Telemetry,
} from './protocol/telemetry.js';
export { META } from './types/meta.js';

// The MCP data model (src/types), as types, by area. Its `RequestId`, `Implementation` and
// `McpErrorCode` are not among them: this entry point's are those above.

// Building blocks of every message: ids, `_meta`, metadata, params and results.
export type {
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
} from './types/index.js';

// Capabilities: what each side declares it supports.
export type {
  ExtensionCapabilities,
  ClientTasksCapability,
  ServerTasksCapability,
  ClientCapabilities,
  ServerCapabilities,
} from './types/index.js';

// The lifecycle: `initialize` (until 2025-11-25), `ping` and `server/discover` (since 2026-07-28).
export type {
  InitializeRequestParams,
  InitializeResult,
  PingRequestParams,
  DiscoverRequestParams,
  DiscoverResult,
} from './types/index.js';

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
} from './types/index.js';

// The method table: all the protocol knows of each method.
export type { MethodKind, MethodInfo, MethodName, MethodTable } from './types/index.js';

// Notifications of no one feature: cancellation, progress, list changes.
export type {
  CancelledNotificationParams,
  ProgressNotificationParams,
  InitializedNotificationParams,
  ListChangedNotificationParams,
} from './types/index.js';

// The MCP-specific error codes, and the shapes of their error objects and responses.
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
} from './types/index.js';

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
} from './types/index.js';

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
} from './types/index.js';

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
} from './types/index.js';

// Prompts: message templates a server offers to users.
export type {
  PromptArgument,
  Prompt,
  PromptMessage,
  ListPromptsRequestParams,
  ListPromptsResult,
  GetPromptRequestParams,
  GetPromptResult,
} from './types/index.js';

// Completion of the arguments of prompts and resource templates.
export type {
  PromptReference,
  ResourceTemplateReference,
  ResourceReference,
  CompleteRequestParams,
  CompleteResult,
} from './types/index.js';

// Logging: log messages from server to client, and the level that opts into them.
export type { LoggingLevel, SetLevelRequestParams, LoggingMessageNotificationParams } from './types/index.js';

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
} from './types/index.js';

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
} from './types/index.js';

// Roots: the directories and files a client lets a server work on.
export type { Root, ListRootsRequestParams, ListRootsResult } from './types/index.js';

// Tasks: durable, pollable execution of a request.
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
} from './types/index.js';

// The Skills extension: Agent Skills served over MCP.
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
} from './types/index.js';

// MCP Apps: views that servers ship with their tools and hosts render.
export type {
  AppsClientCapability,
  AppCsp,
  AppPermissions,
  AppToolMeta,
  AppViewMeta,
  AppVisibility,
} from './types/index.js';

// `subscriptions/listen`: a stream of the change notifications a client opted into.
export type {
  SubscriptionFilter,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResultMeta,
  SubscriptionsListenResult,
  SubscriptionsAcknowledgedNotificationParams,
} from './types/index.js';

// Multi round-trip requests: a result that asks the client for input first.
export type {
  InputRequiredMethod,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
  InputRequiredResult,
  InputResponseRequestParams,
} from './types/index.js';

// What differs between protocol revisions, as data.
export type { Revision, Span } from './types/index.js';

// Structural guards of every definition, keyed by the spec's names.
export type { Guard } from './types/index.js';

// The data model's constants and functions, as types only (for `typeof`): their values are
// not part of this entry point.
export type {
  methodInfo,
  hasMethod,
  methodsOf,
  METHODS,
  CACHEABLE_METHODS,
  LOGGING_LEVELS,
  TASKS_EXTENSION,
  SKILLS_EXTENSION,
  SKILLS_METHODS,
  DIRECTORY_MIME_TYPE,
  SKILL_LIMITS,
  APPS_EXTENSION,
  APP_MIME_TYPE,
  APP_URI_SCHEME,
  APPS_PROTOCOL_VERSION,
  LEGACY_RESOURCE_URI_KEY,
  RESULT_TYPE,
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
  isReservedMetaKey,
  errorDataGuards,
  GUARDS,
} from './types/index.js';
