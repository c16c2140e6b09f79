/**
 * How results look in a terminal: content blocks as text, parameters as signatures, rows
 * aligned in columns.
 * @module
 */

/** Content blocks as a person would read them. */
export function renderContent(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content.map((block: Record<string, unknown>) => renderBlock(block)).join('\n');
}

function renderBlock(block: Record<string, unknown>): string {
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${String(block.type)} ${String(block.mimeType)}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[link ${String(block.uri)}${block.name ? ` (${String(block.name)})` : ''}]`;
    case 'resource':
      return renderResourceContents(block.resource);
    default:
      return JSON.stringify(block);
  }
}

/** One entry of `resources/read` contents, or an embedded resource. */
export function renderResourceContents(contents: unknown): string {
  const c = (contents ?? {}) as Record<string, unknown>;
  if (typeof c.text === 'string') return c.text;
  const mime = typeof c.mimeType === 'string' ? `${c.mimeType}, ` : '';
  return `[${String(c.uri)}: ${mime}${base64Bytes(c.blob)} bytes of binary data]`;
}

function base64Bytes(data: unknown): number {
  const text = typeof data === 'string' ? data.replace(/=+$/, '') : '';
  return Math.floor((text.length * 3) / 4);
}

/** `a: number, b?: string` from an object schema. */
export function describeParams(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return '';
  const { properties, required } = schema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  if (!properties) return '';
  return Object.entries(properties)
    .map(
      ([key, prop]) =>
        `${key}${required?.includes(key) ? '' : '?'}: ${Array.isArray(prop.type) ? prop.type.join('|') : String(prop.type ?? 'any')}`,
    )
    .join(', ');
}

/** Rows of [left, right], the left column padded to the widest. */
export function columns(rows: [string, string][], indent = '  '): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${indent}${left.padEnd(width)}  ${right}`.trimEnd());
}
