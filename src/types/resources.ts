/**
 * Resources: data a server exposes by URI, listing, reading and change notifications.
 * @module
 */
import type {
  Annotations,
  BaseMetadata,
  CacheableResult,
  Icons,
  Meta,
  NotificationParams,
  PaginatedRequestParams,
  PaginatedResult,
  RequestParams,
} from './base.js';
import type { BlobResourceContents, TextResourceContents } from './content.js';
import type { InputResponseRequestParams } from './multi-round-trip.js';

/** A resource the server can read. */
export type Resource = BaseMetadata &
  Icons & {
    uri: string;
    description?: string;
    mimeType?: string;
    /** Size in bytes of the raw contents, if known. */
    size?: number;
    annotations?: Annotations;
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** A family of resources described by an RFC 6570 URI template. */
export type ResourceTemplate = BaseMetadata &
  Icons & {
    uriTemplate: string;
    description?: string;
    /** Set only if every matching resource has this type. */
    mimeType?: string;
    annotations?: Annotations;
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** Params of `resources/list`. */
export type ListResourcesRequestParams = PaginatedRequestParams;

/** The result of `resources/list`. */
export type ListResourcesResult = PaginatedResult &
  CacheableResult & {
    resources: Resource[];
  };

/** Params of `resources/templates/list`. */
export type ListResourceTemplatesRequestParams = PaginatedRequestParams;

/** The result of `resources/templates/list`. */
export type ListResourceTemplatesResult = PaginatedResult &
  CacheableResult & {
    resourceTemplates: ResourceTemplate[];
  };

/** Params of a request about one resource. */
export type ResourceRequestParams = RequestParams & {
  uri: string;
};

/** Params of `resources/read`. `inputResponses` and `requestState` since 2026-07-28. */
export type ReadResourceRequestParams = InputResponseRequestParams & {
  uri: string;
};

/** The result of `resources/read` (or an `InputRequiredResult` since 2026-07-28). */
export type ReadResourceResult = CacheableResult & {
  contents: (TextResourceContents | BlobResourceContents)[];
};

/** Params of `resources/subscribe`. Until 2025-11-25 (replaced by `subscriptions/listen`). */
export type SubscribeRequestParams = ResourceRequestParams;

/** Params of `resources/unsubscribe`. Until 2025-11-25. */
export type UnsubscribeRequestParams = ResourceRequestParams;

/** Params of `notifications/resources/updated`. */
export type ResourceUpdatedNotificationParams = NotificationParams & {
  /** May be a sub-resource of the URI subscribed to. */
  uri: string;
};
