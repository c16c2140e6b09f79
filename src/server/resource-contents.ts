/**
 * Building resource contents and the content blocks that carry resources (links and embedded
 * resources), and shaping resource descriptions for a peer's revision.
 * @module
 */
import { toBase64 } from '../internal/base64.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import type { Annotations, Meta } from '../types/base.js';
import type { BlobResourceContents, EmbeddedResource, ResourceLink, TextResourceContents } from '../types/content.js';
import type { Resource } from '../types/resources.js';

/** Contents as a read handler may give them: the URI may be left out when it is the one read. */
export type ResourceContentsInput =
  | (Omit<TextResourceContents, 'uri'> & {
      /** The contents' URI; default the one read. */
      uri?: string;
    })
  | (Omit<BlobResourceContents, 'uri'> & {
      /** The contents' URI; default the one read. */
      uri?: string;
    });

/** Text contents of a resource. */
export function textContents(uri: string, text: string, mimeType?: string): TextResourceContents {
  return mimeType === undefined ? { uri, text } : { uri, mimeType, text };
}

/** Binary contents of a resource; bytes are base64-encoded, a string is taken as base64 already. */
export function blobContents(uri: string, data: Uint8Array | string, mimeType?: string): BlobResourceContents {
  const blob = typeof data === 'string' ? data : toBase64(data);
  return mimeType === undefined ? { uri, blob } : { uri, mimeType, blob };
}

/**
 * A `resource_link` content block pointing at a resource the server can read (for tool results
 * and prompt messages). Clients of revisions before 2025-06-18 get a text block describing it.
 */
export function resourceLink(resource: Resource): ResourceLink {
  return { type: 'resource_link', ...resource };
}

/** A content block that embeds a resource's contents in a tool result or prompt message. */
export function embeddedResource(
  contents: TextResourceContents | BlobResourceContents,
  extra: { annotations?: Annotations; _meta?: Meta } = {},
): EmbeddedResource {
  return { type: 'resource', resource: contents, ...extra };
}

/**
 * A copy of a spec object (`Resource`, `ResourceTemplate`, `Prompt`, `ResourceLink`, ...)
 * without the members, its annotations' included, that `version` does not define. Returns the
 * object itself when nothing needs removing.
 */
export function shapeWithAnnotations<T extends { annotations?: Annotations }>(
  type: string,
  value: T,
  version: string,
): T {
  const shaped = shapeForRevision(type, value, version);
  if (shaped.annotations === undefined) return shaped;
  const annotations = shapeForRevision('Annotations', shaped.annotations, version);
  return annotations === shaped.annotations ? shaped : { ...shaped, annotations };
}

/** Resource contents as `version` defines them (`_meta` since 2025-06-18). */
export function shapeContents<T extends TextResourceContents | BlobResourceContents>(contents: T, version: string): T {
  return shapeForRevision('ResourceContents', contents, version);
}

/**
 * Checks and completes what a read handler returned: the requested URI and the resource's MIME
 * type are filled in where left out. Anything that is not text or blob contents is a bug in the
 * handler, reported as an internal error.
 */
export function completeContents(
  items: readonly ResourceContentsInput[],
  uri: string,
  mimeType: string | undefined,
): (TextResourceContents | BlobResourceContents)[] {
  return items.map((item, i) => {
    const isText = typeof (item as { text?: unknown }).text === 'string';
    const isBlob = typeof (item as { blob?: unknown }).blob === 'string';
    if (isText === isBlob)
      throw new TypeError(`Resource ${uri}: contents[${i}] must have either a string "text" or a string "blob"`);
    const itemUri = item.uri ?? uri;
    const filled = { ...item, uri: itemUri };
    if (filled.mimeType === undefined && mimeType !== undefined && itemUri === uri) filled.mimeType = mimeType;
    return filled as TextResourceContents | BlobResourceContents;
  });
}
