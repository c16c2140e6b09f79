/**
 * Guards for content blocks and resource contents.
 * @module
 */
import { annotations } from './base.js';
import { resourceOptional, resourceRequired } from './catalog.js';
import { anyObject, array, bool, literal, obj, oneOf, select, str, unknownJson, when, type Guard } from './kit.js';

/** `ResourceContents`. */
export const resourceContents: Guard = obj({ uri: str }, { mimeType: str, _meta: anyObject });

/** `TextResourceContents`. */
export const textResourceContents: Guard = obj({ uri: str, text: str }, { mimeType: str, _meta: anyObject });

/** `BlobResourceContents`. */
export const blobResourceContents: Guard = obj({ uri: str, blob: str }, { mimeType: str, _meta: anyObject });

/** Text or blob contents, told apart by which payload member is present. */
export const textOrBlobContents: Guard = select((o) =>
  o.text === undefined && o.blob !== undefined ? blobResourceContents : textResourceContents,
);

const common = { annotations, _meta: anyObject };

/** `TextContent`. */
export const textContent: Guard = obj({ type: literal('text'), text: str }, common);

/** `ImageContent`. */
export const imageContent: Guard = obj({ type: literal('image'), data: str, mimeType: str }, common);

/** `AudioContent`. */
export const audioContent: Guard = obj({ type: literal('audio'), data: str, mimeType: str }, common);

/** `ResourceLink`. */
export const resourceLink: Guard = obj({ type: literal('resource_link'), ...resourceRequired }, resourceOptional);

/** `EmbeddedResource`. */
export const embeddedResource: Guard = obj({ type: literal('resource'), resource: textOrBlobContents }, common);

/** `ContentBlock`. */
export const contentBlock: Guard = oneOf('type', {
  text: textContent,
  image: imageContent,
  audio: audioContent,
  resource_link: resourceLink,
  resource: embeddedResource,
});

/** `ToolUseContent`. */
export const toolUseContent: Guard = obj(
  { type: literal('tool_use'), id: str, name: str, input: anyObject },
  { _meta: anyObject },
);

/** `ToolResultContent`. */
export const toolResultContent: Guard = obj(
  { type: literal('tool_result'), toolUseId: str, content: array(contentBlock) },
  { structuredContent: unknownJson, isError: bool, _meta: anyObject },
);

/** `SamplingMessageContentBlock`. */
export const samplingMessageContentBlock: Guard = oneOf('type', {
  text: textContent,
  image: imageContent,
  audio: audioContent,
  tool_use: toolUseContent,
  tool_result: toolResultContent,
});

/** The `content` of sampling messages and results: one block, or an array of blocks. */
export const samplingContent: Guard = when(
  Array.isArray,
  array(samplingMessageContentBlock),
  samplingMessageContentBlock,
);
