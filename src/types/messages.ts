/**
 * Every MCP method of every revision, by direction: method maps (method → params and result)
 * and the message unions derived from them. Everything else about a method is in the method
 * table, `methods.ts`, which the compiler holds to these maps.
 * @module
 */
import type { EmptyResult, NotificationParams, PaginatedRequestParams, RequestId } from './base.js';
import type { CompleteRequestParams, CompleteResult } from './completion.js';
import type { ElicitationCompleteNotificationParams, ElicitRequestParams, ElicitResult } from './elicitation.js';
import type {
  DiscoverRequestParams,
  DiscoverResult,
  InitializeRequestParams,
  InitializeResult,
  PingRequestParams,
} from './lifecycle.js';
import type { LoggingMessageNotificationParams, SetLevelRequestParams } from './logging.js';
import type { InputRequiredMethod, InputRequiredResult } from './multi-round-trip.js';
import type {
  CancelledNotificationParams,
  ListChangedNotificationParams,
  ProgressNotificationParams,
} from './notifications.js';
import type { GetPromptRequestParams, GetPromptResult, ListPromptsResult } from './prompts.js';
import type {
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceRequestParams,
  ReadResourceResult,
  ResourceUpdatedNotificationParams,
  SubscribeRequestParams,
  UnsubscribeRequestParams,
} from './resources.js';
import type { ListRootsRequestParams, ListRootsResult } from './roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from './sampling.js';
import type {
  SubscriptionsAcknowledgedNotificationParams,
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
} from './subscriptions.js';
import type {
  CancelTaskRequestParams,
  CancelTaskResult,
  CreateTaskResult,
  GetTaskPayloadRequestParams,
  GetTaskPayloadResult,
  GetTaskRequestParams,
  GetTaskResult,
  ListTasksResult,
  TaskStatusNotificationParams,
} from './tasks.js';
import type { CallToolRequestParams, CallToolResult, ListToolsResult } from './tools.js';

/** The task methods, which either side may send (2025-11-25 only). */
interface TaskRequestMap {
  /** Reads a task's state. */
  'tasks/get': {
    /** The task to read, by id. */
    params: GetTaskRequestParams;
    /** The task's current state. */
    result: GetTaskResult;
  };
  /** Waits for a task's result. */
  'tasks/result': {
    /** The task whose result to wait for, by id. */
    params: GetTaskPayloadRequestParams;
    /** The result of the request the task ran, once it ends. */
    result: GetTaskPayloadResult;
  };
  /** Cancels a task. */
  'tasks/cancel': {
    /** The task to cancel, by id. */
    params: CancelTaskRequestParams;
    /** The task as it is once cancelled. */
    result: CancelTaskResult;
  };
  /** Lists the tasks the sender may see. */
  'tasks/list': {
    /** The page to start from; none for the first. */
    params: PaginatedRequestParams | undefined;
    /** A page of tasks, with the cursor of the next. */
    result: ListTasksResult;
  };
}

/** Requests a client sends, by method. `params` admitting `undefined` may be omitted. */
export interface ClientRequestMap extends TaskRequestMap {
  /** Opens a legacy session: revision, capabilities and identities. */
  initialize: {
    /** The client's revision, capabilities and identity. */
    params: InitializeRequestParams;
    /** The revision chosen, with the server's capabilities, identity and instructions. */
    result: InitializeResult;
  };
  /** Checks the server answers. */
  ping: {
    /** Nothing but, optionally, `_meta`. */
    params: PingRequestParams | undefined;
    /** An empty result: the answer itself is the point. */
    result: EmptyResult;
  };
  /** Asks a modern server its revisions and capabilities. */
  'server/discover': {
    /** Nothing but, optionally, `_meta`. */
    params: DiscoverRequestParams | undefined;
    /** The revisions the server speaks, with its capabilities and identity. */
    result: DiscoverResult;
  };
  /** Lists resources, a page at a time. */
  'resources/list': {
    /** The page to start from; none for the first. */
    params: PaginatedRequestParams | undefined;
    /** A page of resources, with the cursor of the next. */
    result: ListResourcesResult;
  };
  /** Lists resource templates, a page at a time. */
  'resources/templates/list': {
    /** The page to start from; none for the first. */
    params: PaginatedRequestParams | undefined;
    /** A page of resource templates, with the cursor of the next. */
    result: ListResourceTemplatesResult;
  };
  /** Reads a resource. */
  'resources/read': {
    /** The URI of the resource to read. */
    params: ReadResourceRequestParams;
    /** The resource's contents, one or more parts. */
    result: ReadResourceResult;
  };
  /** Asks to be told when a resource changes (legacy). */
  'resources/subscribe': {
    /** The URI of the resource to watch. */
    params: SubscribeRequestParams;
    /** An empty result: the subscription is in place. */
    result: EmptyResult;
  };
  /** Stops being told of a resource's changes (legacy). */
  'resources/unsubscribe': {
    /** The URI of the resource to stop watching. */
    params: UnsubscribeRequestParams;
    /** An empty result: the subscription is gone. */
    result: EmptyResult;
  };
  /** Opens a stream of the notifications the client chooses (2026-07-28). */
  'subscriptions/listen': {
    /** The notifications the stream should carry. */
    params: SubscriptionsListenRequestParams;
    /** The result that ends the stream, sent only when the server ends it gracefully. */
    result: SubscriptionsListenResult;
  };
  /** Lists prompts, a page at a time. */
  'prompts/list': {
    /** The page to start from; none for the first. */
    params: PaginatedRequestParams | undefined;
    /** A page of prompts, with the cursor of the next. */
    result: ListPromptsResult;
  };
  /** Gets a prompt's messages, its arguments filled in. */
  'prompts/get': {
    /** The prompt's name and its arguments' values. */
    params: GetPromptRequestParams;
    /** The prompt's messages, its arguments filled in. */
    result: GetPromptResult;
  };
  /** Lists tools, a page at a time. */
  'tools/list': {
    /** The page to start from; none for the first. */
    params: PaginatedRequestParams | undefined;
    /** A page of tools, with the cursor of the next. */
    result: ListToolsResult;
  };
  /** Calls a tool. */
  'tools/call': {
    /** The tool's name and its arguments. */
    params: CallToolRequestParams;
    /** What the tool returned: content, structured content, or an error. */
    result: CallToolResult;
  };
  /** Sets the lowest level of log messages the client hears (legacy). */
  'logging/setLevel': {
    /** The lowest level the client wants to hear. */
    params: SetLevelRequestParams;
    /** An empty result: the level is set. */
    result: EmptyResult;
  };
  /** Asks for values that complete an argument. */
  'completion/complete': {
    /** The argument to complete, its value so far, and what it belongs to. */
    params: CompleteRequestParams;
    /** The values that complete it, with how many there are in all. */
    result: CompleteResult;
  };
}

/**
 * Requests a server sends, by method (until 2025-11-25; since 2026-07-28 the last three travel as
 * multi round-trip input requests).
 */
export interface ServerRequestMap extends TaskRequestMap {
  /** Checks the client answers. */
  ping: {
    /** Nothing but, optionally, `_meta`. */
    params: PingRequestParams | undefined;
    /** An empty result: the answer itself is the point. */
    result: EmptyResult;
  };
  /** Asks the client's model for a message. */
  'sampling/createMessage': {
    /** The conversation, the preferences for the model, and the limits of the answer. */
    params: CreateMessageRequestParams;
    /** The message the model wrote, with the model's name and why it stopped. */
    result: CreateMessageResult;
  };
  /** Asks the user, through the client, for information or to open a URL. */
  'elicitation/create': {
    /** What to ask the user: a form's schema, or a URL to open. */
    params: ElicitRequestParams;
    /** The user's answer: accepted with the content, declined, or cancelled. */
    result: ElicitResult;
  };
  /** Asks the client for the directories the server may work in. */
  'roots/list': {
    /** Nothing but, optionally, `_meta`. */
    params: ListRootsRequestParams | undefined;
    /** The directories the client lets the server work in. */
    result: ListRootsResult;
  };
}

/** Notifications a client sends: method → params. */
export interface ClientNotificationMap {
  /** Cancels a request the client sent. */
  'notifications/cancelled': CancelledNotificationParams;
  /** Ends the handshake: the session is ready (legacy). */
  'notifications/initialized': NotificationParams | undefined;
  /** Progress of a request the server sent. */
  'notifications/progress': ProgressNotificationParams;
  /** The client's roots changed. */
  'notifications/roots/list_changed': ListChangedNotificationParams | undefined;
  /** A task the client runs changed state. */
  'notifications/tasks/status': TaskStatusNotificationParams;
}

/** Notifications a server sends: method → params. */
export interface ServerNotificationMap {
  /** Cancels a request the server sent. */
  'notifications/cancelled': CancelledNotificationParams;
  /** Progress of a request the client sent. */
  'notifications/progress': ProgressNotificationParams;
  /** A log message. */
  'notifications/message': LoggingMessageNotificationParams;
  /** A resource the client subscribed to changed. */
  'notifications/resources/updated': ResourceUpdatedNotificationParams;
  /** The list of resources changed. */
  'notifications/resources/list_changed': ListChangedNotificationParams | undefined;
  /** The tools changed. */
  'notifications/tools/list_changed': ListChangedNotificationParams | undefined;
  /** The prompts changed. */
  'notifications/prompts/list_changed': ListChangedNotificationParams | undefined;
  /** A URL-mode elicitation's interaction finished. */
  'notifications/elicitation/complete': ElicitationCompleteNotificationParams;
  /** A task the server runs changed state. */
  'notifications/tasks/status': TaskStatusNotificationParams;
  /** Opens a subscription: the notifications it will carry. */
  'notifications/subscriptions/acknowledged': SubscriptionsAcknowledgedNotificationParams;
}

/** A request method of either side. */
export type RequestMethod = keyof ClientRequestMap | keyof ServerRequestMap;
/** A notification method of either side. */
export type NotificationMethod = keyof ClientNotificationMap | keyof ServerNotificationMap;

/** `params`, optional when `P` admits `undefined`. */
type ParamsMember<P> = undefined extends P ? { params?: Exclude<P, undefined> } : { params: P };

/** A JSON-RPC request with a given method and params. */
export type McpRequest<M extends string, P> = {
  jsonrpc: '2.0';
  /** Chosen by the sender, unique among its requests in flight; the response carries it back. */
  id: RequestId;
  /** The method called. */
  method: M;
} & ParamsMember<P>;

/** A JSON-RPC notification with a given method and params. */
export type McpNotification<M extends string, P> = {
  jsonrpc: '2.0';
  /** The method notified. */
  method: M;
} & ParamsMember<P>;

/** A successful JSON-RPC response carrying a given result. */
export type ResultResponse<R> = {
  jsonrpc: '2.0';
  /** The id of the request this answers. */
  id: RequestId;
  /** What the method returned. */
  result: R;
};

/** The client request of a method. */
export type ClientRequestOf<M extends keyof ClientRequestMap> = McpRequest<M, ClientRequestMap[M]['params']>;
/** The server request of a method. */
export type ServerRequestOf<M extends keyof ServerRequestMap> = McpRequest<M, ServerRequestMap[M]['params']>;
/** The client notification of a method. */
export type ClientNotificationOf<M extends keyof ClientNotificationMap> = McpNotification<M, ClientNotificationMap[M]>;
/** The server notification of a method. */
export type ServerNotificationOf<M extends keyof ServerNotificationMap> = McpNotification<M, ServerNotificationMap[M]>;

/** Everything a server may answer to a client request: the result, or an interim form where the method allows one. */
export type ClientRequestResult<M extends keyof ClientRequestMap> =
  | ClientRequestMap[M]['result']
  | (M extends InputRequiredMethod ? InputRequiredResult : never)
  | (M extends 'tools/call' ? CreateTaskResult : never);

/** Everything a client may answer to a server request: the result, or a task handle where the method allows one. */
export type ServerRequestResult<M extends keyof ServerRequestMap> =
  | ServerRequestMap[M]['result']
  | (M extends 'sampling/createMessage' | 'elicitation/create' ? CreateTaskResult : never);

/** Any request a client sends. */
export type ClientRequest = { [M in keyof ClientRequestMap]: ClientRequestOf<M> }[keyof ClientRequestMap];
/** Any request a server sends. */
export type ServerRequest = { [M in keyof ServerRequestMap]: ServerRequestOf<M> }[keyof ServerRequestMap];
/** Any notification a client sends. */
export type ClientNotification = {
  [M in keyof ClientNotificationMap]: ClientNotificationOf<M>;
}[keyof ClientNotificationMap];
/** Any notification a server sends. */
export type ServerNotification = {
  [M in keyof ServerNotificationMap]: ServerNotificationOf<M>;
}[keyof ServerNotificationMap];
/** Any result a client sends (answering server requests). */
export type ClientResult = { [M in keyof ServerRequestMap]: ServerRequestResult<M> }[keyof ServerRequestMap];
/** Any result a server sends (answering client requests). */
export type ServerResult = { [M in keyof ClientRequestMap]: ClientRequestResult<M> }[keyof ClientRequestMap];

/** `initialize`. Until 2025-11-25. */
export type InitializeRequest = ClientRequestOf<'initialize'>;
/** `ping`, either direction. Until 2025-11-25. */
export type PingRequest = ClientRequestOf<'ping'>;
/** `server/discover`. Since 2026-07-28. */
export type DiscoverRequest = ClientRequestOf<'server/discover'>;
/** `resources/list`. */
export type ListResourcesRequest = ClientRequestOf<'resources/list'>;
/** `resources/templates/list`. */
export type ListResourceTemplatesRequest = ClientRequestOf<'resources/templates/list'>;
/** `resources/read`. */
export type ReadResourceRequest = ClientRequestOf<'resources/read'>;
/** `resources/subscribe`. Until 2025-11-25. */
export type SubscribeRequest = ClientRequestOf<'resources/subscribe'>;
/** `resources/unsubscribe`. Until 2025-11-25. */
export type UnsubscribeRequest = ClientRequestOf<'resources/unsubscribe'>;
/** `subscriptions/listen`. Since 2026-07-28. */
export type SubscriptionsListenRequest = ClientRequestOf<'subscriptions/listen'>;
/** `prompts/list`. */
export type ListPromptsRequest = ClientRequestOf<'prompts/list'>;
/** `prompts/get`. */
export type GetPromptRequest = ClientRequestOf<'prompts/get'>;
/** `tools/list`. */
export type ListToolsRequest = ClientRequestOf<'tools/list'>;
/** `tools/call`. */
export type CallToolRequest = ClientRequestOf<'tools/call'>;
/** `logging/setLevel`. Until 2025-11-25. */
export type SetLevelRequest = ClientRequestOf<'logging/setLevel'>;
/** `completion/complete`. */
export type CompleteRequest = ClientRequestOf<'completion/complete'>;
/** `tasks/get`, either direction. 2025-11-25 only. */
export type GetTaskRequest = ClientRequestOf<'tasks/get'>;
/** `tasks/result`, either direction. 2025-11-25 only. */
export type GetTaskPayloadRequest = ClientRequestOf<'tasks/result'>;
/** `tasks/cancel`, either direction. 2025-11-25 only. */
export type CancelTaskRequest = ClientRequestOf<'tasks/cancel'>;
/** `tasks/list`, either direction. 2025-11-25 only. */
export type ListTasksRequest = ClientRequestOf<'tasks/list'>;
/** `sampling/createMessage` as a JSON-RPC request. Until 2025-11-25 (then an `InputRequest`). */
export type CreateMessageRequest = ServerRequestOf<'sampling/createMessage'>;
/** `elicitation/create` as a JSON-RPC request. 2025-06-18 to 2025-11-25 (then an `InputRequest`). */
export type ElicitRequest = ServerRequestOf<'elicitation/create'>;
/** `roots/list` as a JSON-RPC request. Until 2025-11-25 (then an `InputRequest`). */
export type ListRootsRequest = ServerRequestOf<'roots/list'>;

/** `notifications/cancelled`, either direction. */
export type CancelledNotification = ClientNotificationOf<'notifications/cancelled'>;
/** `notifications/initialized`. Until 2025-11-25. */
export type InitializedNotification = ClientNotificationOf<'notifications/initialized'>;
/** `notifications/progress`, either direction (server only since 2026-07-28). */
export type ProgressNotification = ClientNotificationOf<'notifications/progress'>;
/** `notifications/roots/list_changed`. Until 2025-11-25. */
export type RootsListChangedNotification = ClientNotificationOf<'notifications/roots/list_changed'>;
/** `notifications/tasks/status`, either direction. 2025-11-25 only. */
export type TaskStatusNotification = ClientNotificationOf<'notifications/tasks/status'>;
/** `notifications/message`. */
export type LoggingMessageNotification = ServerNotificationOf<'notifications/message'>;
/** `notifications/resources/updated`. */
export type ResourceUpdatedNotification = ServerNotificationOf<'notifications/resources/updated'>;
/** `notifications/resources/list_changed`. */
export type ResourceListChangedNotification = ServerNotificationOf<'notifications/resources/list_changed'>;
/** `notifications/tools/list_changed`. */
export type ToolListChangedNotification = ServerNotificationOf<'notifications/tools/list_changed'>;
/** `notifications/prompts/list_changed`. */
export type PromptListChangedNotification = ServerNotificationOf<'notifications/prompts/list_changed'>;
/** `notifications/elicitation/complete`. 2025-11-25 only. */
export type ElicitationCompleteNotification = ServerNotificationOf<'notifications/elicitation/complete'>;
/** `notifications/subscriptions/acknowledged`. Since 2026-07-28. */
export type SubscriptionsAcknowledgedNotification = ServerNotificationOf<'notifications/subscriptions/acknowledged'>;

/** The response to `tools/call`. */
export type CallToolResultResponse = ResultResponse<ClientRequestResult<'tools/call'>>;
/** The response to `completion/complete`. */
export type CompleteResultResponse = ResultResponse<CompleteResult>;
/** The response to `server/discover`. */
export type DiscoverResultResponse = ResultResponse<DiscoverResult>;
/** The response to `prompts/get`. */
export type GetPromptResultResponse = ResultResponse<ClientRequestResult<'prompts/get'>>;
/** The response to `prompts/list`. */
export type ListPromptsResultResponse = ResultResponse<ListPromptsResult>;
/** The response to `resources/templates/list`. */
export type ListResourceTemplatesResultResponse = ResultResponse<ListResourceTemplatesResult>;
/** The response to `resources/list`. */
export type ListResourcesResultResponse = ResultResponse<ListResourcesResult>;
/** The response to `tools/list`. */
export type ListToolsResultResponse = ResultResponse<ListToolsResult>;
/** The response to `resources/read`. */
export type ReadResourceResultResponse = ResultResponse<ClientRequestResult<'resources/read'>>;
/** The response to `subscriptions/listen`. */
export type SubscriptionsListenResultResponse = ResultResponse<SubscriptionsListenResult>;
