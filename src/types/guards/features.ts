/**
 * Guards for the server features: tools, resources, prompts, completion and logging.
 * @module
 */
import {
  cacheMembers,
  loggingLevel,
  notificationParamsMembers,
  paginatedResultMembers,
  requestParamsMembers,
  resultMembers,
  role,
  taskMetadata,
} from './base.js';
import { prompt, resource, resourceTemplate, tool } from './catalog.js';
import { contentBlock, textOrBlobContents } from './content.js';
import { anyObject, array, bool, int, literal, obj, oneOf, record, str, unknownJson, type Guard } from './kit.js';
import { inputResponseMembers } from './multi-round-trip.js';

const listMembers = { ...paginatedResultMembers, ...cacheMembers };

/** `ListToolsResult`. */
export const listToolsResult: Guard = obj({ tools: array(tool) }, listMembers);

/** `CallToolRequestParams`. */
export const callToolRequestParams: Guard = obj(
  { name: str },
  { ...requestParamsMembers, ...inputResponseMembers, arguments: anyObject, task: taskMetadata },
);

/** `CallToolResult`. */
export const callToolResult: Guard = obj(
  { content: array(contentBlock) },
  { ...resultMembers, structuredContent: unknownJson, isError: bool },
);

/** `ListResourcesResult`. */
export const listResourcesResult: Guard = obj({ resources: array(resource) }, listMembers);

/** `ListResourceTemplatesResult`. */
export const listResourceTemplatesResult: Guard = obj({ resourceTemplates: array(resourceTemplate) }, listMembers);

/** `ResourceRequestParams` (also the params of `resources/subscribe` and `resources/unsubscribe`). */
export const resourceRequestParams: Guard = obj({ uri: str }, requestParamsMembers);

/** `ReadResourceRequestParams`. */
export const readResourceRequestParams: Guard = obj({ uri: str }, { ...requestParamsMembers, ...inputResponseMembers });

/** `ReadResourceResult`. */
export const readResourceResult: Guard = obj(
  { contents: array(textOrBlobContents) },
  { ...resultMembers, ...cacheMembers },
);

/** `ResourceUpdatedNotificationParams`. */
export const resourceUpdatedNotificationParams: Guard = obj({ uri: str }, notificationParamsMembers);

/** `ListPromptsResult`. */
export const listPromptsResult: Guard = obj({ prompts: array(prompt) }, listMembers);

/** `PromptMessage`. */
export const promptMessage: Guard = obj({ role, content: contentBlock });

/** `GetPromptRequestParams`. */
export const getPromptRequestParams: Guard = obj(
  { name: str },
  { ...requestParamsMembers, ...inputResponseMembers, arguments: record(str) },
);

/** `GetPromptResult`. */
export const getPromptResult: Guard = obj({ messages: array(promptMessage) }, { ...resultMembers, description: str });

/** `PromptReference`. */
export const promptReference: Guard = obj({ type: literal('ref/prompt'), name: str }, { title: str });

/** `ResourceTemplateReference` (`ResourceReference` until 2025-03-26). */
export const resourceTemplateReference: Guard = obj({ type: literal('ref/resource'), uri: str });

/** `CompleteRequestParams`. */
export const completeRequestParams: Guard = obj(
  {
    ref: oneOf('type', { 'ref/prompt': promptReference, 'ref/resource': resourceTemplateReference }),
    argument: obj({ name: str, value: str }),
  },
  { ...requestParamsMembers, context: obj({}, { arguments: record(str) }) },
);

/** `CompleteResult`. */
export const completeResult: Guard = obj(
  { completion: obj({ values: array(str, 100) }, { total: int, hasMore: bool }) },
  resultMembers,
);

/** `SetLevelRequestParams`. */
export const setLevelRequestParams: Guard = obj({ level: loggingLevel }, requestParamsMembers);

/** `LoggingMessageNotificationParams`. */
export const loggingMessageNotificationParams: Guard = obj(
  { level: loggingLevel, data: unknownJson },
  { ...notificationParamsMembers, logger: str },
);
