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
    /** The resource's URI, which `resources/read` takes. */
    uri: string;
    /** What it holds, for the model and for people. */
    description?: string;
    /** Its MIME type, when known. */
    mimeType?: string;
    /** Size in bytes of the raw contents, if known. */
    size?: number;
    /** Who it is for, how much it matters, when it last changed. */
    annotations?: Annotations;
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** A family of resources described by an RFC 6570 URI template. */
export type ResourceTemplate = BaseMetadata &
  Icons & {
    /** The RFC 6570 template the URIs of its resources match. */
    uriTemplate: string;
    /** What its resources hold, for the model and for people. */
    description?: string;
    /** Set only if every matching resource has this type. */
    mimeType?: string;
    /** Who its resources are for, and how much they matter. */
    annotations?: Annotations;
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** Params of `resources/list`. */
export type ListResourcesRequestParams = PaginatedRequestParams;

/** The result of `resources/list`. */
export type ListResourcesResult = PaginatedResult &
  CacheableResult & {
    /** The resources of this page. */
    resources: Resource[];
  };

/** Params of `resources/templates/list`. */
export type ListResourceTemplatesRequestParams = PaginatedRequestParams;

/** The result of `resources/templates/list`. */
export type ListResourceTemplatesResult = PaginatedResult &
  CacheableResult & {
    /** The templates of this page. */
    resourceTemplates: ResourceTemplate[];
  };

/** Params of a request about one resource. */
export type ResourceRequestParams = RequestParams & {
  /** The resource's URI. */
  uri: string;
};

/** Params of `resources/read`. `inputResponses` and `requestState` since 2026-07-28. */
export type ReadResourceRequestParams = InputResponseRequestParams & {
  /** The URI of the resource to read. */
  uri: string;
};

/** The result of `resources/read` (or an `InputRequiredResult` since 2026-07-28). */
export type ReadResourceResult = CacheableResult & {
  /** The resource's contents: one item, or several for a resource that has parts (a folder's files). */
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
