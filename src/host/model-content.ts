/**
 * MCP content as a model reads it: text and images pass through; what a model API cannot take
 * (audio, binary resources) becomes a line of text saying what was there, so nothing vanishes
 * without a trace.
 * @module
 */
import type { ContentBlock, SamplingMessageContentBlock } from 'mcpkit';
import type { ModelPart } from './model/model.js';

/** One MCP content block as model parts (none for a block that is not content, like `tool_use`). */
export function modelParts(block: ContentBlock | SamplingMessageContentBlock): ModelPart[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }];
    case 'image':
      return [{ type: 'image', data: block.data, mimeType: block.mimeType }];
    case 'audio':
      return [{ type: 'text', text: `[audio ${block.mimeType}, not shown to the model]` }];
    case 'resource_link':
      return [{ type: 'text', text: `[resource ${block.uri}${block.name ? ` (${block.name})` : ''}]` }];
    case 'resource': {
      const contents = block.resource;
      if ('text' in contents && typeof contents.text === 'string')
        return [{ type: 'text', text: `[resource ${contents.uri}]\n${contents.text}` }];
      return [
        {
          type: 'text',
          text: `[resource ${contents.uri}: ${contents.mimeType ?? 'binary'} data, not shown to the model]`,
        },
      ];
    }
    default:
      return [];
  }
}

/** Content blocks as a model's message content: a plain string when it is all text. */
export function modelContent(blocks: readonly (ContentBlock | SamplingMessageContentBlock)[]): string | ModelPart[] {
  const parts = blocks.flatMap(modelParts);
  if (parts.every((part) => part.type === 'text')) return parts.map((part) => part.text).join('\n');
  return parts;
}
