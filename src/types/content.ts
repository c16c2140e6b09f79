/**
 * Content blocks (tool results, prompt messages, sampling) and resource contents.
 * @module
 */
import type { Annotations, Meta } from './base.js';
import type { Resource } from './resources.js';

/** Text for or from a model. */
export type TextContent = {
  type: 'text';
  /** The text. */
  text: string;
  /** Who the content is for, and how much it matters. */
  annotations?: Annotations;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** A base64-encoded image. */
export type ImageContent = {
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  /** The image's type (`image/png`). */
  mimeType: string;
  /** Who the content is for, and how much it matters. */
  annotations?: Annotations;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** Base64-encoded audio. Since 2025-03-26. */
export type AudioContent = {
  type: 'audio';
  /** Base64-encoded bytes. */
  data: string;
  /** The audio's type (`audio/wav`). */
  mimeType: string;
  /** Who the content is for, and how much it matters. */
  annotations?: Annotations;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** A reference to a resource the server can read. Since 2025-06-18. */
export type ResourceLink = Resource & {
  type: 'resource_link';
};

/** A resource's contents embedded in a result or message. */
export type EmbeddedResource = {
  type: 'resource';
  /** The resource's contents, as text or bytes. */
  resource: TextResourceContents | BlobResourceContents;
  /** Who the content is for, and how much it matters. */
  annotations?: Annotations;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** A model's request to call a tool, inside sampling. Since 2025-11-25. */
export type ToolUseContent = {
  type: 'tool_use';
  /** Matched by `ToolResultContent.toolUseId`. */
  id: string;
  /** The tool the model wants to call. */
  name: string;
  /** The arguments the model chose. */
  input: Record<string, unknown>;
  /** Metadata, as MCP's `_meta` everywhere. */
  _meta?: Meta;
};

/** The outcome of a tool use, given back to the model inside sampling. Since 2025-11-25. */
export type ToolResultContent = {
  type: 'tool_result';
  /** The `ToolUseContent.id` of the call this answers. */
  toolUseId: string;
  /** What the tool returned, for the model. */
  content: ContentBlock[];
  /** Any JSON value since 2026-07-28; an object in 2025-11-25. */
  structuredContent?: unknown;
  /** The tool failed: the content says how. */
  isError?: boolean;
  /** Metadata, as MCP's `_meta` everywhere. */
  _meta?: Meta;
};

/** Content of tool results and prompt messages. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** Content of sampling messages. */
export type SamplingMessageContentBlock =
  TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/** Every content `type` tag of any revision. */
export type ContentType = ContentBlock['type'] | SamplingMessageContentBlock['type'];

/** Fields common to the contents of a resource. */
export type ResourceContents = {
  /** The resource's URI. */
  uri: string;
  /** Its MIME type, when known. */
  mimeType?: string;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** Resource contents as text. */
export type TextResourceContents = ResourceContents & {
  /** The contents, as text. */
  text: string;
};

/** Resource contents as base64-encoded bytes. */
export type BlobResourceContents = ResourceContents & {
  /** The contents, as base64-encoded bytes. */
  blob: string;
};
