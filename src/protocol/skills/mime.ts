/**
 * The MIME type a skill file is served with, by its extension: the types of the files skills
 * hold (Markdown, scripts, data, images), the same table as the official SDK's, and
 * `application/octet-stream` for anything else. Whether a file goes out as text or as a blob
 * is decided by its bytes, not by this.
 * @module
 */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  py: 'text/x-python',
  sh: 'application/x-sh',
  bash: 'application/x-sh',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  html: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The type of the file named `name` (its last path segment): by the extension after its last dot. */
export function skillFileMimeType(name: string): string {
  const dot = name.lastIndexOf('.');
  // No dot, or only a leading one (`.env`): no extension.
  if (dot <= 0) return 'application/octet-stream';
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension]! : 'application/octet-stream';
}
