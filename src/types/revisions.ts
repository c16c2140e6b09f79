/**
 * What differs between protocol revisions, as data: which definitions, members and features
 * each revision has, so each peer can be given exactly what its revision defines. Which methods
 * each revision has is in the method table, `methods.ts`. Spans are inclusive; an absent bound is open.
 * @module
 */
import { META } from './meta.js';

/** Every protocol revision, oldest first: the one list (`protocol/versions.ts` derives the lists by era from it). */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

/** A protocol revision. */
export type Revision = (typeof REVISIONS)[number];

/** True when `value` names a known revision. */
export function isRevision(value: unknown): value is Revision {
  return (REVISIONS as readonly unknown[]).includes(value);
}

/** The revisions from `since` through `until`, both inclusive. */
export type Span = {
  /** The first revision; absent, from the oldest. */
  since?: Revision;
  /** The last revision; absent, through the newest. */
  until?: Revision;
};

/** True when `revision` lies within `span` (revision names sort chronologically). */
export function inSpan(span: Span, revision: Revision): boolean {
  return (span.since === undefined || revision >= span.since) && (span.until === undefined || revision <= span.until);
}

/** The revisions within `span`, oldest first. */
export function revisionsIn(span: Span): Revision[] {
  return REVISIONS.filter((r) => inSpan(span, r));
}

// Spans several tables share; the method table (`methods.ts`) uses them too.
/** Every revision. */
export const ALL: Span = {};
/** Every revision up to 2025-11-25: the legacy era. */
export const UNTIL_2025_11: Span = { until: '2025-11-25' };
/** 2025-11-25 alone. */
export const ONLY_2025_11: Span = { since: '2025-11-25', until: '2025-11-25' };
/** 2025-03-26 and later. */
export const SINCE_2025_03: Span = { since: '2025-03-26' };
/** 2025-06-18 and later. */
export const SINCE_2025_06: Span = { since: '2025-06-18' };
/** 2025-11-25 and later. */
export const SINCE_2025_11: Span = { since: '2025-11-25' };
/** 2026-07-28 and later: the modern era. */
export const SINCE_2026: Span = { since: '2026-07-28' };

/** Whitespace-separated names, each paired with `value`. */
function named<T>(names: string, value: T): [string, T][] {
  return names
    .split(/\s+/)
    .filter((n) => n !== '')
    .map((n) => [n, value]);
}

/** Schema definitions that do not exist in every revision, by the spec's name. */
export const DEFINITIONS: Readonly<Record<string, Span>> = Object.fromEntries([
  ...named('Annotated', { until: '2024-11-05' }),
  ...named('ResourceReference', { until: '2025-03-26' }),
  ...named('JSONRPCError', { until: '2025-06-18' }),
  ...named('JSONRPCBatchRequest JSONRPCBatchResponse', { since: '2025-03-26', until: '2025-03-26' }),
  ...named('Annotations AudioContent ToolAnnotations', SINCE_2025_03),
  ...named(
    `BaseMetadata BooleanSchema ContentBlock ElicitRequest ElicitResult EnumSchema NumberSchema
     PrimitiveSchemaDefinition ResourceLink ResourceTemplateReference StringSchema`,
    SINCE_2025_06,
  ),
  ...named(
    `InitializeRequest InitializeResult InitializedNotification PingRequest RootsListChangedNotification
     ServerRequest SetLevelRequest SubscribeRequest UnsubscribeRequest`,
    UNTIL_2025_11,
  ),
  ...named(
    `CancelTaskRequest CancelTaskResult CreateTaskResult ElicitationCompleteNotification GetTaskPayloadRequest
     GetTaskPayloadResult GetTaskRequest GetTaskResult InitializeRequestParams ListTasksRequest ListTasksResult
     RelatedTaskMetadata SetLevelRequestParams SubscribeRequestParams Task TaskAugmentedRequestParams TaskMetadata
     TaskStatus TaskStatusNotification TaskStatusNotificationParams ToolExecution URLElicitationRequiredError
     UnsubscribeRequestParams`,
    ONLY_2025_11,
  ),
  ...named(
    `CallToolRequestParams CancelledNotificationParams CompleteRequestParams CreateMessageRequestParams
     ElicitRequestFormParams ElicitRequestParams ElicitRequestURLParams Error GetPromptRequestParams Icon Icons
     JSONRPCErrorResponse JSONRPCResultResponse LegacyTitledEnumSchema LoggingMessageNotificationParams
     MultiSelectEnumSchema NotificationParams PaginatedRequestParams ProgressNotificationParams
     ReadResourceRequestParams RequestParams ResourceRequestParams ResourceUpdatedNotificationParams
     SamplingMessageContentBlock SingleSelectEnumSchema TitledMultiSelectEnumSchema TitledSingleSelectEnumSchema
     ToolChoice ToolResultContent ToolUseContent UntitledMultiSelectEnumSchema UntitledSingleSelectEnumSchema`,
    SINCE_2025_11,
  ),
  ...named(
    `CacheableResult CallToolResultResponse CompleteResultResponse DiscoverRequest DiscoverResult
     DiscoverResultResponse GetPromptResultResponse HeaderMismatchError InputRequest InputRequests
     InputRequiredResult InputResponse InputResponseRequestParams InputResponses InternalError InvalidParamsError
     InvalidRequestError JSONArray JSONObject JSONValue ListPromptsResultResponse ListResourceTemplatesResultResponse
     ListResourcesResultResponse ListToolsResultResponse MetaObject MethodNotFoundError
     MissingRequiredClientCapabilityError NotificationMetaObject ParseError ReadResourceResultResponse
     RequestMetaObject ResultMetaObject ResultType SubscriptionFilter SubscriptionsAcknowledgedNotification
     SubscriptionsAcknowledgedNotificationParams SubscriptionsListenRequest SubscriptionsListenRequestParams
     SubscriptionsListenResult SubscriptionsListenResultMetaObject SubscriptionsListenResultResponse
     UnsupportedProtocolVersionError`,
    SINCE_2026,
  ),
]);

/**
 * Members that exist only in some revisions, by type and dotted member path. A member not
 * listed exists wherever its type does. (Params types name the params of the request.)
 */
export const FIELDS: Readonly<Record<string, Readonly<Record<string, Span>>>> = {
  Annotations: { lastModified: SINCE_2025_06 },
  TextContent: { _meta: SINCE_2025_06 },
  ImageContent: { _meta: SINCE_2025_06 },
  AudioContent: { _meta: SINCE_2025_06 },
  EmbeddedResource: { _meta: SINCE_2025_06 },
  ResourceContents: { _meta: SINCE_2025_06 },
  TextResourceContents: { _meta: SINCE_2025_06 },
  BlobResourceContents: { _meta: SINCE_2025_06 },
  ResourceLink: { icons: SINCE_2025_11 },
  Resource: { title: SINCE_2025_06, _meta: SINCE_2025_06, icons: SINCE_2025_11 },
  ResourceTemplate: { title: SINCE_2025_06, _meta: SINCE_2025_06, icons: SINCE_2025_11 },
  Prompt: { title: SINCE_2025_06, _meta: SINCE_2025_06, icons: SINCE_2025_11 },
  PromptArgument: { title: SINCE_2025_06 },
  PromptReference: { title: SINCE_2025_06 },
  Root: { _meta: SINCE_2025_06 },
  Implementation: { title: SINCE_2025_06, description: SINCE_2025_11, icons: SINCE_2025_11, websiteUrl: SINCE_2025_11 },
  Tool: {
    annotations: SINCE_2025_03,
    title: SINCE_2025_06,
    outputSchema: SINCE_2025_06,
    _meta: SINCE_2025_06,
    icons: SINCE_2025_11,
    execution: ONLY_2025_11,
    'inputSchema.$schema': SINCE_2025_11,
    'outputSchema.$schema': SINCE_2025_11,
  },
  CallToolRequestParams: { task: ONLY_2025_11, inputResponses: SINCE_2026, requestState: SINCE_2026 },
  GetPromptRequestParams: { inputResponses: SINCE_2026, requestState: SINCE_2026 },
  ReadResourceRequestParams: { inputResponses: SINCE_2026, requestState: SINCE_2026 },
  CallToolResult: { structuredContent: SINCE_2025_06, resultType: SINCE_2026 },
  CompleteRequestParams: { context: SINCE_2025_06 },
  ProgressNotificationParams: { message: SINCE_2025_03 },
  CreateMessageRequestParams: { tools: SINCE_2025_11, toolChoice: SINCE_2025_11, task: ONLY_2025_11 },
  SamplingMessage: { _meta: SINCE_2025_11 },
  ElicitRequestFormParams: { mode: SINCE_2025_11, task: ONLY_2025_11 },
  ElicitRequestURLParams: { elicitationId: ONLY_2025_11, task: ONLY_2025_11 },
  ElicitResult: { _meta: UNTIL_2025_11 },
  ListRootsResult: { _meta: UNTIL_2025_11 },
  StringSchema: { default: SINCE_2025_11 },
  NumberSchema: { default: SINCE_2025_11 },
  ClientCapabilities: {
    elicitation: SINCE_2025_06,
    'elicitation.form': SINCE_2025_11,
    'elicitation.url': SINCE_2025_11,
    'roots.listChanged': UNTIL_2025_11,
    'sampling.context': SINCE_2025_11,
    'sampling.tools': SINCE_2025_11,
    tasks: ONLY_2025_11,
  },
  ServerCapabilities: { completions: SINCE_2025_03, tasks: ONLY_2025_11 },
  ...Object.fromEntries(
    named('ListToolsResult ListPromptsResult ListResourcesResult ListResourceTemplatesResult ReadResourceResult', {
      resultType: SINCE_2026,
      ttlMs: SINCE_2026,
      cacheScope: SINCE_2026,
    }),
  ),
  ...Object.fromEntries(
    named('Result EmptyResult PaginatedResult CompleteResult GetPromptResult', { resultType: SINCE_2026 }),
  ),
};

/** True when `type` has the member `field` in `revision` (members not listed in `FIELDS` always do). */
export function hasField(type: string, field: string, revision: Revision): boolean {
  const span = FIELDS[type]?.[field];
  return span === undefined || inSpan(span, revision);
}

/** Content `type` tags allowed in each content position, by revision. */
export const CONTENT_TYPES = {
  /** `CallToolResult.content`, `PromptMessage.content`, `ToolResultContent.content`. */
  ContentBlock: { text: ALL, image: ALL, resource: ALL, audio: SINCE_2025_03, resource_link: SINCE_2025_06 },
  /** `SamplingMessage.content`, `CreateMessageResult.content` (arrays of blocks since 2025-11-25). */
  SamplingMessageContentBlock: {
    text: ALL,
    image: ALL,
    audio: SINCE_2025_03,
    tool_use: SINCE_2025_11,
    tool_result: SINCE_2025_11,
  },
} as const satisfies Record<string, Record<string, Span>>;

/** Value forms that only some revisions accept, in members every revision has. */
export const VALUE_FORMS: readonly { type: string; field: string; form: string; span: Span }[] = [
  { type: 'SamplingMessage', field: 'content', form: 'array of blocks', span: SINCE_2025_11 },
  { type: 'CreateMessageResult', field: 'content', form: 'array of blocks', span: SINCE_2025_11 },
  { type: 'ElicitResult', field: 'content.*', form: 'array of strings', span: SINCE_2025_11 },
  { type: 'ElicitRequestParams', field: 'mode', form: '"url"', span: SINCE_2025_11 },
  {
    type: 'PrimitiveSchemaDefinition',
    field: '',
    form: 'titled, untitled and multi-select enums',
    span: SINCE_2025_11,
  },
  { type: 'CallToolResult', field: 'structuredContent', form: 'any JSON value, not only objects', span: SINCE_2026 },
  { type: 'ToolResultContent', field: 'structuredContent', form: 'any JSON value, not only objects', span: SINCE_2026 },
  { type: 'Tool', field: 'outputSchema', form: 'any JSON Schema, not only type "object"', span: SINCE_2026 },
  {
    type: 'CompleteResult',
    field: 'completion.values',
    form: 'maxItems 100 in the schema (prose before)',
    span: SINCE_2026,
  },
];

const CACHEABLE =
  'DiscoverResult ListPromptsResult ListResourceTemplatesResult ListResourcesResult ListToolsResult ReadResourceResult';

function required(types: string, member: string, span: Span): { type: string; member: string; span: Span }[] {
  return named(types, span).map(([type]) => ({ type, member, span }));
}

/**
 * Members the revision-neutral model and guards leave optional but some revisions require;
 * the protocol layer enforces them for peers of those revisions. `RequestMeta` is a request's
 * `_meta` (the spec's `RequestMetaObject` in 2026-07-28).
 */
export const REVISION_REQUIRED: readonly { type: string; member: string; span: Span }[] = [
  ...required(
    `CallToolRequestParams CompleteRequestParams GetPromptRequestParams InputResponseRequestParams
     PaginatedRequestParams ReadResourceRequestParams RequestParams ResourceRequestParams SubscriptionsListenRequestParams`,
    '_meta',
    SINCE_2026,
  ),
  ...required(
    'DiscoverRequest ListPromptsRequest ListResourceTemplatesRequest ListResourcesRequest ListToolsRequest PaginatedRequest',
    'params',
    SINCE_2026,
  ),
  ...required(
    `CallToolResult CompleteResult DiscoverResult GetPromptResult ListPromptsResult ListResourceTemplatesResult
     ListResourcesResult ListToolsResult ReadResourceResult SubscriptionsListenResult PaginatedResult CacheableResult
     Result EmptyResult ClientResult`,
    'resultType',
    SINCE_2026,
  ),
  ...required(CACHEABLE, 'ttlMs', SINCE_2026),
  ...required(CACHEABLE, 'cacheScope', SINCE_2026),
  ...required('RequestMeta', META.protocolVersion, SINCE_2026),
  ...required('RequestMeta', META.clientCapabilities, SINCE_2026),
  ...required('ElicitRequestURLParams', 'elicitationId', ONLY_2025_11),
  ...required('CreateMessageRequest ElicitRequest ListRootsRequest', 'jsonrpc', UNTIL_2025_11),
  ...required('CreateMessageRequest ElicitRequest ListRootsRequest', 'id', UNTIL_2025_11),
];

/** Protocol mechanisms, by the revisions that have them. */
export const FEATURES = {
  /** `initialize` / `notifications/initialized` establish a session. */
  initializeHandshake: UNTIL_2025_11,
  /** JSON-RPC batches (arrays of messages). */
  jsonRpcBatching: { since: '2025-03-26', until: '2025-03-26' },
  /** Servers send JSON-RPC requests to clients (sampling, elicitation, roots, ping). */
  serverRequests: UNTIL_2025_11,
  /** Protocol version, client info and capabilities in every request's `_meta`; no session. */
  perRequestMeta: SINCE_2026,
  /** `resultType` on every result; absent means `complete`. */
  resultType: SINCE_2026,
  /** `InputRequiredResult` and retries with `inputResponses` / `requestState`. */
  multiRoundTrip: SINCE_2026,
  /** `ttlMs` / `cacheScope` on list, read and discover results. */
  cacheHints: SINCE_2026,
  /** `subscriptions/listen` replaces `resources/subscribe` and the HTTP GET stream. */
  subscriptionsListen: SINCE_2026,
  /** Log level per request (`_meta`) rather than `logging/setLevel`. */
  perRequestLogLevel: SINCE_2026,
  /** Task-augmented requests and `tasks/*` (an extension since 2026-07-28). */
  tasks: ONLY_2025_11,
  /** Elicitation (form mode). */
  elicitation: SINCE_2025_06,
  /** URL-mode elicitation. */
  urlElicitation: SINCE_2025_11,
  /** Tools in sampling (`tools`, `toolChoice`, tool use and result content). */
  samplingTools: SINCE_2025_11,
  /** `structuredContent` and `outputSchema`. */
  structuredToolOutput: SINCE_2025_06,
  /**
   * `extensions` in the schema's capabilities. Kept on every revision all the same: capabilities
   * are an open set, and peers declare extensions (Skills, Apps) on 2025-11-25 too.
   */
  extensions: SINCE_2026,
} as const satisfies Record<string, Span>;

/** The error code a server uses for a resource that does not exist. */
export function resourceNotFoundCode(revision: Revision): number {
  return revision >= '2026-07-28' ? -32602 : -32002;
}
