/**
 * What a tool returns, made fit for the client that asked: the serialized `structuredContent`
 * mirrored as text for clients that only read `content`, and the members and content blocks
 * the client's revision does not define removed or described in text.
 * @module
 */
import { writeJson } from '../jsonrpc/codec.js';
import { isObject } from '../jsonrpc/message.js';
import type { ContentBlock, TextContent } from '../types/content.js';
import { hasField, inSpan, isRevision, VALUE_FORMS, type Span } from '../types/revisions.js';
import type { CallToolResult } from '../types/tools.js';
import { shapeContentBlock } from './prompt-content.js';

/**
 * `result` with a text block holding the JSON of its `structuredContent` when it has
 * structured content but no text, as the spec advises for clients that only read `content`.
 * Throws an `UnserializableMessageError` when JSON cannot write the structured content.
 */
export function withTextMirror(result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined || result.content.some((block) => block.type === 'text')) return result;
  const mirror: TextContent = { type: 'text', text: writeJson(result.structuredContent, 'structured content') };
  return { ...result, content: [...result.content, mirror] };
}

/** Since when `structuredContent` may be any JSON value rather than an object. */
const ANY_STRUCTURED_CONTENT: Span =
  VALUE_FORMS.find((f) => f.type === 'CallToolResult' && f.field === 'structuredContent')?.span ?? {};

/**
 * `result` as `version` defines `CallToolResult`: `structuredContent` only where the revision
 * has it (and in a form it accepts; the text mirror stays), content blocks of types it does not
 * know turned into text describing them, and members it lacks removed from the rest.
 */
export function resultForRevision(result: CallToolResult, version: string): CallToolResult {
  if (!isRevision(version)) return result;
  let shaped = result;
  const structured = result.structuredContent;
  if (
    structured !== undefined &&
    (!hasField('CallToolResult', 'structuredContent', version) ||
      (!isObject(structured) && !inSpan(ANY_STRUCTURED_CONTENT, version)))
  ) {
    const { structuredContent: _dropped, ...rest } = result;
    shaped = rest;
  }
  // A new content array only when a block changed: most results go out as they are.
  let content: ContentBlock[] | undefined;
  for (let i = 0; i < shaped.content.length; i++) {
    const block = shaped.content[i]!;
    const next = shapeContentBlock(block, version);
    if (next !== block) (content ??= shaped.content.slice())[i] = next;
  }
  return content ? { ...shaped, content } : shaped;
}
