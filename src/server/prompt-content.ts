/**
 * Content blocks as a peer's revision defines them: members it lacks are removed, and block
 * types it lacks become text blocks describing them, so an older client still learns that there
 * was audio or a link to a resource rather than failing on an unknown type.
 * @module
 */
import type { AudioContent, ContentBlock, ResourceLink, TextContent } from '../types/content.js';
import { CONTENT_TYPES, inSpan, isRevision } from '../types/revisions.js';
import { shapeContents, shapeWithAnnotations } from './resource-contents.js';

const TYPE_NAMES: Readonly<Record<ContentBlock['type'], string>> = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource: 'EmbeddedResource',
  resource_link: 'ResourceLink',
};

/** `block` as `version` defines it; the block itself when nothing needs changing. */
export function shapeContentBlock(block: ContentBlock, version: string): ContentBlock {
  if (!isRevision(version)) return block;
  const span = CONTENT_TYPES.ContentBlock[block.type];
  const missing = span !== undefined && !inSpan(span, version);
  if (missing && (block.type === 'audio' || block.type === 'resource_link'))
    return shapeContentBlock(describe(block), version);
  const shaped = shapeWithAnnotations(TYPE_NAMES[block.type], block, version);
  if (shaped.type !== 'resource') return shaped;
  const resource = shapeContents(shaped.resource, version);
  return resource === shaped.resource ? shaped : { ...shaped, resource };
}

/** A text block standing for audio or a resource link, which the peer's revision cannot carry. */
function describe(block: AudioContent | ResourceLink): TextContent {
  const text = block.type === 'audio' ? describeAudio(block) : describeLink(block);
  return block.annotations === undefined
    ? { type: 'text', text }
    : { type: 'text', text, annotations: block.annotations };
}

function describeAudio(block: AudioContent): string {
  // Base64 carries 3 bytes in every 4 characters, less the padding.
  const bytes = Math.floor((block.data.replace(/=+$/, '').length * 3) / 4);
  return `[Audio (${block.mimeType}, ${bytes} bytes) left out: this client's protocol revision cannot carry audio]`;
}

function describeLink(block: ResourceLink): string {
  const label = block.title ?? block.name;
  const details = [block.mimeType, block.description].filter((d) => d !== undefined).join('; ');
  return `[Resource "${label}" at ${block.uri}${details === '' ? '' : ` (${details})`}]`;
}
