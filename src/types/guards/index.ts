/**
 * Structural guards for every definition of every revision's schema, keyed by the spec's names.
 * The guards of each method's params and result are in the method table, `../methods.ts`.
 * Guards are revision-neutral: members only some revisions require (`resultType`, the `_meta`
 * protocol fields, `ttlMs`/`cacheScope`) are checked when present; `revisions.ts` lists them for
 * the protocol layer to enforce per peer.
 * @module
 */
import * as base from './base.js';
import { clientCapabilities, serverCapabilities } from './capabilities.js';
import * as catalog from './catalog.js';
import * as cf from './client-features.js';
import * as content from './content.js';
import * as features from './features.js';
import { anyObject, array, literal, obj, requestId, select, str, unknownJson, when, type Guard } from './kit.js';
import * as messages from './messages.js';
import * as multiRoundTrip from './multi-round-trip.js';
import * as protocol from './protocol.js';

export type { Guard } from './kit.js';
export { errorDataGuards } from './protocol.js';

const jsonRpcErrorResponse = protocol.errorResponse(protocol.errorObject);
const jsonRpcResponse: Guard = select((o) =>
  o.error !== undefined ? jsonRpcErrorResponse : messages.jsonRpcResultResponse,
);
const jsonRpcSingle: Guard = select((o) =>
  o.method === undefined
    ? jsonRpcResponse
    : o.id === undefined
      ? messages.jsonRpcNotification
      : messages.jsonRpcRequest,
);

/** Guards by the spec's type names, covering the definitions of every revision's schema. */
export const GUARDS: Readonly<Record<string, Guard>> = {
  ...messages.messageGuards,
  ...messages.resultResponseGuards,

  // Building blocks
  Annotated: obj({}, { annotations: base.annotations }),
  Annotations: base.annotations,
  BaseMetadata: base.baseMetadata,
  Cursor: str,
  Icon: base.icon,
  Icons: obj({}, base.iconsMember),
  Implementation: base.implementation,
  JSONArray: array(unknownJson),
  JSONObject: anyObject,
  JSONValue: unknownJson,
  LoggingLevel: base.loggingLevel,
  MetaObject: base.metaObject,
  NotificationMetaObject: base.notificationMeta,
  NotificationParams: base.notificationParams,
  PaginatedRequestParams: base.paginatedRequestParams,
  PaginatedResult: base.paginatedResult,
  ProgressToken: base.progressToken,
  RequestId: requestId,
  RequestMetaObject: base.requestMetaObject,
  RequestParams: base.requestParams,
  Result: base.result,
  EmptyResult: base.result,
  CacheableResult: base.cacheableResult,
  ResultMetaObject: base.resultMeta,
  ResultType: str,
  Role: base.role,
  SubscriptionsListenResultMetaObject: base.subscriptionsListenResultMeta,

  // Capabilities
  ClientCapabilities: clientCapabilities,
  ServerCapabilities: serverCapabilities,

  // Content
  AudioContent: content.audioContent,
  BlobResourceContents: content.blobResourceContents,
  ContentBlock: content.contentBlock,
  EmbeddedResource: content.embeddedResource,
  ImageContent: content.imageContent,
  ResourceContents: content.resourceContents,
  ResourceLink: content.resourceLink,
  SamplingMessageContentBlock: content.samplingMessageContentBlock,
  TextContent: content.textContent,
  TextResourceContents: content.textResourceContents,
  ToolResultContent: content.toolResultContent,
  ToolUseContent: content.toolUseContent,

  // Tools, resources, prompts, completion, logging
  CallToolRequestParams: features.callToolRequestParams,
  CallToolResult: features.callToolResult,
  CompleteRequestParams: features.completeRequestParams,
  CompleteResult: features.completeResult,
  GetPromptRequestParams: features.getPromptRequestParams,
  GetPromptResult: features.getPromptResult,
  ListPromptsResult: features.listPromptsResult,
  ListResourceTemplatesResult: features.listResourceTemplatesResult,
  ListResourcesResult: features.listResourcesResult,
  ListToolsResult: features.listToolsResult,
  LoggingMessageNotificationParams: features.loggingMessageNotificationParams,
  Prompt: catalog.prompt,
  PromptArgument: catalog.promptArgument,
  PromptMessage: features.promptMessage,
  PromptReference: features.promptReference,
  ReadResourceRequestParams: features.readResourceRequestParams,
  ReadResourceResult: features.readResourceResult,
  Resource: catalog.resource,
  ResourceReference: features.resourceTemplateReference,
  ResourceRequestParams: features.resourceRequestParams,
  ResourceTemplate: catalog.resourceTemplate,
  ResourceTemplateReference: features.resourceTemplateReference,
  ResourceUpdatedNotificationParams: features.resourceUpdatedNotificationParams,
  SetLevelRequestParams: features.setLevelRequestParams,
  SubscribeRequestParams: features.resourceRequestParams,
  Tool: catalog.tool,
  ToolAnnotations: catalog.toolAnnotations,
  ToolExecution: catalog.toolExecution,
  UnsubscribeRequestParams: features.resourceRequestParams,

  // Sampling, elicitation, roots
  BooleanSchema: cf.booleanSchema,
  CreateMessageRequestParams: cf.createMessageRequestParams,
  CreateMessageResult: cf.createMessageResult,
  ElicitRequestFormParams: cf.elicitRequestFormParams,
  ElicitRequestParams: cf.elicitRequestParams,
  ElicitRequestURLParams: cf.elicitRequestURLParams,
  ElicitResult: cf.elicitResult,
  EnumSchema: cf.enumSchema,
  LegacyTitledEnumSchema: cf.legacyTitledEnumSchema,
  ListRootsResult: cf.listRootsResult,
  ModelHint: cf.modelHint,
  ModelPreferences: cf.modelPreferences,
  MultiSelectEnumSchema: cf.multiSelectEnumSchema,
  NumberSchema: cf.numberSchema,
  PrimitiveSchemaDefinition: cf.primitiveSchemaDefinition,
  Root: cf.root,
  SamplingMessage: cf.samplingMessage,
  SingleSelectEnumSchema: cf.singleSelectEnumSchema,
  StringSchema: cf.stringSchema,
  TitledMultiSelectEnumSchema: cf.titledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema: cf.titledSingleSelectEnumSchema,
  ToolChoice: cf.toolChoice,
  UntitledMultiSelectEnumSchema: cf.untitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema: cf.untitledSingleSelectEnumSchema,

  // Multi round-trip requests (the three requests double as JSON-RPC server requests)
  CreateMessageRequest: multiRoundTrip.createMessageRequest,
  ElicitRequest: multiRoundTrip.elicitRequest,
  ListRootsRequest: multiRoundTrip.listRootsRequest,
  InputRequest: multiRoundTrip.inputRequest,
  InputRequests: multiRoundTrip.inputRequests,
  InputRequiredResult: multiRoundTrip.inputRequiredResult,
  InputResponse: multiRoundTrip.inputResponse,
  InputResponseRequestParams: multiRoundTrip.inputResponseRequestParams,
  InputResponses: multiRoundTrip.inputResponses,

  // Lifecycle, notifications, subscriptions
  CancelledNotificationParams: protocol.cancelledNotificationParams,
  DiscoverResult: protocol.discoverResult,
  InitializeRequestParams: protocol.initializeRequestParams,
  InitializeResult: protocol.initializeResult,
  ProgressNotificationParams: protocol.progressNotificationParams,
  SubscriptionFilter: protocol.subscriptionFilter,
  SubscriptionsAcknowledgedNotificationParams: protocol.subscriptionsAcknowledgedNotificationParams,
  SubscriptionsListenRequestParams: protocol.subscriptionsListenRequestParams,
  SubscriptionsListenResult: protocol.subscriptionsListenResult,

  // Tasks
  CancelTaskResult: protocol.taskResult,
  CreateTaskResult: protocol.createTaskResult,
  GetTaskPayloadResult: base.result,
  GetTaskResult: protocol.taskResult,
  ListTasksResult: protocol.listTasksResult,
  RelatedTaskMetadata: base.relatedTaskMetadata,
  Task: protocol.task,
  TaskAugmentedRequestParams: obj({}, { ...base.requestParamsMembers, task: base.taskMetadata }),
  TaskMetadata: base.taskMetadata,
  TaskStatus: protocol.taskStatus,
  TaskStatusNotificationParams: protocol.taskStatusNotificationParams,

  // Errors
  Error: protocol.errorObject,
  ParseError: protocol.codedError(-32700),
  InvalidRequestError: protocol.codedError(-32600),
  MethodNotFoundError: protocol.codedError(-32601),
  InvalidParamsError: protocol.codedError(-32602),
  InternalError: protocol.codedError(-32603),
  HeaderMismatchError: protocol.headerMismatchError,
  MissingRequiredClientCapabilityError: protocol.missingRequiredClientCapabilityError,
  UnsupportedProtocolVersionError: protocol.unsupportedProtocolVersionError,
  URLElicitationRequiredError: protocol.urlElicitationRequiredError,

  // JSON-RPC envelopes and unions
  ClientNotification: messages.clientNotification,
  ClientRequest: messages.clientRequest,
  ClientResult: base.result,
  JSONRPCBatchRequest: array(
    select((o) => (o.id === undefined ? messages.jsonRpcNotification : messages.jsonRpcRequest)),
  ),
  JSONRPCBatchResponse: array(jsonRpcResponse),
  JSONRPCError: jsonRpcErrorResponse,
  JSONRPCErrorResponse: jsonRpcErrorResponse,
  JSONRPCMessage: when(Array.isArray, array(jsonRpcSingle), jsonRpcSingle),
  JSONRPCNotification: messages.jsonRpcNotification,
  JSONRPCRequest: messages.jsonRpcRequest,
  JSONRPCResponse: jsonRpcResponse,
  JSONRPCResultResponse: messages.jsonRpcResultResponse,
  Notification: messages.bareRequest,
  PaginatedRequest: obj(
    { jsonrpc: literal('2.0'), id: requestId, method: str },
    { params: base.paginatedRequestParams },
  ),
  Request: messages.bareRequest,
  ServerNotification: messages.serverNotification,
  ServerRequest: messages.serverRequest,
  ServerResult: base.result,
};
