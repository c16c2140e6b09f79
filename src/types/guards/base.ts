/**
 * Guards for the shared building blocks: identifiers, metadata, `_meta` objects, params and result bases.
 * @module
 */
import { LOGGING_LEVELS } from '../logging.js';
import { clientCapabilities } from './capabilities.js';
import { anyObject, array, enumOf, int, obj, range, requestId, str, type Guard, type Shape } from './kit.js';

/** `ProgressToken`: a string or an integer. */
export const progressToken: Guard = (v) =>
  typeof v === 'string' || Number.isInteger(v) ? undefined : 'expected string or integer';

/** `Role`. */
export const role: Guard = enumOf(['user', 'assistant']);

/** `LoggingLevel`. */
export const loggingLevel: Guard = enumOf(LOGGING_LEVELS);

/** `Icon`. */
export const icon: Guard = obj({ src: str }, { mimeType: str, sizes: array(str), theme: enumOf(['light', 'dark']) });

/** The optional `icons` member. */
export const iconsMember: Shape = { icons: array(icon) };

/** `BaseMetadata`. */
export const baseMetadata: Guard = obj({ name: str }, { title: str });

/** `Implementation`. */
export const implementation: Guard = obj(
  { name: str, version: str },
  { title: str, description: str, websiteUrl: str, ...iconsMember },
);

/** `Annotations`. */
export const annotations: Guard = obj({}, { audience: array(role), priority: range(0, 1), lastModified: str });

/** `RelatedTaskMetadata`. */
export const relatedTaskMetadata: Guard = obj({ taskId: str });

/** `TaskMetadata`: the `task` param that makes a request task-augmented. */
export const taskMetadata: Guard = obj({}, { ttl: int });

const relatedTask = { 'io.modelcontextprotocol/related-task': relatedTaskMetadata };

const requestMetaMembers: Shape = {
  progressToken,
  'io.modelcontextprotocol/clientInfo': implementation,
  'io.modelcontextprotocol/logLevel': loggingLevel,
  ...relatedTask,
};

/** A request's `_meta`, revision-neutral: the reserved keys are type-checked when present. */
export const requestMeta: Guard = obj(
  {},
  {
    ...requestMetaMembers,
    'io.modelcontextprotocol/protocolVersion': str,
    'io.modelcontextprotocol/clientCapabilities': clientCapabilities,
  },
);

/** `RequestMetaObject`: a request's `_meta` as 2026-07-28 requires it. */
export const requestMetaObject: Guard = obj(
  { 'io.modelcontextprotocol/protocolVersion': str, 'io.modelcontextprotocol/clientCapabilities': clientCapabilities },
  requestMetaMembers,
);

/** `NotificationMetaObject`. */
export const notificationMeta: Guard = obj({}, { 'io.modelcontextprotocol/subscriptionId': requestId, ...relatedTask });

const serverInfo = { 'io.modelcontextprotocol/serverInfo': implementation };

/** `ResultMetaObject`. */
export const resultMeta: Guard = obj({}, { ...serverInfo, ...relatedTask });

/** `SubscriptionsListenResultMetaObject`. */
export const subscriptionsListenResultMeta: Guard = obj(
  { 'io.modelcontextprotocol/subscriptionId': requestId },
  serverInfo,
);

/** Optional members of every request's params. */
export const requestParamsMembers: Shape = { _meta: requestMeta };

/** Optional members of every notification's params. */
export const notificationParamsMembers: Shape = { _meta: notificationMeta };

/** Optional members of every result. `resultType` is only required by 2026-07-28, so it is optional here. */
export const resultMembers: Shape = { _meta: resultMeta, resultType: str };

/** Optional members of a paginated result. */
export const paginatedResultMembers: Shape = { ...resultMembers, nextCursor: str };

/** The caching hints, with their types; required of complete results by 2026-07-28 only. */
export const cacheMembers: Shape = { ttlMs: int, cacheScope: enumOf(['public', 'private']) };

/** `RequestParams`. */
export const requestParams: Guard = obj({}, requestParamsMembers);

/** `NotificationParams`. */
export const notificationParams: Guard = obj({}, notificationParamsMembers);

/** `PaginatedRequestParams`. */
export const paginatedRequestParams: Guard = obj({}, { ...requestParamsMembers, cursor: str });

/** `Result` (and `EmptyResult`): any object whose common members are well-typed. */
export const result: Guard = obj({}, resultMembers);

/** `PaginatedResult`. */
export const paginatedResult: Guard = obj({}, paginatedResultMembers);

/** `CacheableResult`: the abstract base whose purpose is the caching hints, so they are required here. */
export const cacheableResult: Guard = obj(cacheMembers, resultMembers);

/** `MetaObject`: any object. */
export const metaObject: Guard = anyObject;
