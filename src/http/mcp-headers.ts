/**
 * The request headers of Streamable HTTP in the modern revision (2026-07-28), for both
 * sides: `Mcp-Method`, `Mcp-Name`, the `Mcp-Param-*` headers a tool's `x-mcp-header`
 * annotations ask for (which properties carry one is the tool definition's rule:
 * `protocol/tool-headers.ts`), and the Base64 sentinel that carries values a header cannot
 * hold. Runtime-neutral: `atob`, `btoa` and the text codecs only.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import type { HeaderParam } from '../protocol/tool-headers.js';

/** The header mirroring the request's method. */
export const METHOD_HEADER = 'mcp-method';
/** The header mirroring `params.name` or `params.uri`. */
export const NAME_HEADER = 'mcp-name';
/** The prefix of the headers mirroring tool arguments. */
export const PARAM_HEADER_PREFIX = 'mcp-param-';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
/** Canonical Base64 with padding: what a conforming client sends inside the sentinel. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Visible ASCII, space and tab: what a header value may hold on the wire. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * A header value for `value`: as it is when a header can carry it, else the Base64 sentinel
 * (`=?base64?...?=` of its UTF-8 bytes). Non-ASCII text, control characters, leading or
 * trailing whitespace, and text that looks like the sentinel itself are encoded.
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e]*$/.test(value) && value.trim() === value && !SENTINEL.test(value);
  if (plain) return value;
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/**
 * The value a header carries: surrounding whitespace removed (RFC 9110), the Base64 sentinel
 * decoded. `undefined` when it holds characters a header may not, or a sentinel whose content
 * is not canonical, padded Base64 of UTF-8 text. A value merely resembling the sentinel (no
 * suffix, say) is literal.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  if (!FIELD_VALUE.test(raw)) return undefined;
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  const encoded = SENTINEL.exec(value)?.[1];
  if (encoded === undefined) return value;
  if (!BASE64.test(encoded)) return undefined;
  const binary = atob(encoded);
  // Unused bits in the last character must be zero, or two encodings would mean one value.
  if (btoa(binary) !== encoded) return undefined;
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The body value `Mcp-Name` mirrors for `method` (`params.name`, `params.uri`, or the task of
 * the tasks extension's methods), if it has one.
 */
export function nameSource(method: string): 'name' | 'uri' | 'taskId' | undefined {
  switch (method) {
    case 'tools/call':
    case 'prompts/get':
      return 'name';
    case 'resources/read':
      return 'uri';
    case 'tasks/get':
    case 'tasks/update':
    case 'tasks/cancel':
      return 'taskId';
    default:
      return undefined;
  }
}

/** The argument at `path`, or `undefined` when some step is missing. */
export function argumentAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * An argument as header text: a string as it is, a number in decimal, a boolean as
 * `true`/`false`. `undefined` for `null`, absent, and values no header can mirror.
 */
export function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The `Mcp-Param-*` headers for a call with `args`, encoded; none for arguments absent or null. */
export function paramHeaders(params: readonly HeaderParam[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of params) {
    const text = argumentText(argumentAt(args, param.path));
    if (text !== undefined) headers[`Mcp-Param-${param.header}`] = encodeHeaderValue(text);
  }
  return headers;
}

/**
 * Whether a decoded header agrees with the body value it mirrors: numbers compare as numbers
 * (`42.0` is `42`), booleans as `true`/`false`, strings exactly.
 */
export function headerMatches(header: string, value: unknown): boolean {
  if (typeof value === 'number') return header.trim() !== '' && Number(header) === value;
  if (typeof value === 'boolean') return header === String(value);
  return typeof value === 'string' && header === value;
}
