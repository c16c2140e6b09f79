/**
 * The request headers of Streamable HTTP in the stateless revision (2026-07-28), for both
 * sides: `Mcp-Method`, `Mcp-Name`, the `Mcp-Param-*` headers a tool's `x-mcp-header`
 * annotations ask for, and the Base64 sentinel that carries values a header cannot hold.
 * Runtime-neutral: `atob`, `btoa` and the text codecs only.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';

/** The header mirroring the request's method. */
export const METHOD_HEADER = 'mcp-method';
/** The header mirroring `params.name` or `params.uri`. */
export const NAME_HEADER = 'mcp-name';
/** The prefix of the headers mirroring tool arguments. */
export const PARAM_HEADER_PREFIX = 'mcp-param-';

/** The JSON Schema keyword that asks for an argument to be mirrored into a header. */
export const HEADER_ANNOTATION = 'x-mcp-header';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
/** Canonical Base64 with padding: what a conforming client sends inside the sentinel. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 9110 `token`: the characters a header name may hold. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
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

/** The body value `Mcp-Name` mirrors for `method` (`params.name` or `params.uri`), if it has one. */
export function nameSource(method: string): 'name' | 'uri' | undefined {
  switch (method) {
    case 'tools/call':
    case 'prompts/get':
      return 'name';
    case 'resources/read':
      return 'uri';
    default:
      return undefined;
  }
}

/** One argument a tool asks to be mirrored into a header. */
export interface HeaderParam {
  /** The name portion: the header is `Mcp-Param-{header}`. */
  readonly header: string;
  /** The chain of `properties` keys from the schema root to the argument. */
  readonly path: readonly string[];
}

/** Why a tool's `x-mcp-header` annotations cannot be used. */
export class HeaderAnnotationError extends TypeError {
  /** The property path of the offending annotation (`region`, `filter.region`). */
  readonly property: string;

  constructor(message: string, property: string) {
    super(message);
    this.name = 'HeaderAnnotationError';
    this.property = property;
  }
}

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'boolean']);
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'items', 'additionalItems', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'not', 'if', 'then', 'else',
  'contains', 'propertyNames', 'contentSchema',
];
/** Keywords whose value is an array of schemas. */
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords whose value maps names to schemas (`properties` is walked on its own). */
const SCHEMA_MAP_KEYWORDS = ['patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

const parsed = new WeakMap<object, readonly HeaderParam[]>();

/**
 * The arguments an input schema's `x-mcp-header` annotations mirror into headers. Throws a
 * {@link HeaderAnnotationError} for an annotation the spec does not allow: not a non-empty
 * header token, a repeat (case-insensitively) of another, on a property whose type is not
 * string, integer or boolean, or anywhere but a property reached from the root through
 * `properties` alone. Remembered per schema object, so a tool is checked once.
 */
export function headerParams(inputSchema: unknown): readonly HeaderParam[] {
  if (!isObject(inputSchema)) return [];
  const known = parsed.get(inputSchema);
  if (known) return known;
  const found: HeaderParam[] = [];
  walk(inputSchema, [], true, found);
  const seen = new Map<string, string>();
  for (const param of found) {
    const key = param.header.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined) {
      throw new HeaderAnnotationError(
        `x-mcp-header ${JSON.stringify(param.header)} repeats the one on ${JSON.stringify(other)}: header names must be unique, ignoring case`,
        param.path.join('.'),
      );
    }
    seen.set(key, param.path.join('.'));
  }
  const frozen = Object.freeze(found);
  parsed.set(inputSchema, frozen);
  return frozen;
}

/**
 * Checks a tool definition's annotations; throws an error naming the tool and the property.
 * Registration calls it, so a server never offers a tool clients would have to drop.
 */
export function checkToolHeaders(tool: { name: string; inputSchema?: unknown }): void {
  try {
    headerParams(tool.inputSchema);
  } catch (error) {
    if (!(error instanceof HeaderAnnotationError)) throw error;
    throw new HeaderAnnotationError(`Tool ${JSON.stringify(tool.name)}: inputSchema property ${JSON.stringify(error.property)}: ${error.message}`, error.property);
  }
}

/**
 * Walks a schema. `reachable`: the schema is the root or a property reached from it through
 * `properties` keys only, where an annotation may stand. Only schema keywords are entered, so
 * an `x-mcp-header` key inside data (`default`, `examples`, `const`) is not taken for one.
 */
function walk(schema: Record<string, unknown>, path: string[], reachable: boolean, found: HeaderParam[]): void {
  const where = path.length === 0 ? '(the schema root)' : path.join('.');
  if (HEADER_ANNOTATION in schema) {
    const header = schema[HEADER_ANNOTATION];
    if (!reachable || path.length === 0) {
      throw new HeaderAnnotationError('x-mcp-header may only annotate a property reached from the schema root through "properties" alone (not items, composition, conditionals or $ref)', where);
    }
    if (typeof header !== 'string' || header.length === 0) {
      throw new HeaderAnnotationError(`x-mcp-header must be a non-empty string, got ${JSON.stringify(header)}`, where);
    }
    if (!TOKEN.test(header)) {
      throw new HeaderAnnotationError(`x-mcp-header ${JSON.stringify(header)} is not a valid header name: only letters, digits and !#$%&'*+-.^_\`|~ are allowed`, where);
    }
    const type = schema.type;
    const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
    if (types.length === 0 || !types.every((t) => typeof t === 'string' && PRIMITIVE_TYPES.has(t))) {
      throw new HeaderAnnotationError(`x-mcp-header may only annotate a property of type string, integer or boolean, not ${JSON.stringify(type ?? 'untyped')}`, where);
    }
    found.push({ header, path: [...path] });
  }
  const properties = schema.properties;
  if (isObject(properties)) {
    for (const [name, sub] of Object.entries(properties)) {
      if (isObject(sub)) walk(sub, [...path, name], reachable, found);
    }
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    const sub = schema[keyword];
    if (isObject(sub)) walk(sub, [...path, keyword], false, found);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => isObject(sub) && walk(sub, [...path, `${keyword}[${i}]`], false, found));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      if (isObject(sub)) walk(sub, [...path, keyword, name], false, found);
    }
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
