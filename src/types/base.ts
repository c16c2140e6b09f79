/**
 * Shared building blocks of the MCP schema, revision-neutral: a field that exists only in some
 * revisions is optional here and its comment names the revisions.
 *
 * Object shapes are type aliases rather than interfaces so that they stay assignable to
 * `Record<string, unknown>` (the JSON-RPC layer's params and result type).
 * @module
 */
import type { RequestId } from '../jsonrpc/message.js';
import type { ClientCapabilities } from './capabilities.js';
import type { LoggingLevel } from './logging.js';
import type { RelatedTaskMetadata } from './tasks.js';

export type { RequestId };

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object whose members are not typed statically (settings objects, schemas, arguments). */
export type JsonObject = Record<string, unknown>;

/** The contents of a `_meta` field: free-form, with some keys reserved by MCP (see `META`). */
export type Meta = Record<string, unknown>;

/** An opaque pagination token. */
export type Cursor = string;

/** Associates progress notifications with the request that asked for them. */
export type ProgressToken = string | number;

/** The sender or recipient of messages in a conversation. */
export type Role = 'user' | 'assistant';

/**
 * What a result carries: `complete` (final) or `input_required` (multi round-trip interim);
 * open-ended. Since 2026-07-28.
 */
export type ResultType = 'complete' | 'input_required' | (string & {});

/**
 * Who may cache a cacheable result: shared intermediaries (`public`) or only the client
 * (`private`). Since 2026-07-28.
 */
export type CacheScope = 'public' | 'private';

/**
 * A method whose complete results may carry caching hints (`ttlMs`, `cacheScope`). The method
 * table marks the same ones (`cacheHints`), and the compiler holds the two together.
 */
export type CacheableMethod =
  'server/discover' | 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list' | 'resources/read';

/** An icon a user interface can show for a tool, resource, prompt or implementation. Since 2025-11-25. */
export type Icon = {
  /** An http(s) URL or a `data:` URI. */
  src: string;
  /** The image's type, when the URL does not say it (`image/png`). */
  mimeType?: string;
  /** Sizes such as `48x48`, or `any` for scalable formats. */
  sizes?: string[];
  /** The background the icon is designed for. */
  theme?: 'light' | 'dark';
};

/** Mixin for things that can carry icons. Since 2025-11-25. */
export type Icons = {
  /** Since 2025-11-25. */
  icons?: Icon[];
};

/** A programmatic name plus an optional display title. */
export type BaseMetadata = {
  /** The identifier programs and models use. */
  name: string;
  /** Display name. Since 2025-06-18. */
  title?: string;
};

/** Identifies an MCP implementation (client or server software). */
export type Implementation = BaseMetadata &
  Icons & {
    version: string;
    /** Since 2025-11-25. */
    description?: string;
    /** Since 2025-11-25. */
    websiteUrl?: string;
  };

/** Hints for clients about how to use or display an object. */
export type Annotations = {
  /** Who the object is for: the `user`, the `assistant` (the model), or both. */
  audience?: Role[];
  /** 0 (least important) to 1 (most important). */
  priority?: number;
  /** ISO 8601 timestamp. Since 2025-06-18. */
  lastModified?: string;
};

/** The `_meta` of a request. The `io.modelcontextprotocol/*` keys are the per-request protocol fields of 2026-07-28. */
export type RequestMeta = {
  /** Asks for `notifications/progress` about this request, which carry this token. */
  progressToken?: ProgressToken;
  /** Required on every request since 2026-07-28. */
  'io.modelcontextprotocol/protocolVersion'?: string;
  /** Since 2026-07-28. */
  'io.modelcontextprotocol/clientInfo'?: Implementation;
  /** Required on every request since 2026-07-28. */
  'io.modelcontextprotocol/clientCapabilities'?: ClientCapabilities;
  /** Opts the request into `notifications/message` at this level and above. Since 2026-07-28. */
  'io.modelcontextprotocol/logLevel'?: LoggingLevel;
  /** 2025-11-25 only. */
  'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
  [key: string]: unknown;
};

/** The request `_meta` as 2026-07-28 requires it: protocol version and client capabilities present. */
export type RequestMetaObject = RequestMeta & {
  /** The revision the request is written in. */
  'io.modelcontextprotocol/protocolVersion': string;
  /** What the client can do, for this request. */
  'io.modelcontextprotocol/clientCapabilities': ClientCapabilities;
};

/** The `_meta` of a notification. */
export type NotificationMeta = {
  /** The `subscriptions/listen` request a notification belongs to. Since 2026-07-28. */
  'io.modelcontextprotocol/subscriptionId'?: RequestId;
  /** 2025-11-25 only. */
  'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
  [key: string]: unknown;
};

/** The `_meta` of a result. */
export type ResultMeta = {
  /** Since 2026-07-28. */
  'io.modelcontextprotocol/serverInfo'?: Implementation;
  /** 2025-11-25 only. */
  'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
  [key: string]: unknown;
};

/** Params every request may carry. */
export type RequestParams = {
  /** Required (and then a `RequestMetaObject`) since 2026-07-28. */
  _meta?: RequestMeta;
};

/** Params every notification may carry. */
export type NotificationParams = {
  /** Metadata: the subscription or task the notification belongs to, and the application's own keys. */
  _meta?: NotificationMeta;
};

/** Params of a paginated list request. */
export type PaginatedRequestParams = RequestParams & {
  /** Where the page starts: the `nextCursor` of the previous page; absent for the first. */
  cursor?: Cursor;
};

/** Fields every result may carry. The protocol layer adds `resultType` for peers that require it. */
export type Result = {
  /** Metadata: who answered (2026-07-28), the task it belongs to, and the application's own keys. */
  _meta?: ResultMeta;
  /** Required since 2026-07-28 (absent means `complete`). */
  resultType?: ResultType;
};

/** A result with no payload of its own. */
export type EmptyResult = Result;

/** A page of a paginated list. */
export type PaginatedResult = Result & {
  /** Present when more items may follow. */
  nextCursor?: Cursor;
};

/** Caching hints carried by list, read and discover results. */
export type CacheableResult = Result & {
  /** Freshness hint in milliseconds. Required on complete results since 2026-07-28. */
  ttlMs?: number;
  /** Required on complete results since 2026-07-28. */
  cacheScope?: CacheScope;
};
