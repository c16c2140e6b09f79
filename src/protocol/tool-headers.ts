/**
 * The `x-mcp-header` annotations of a tool's input schema (2026-07-28): which properties may
 * carry one, and what makes one invalid. A rule of the tool definition, not of HTTP: the server
 * checks a tool's annotations when it is registered, so it never offers one a client would have
 * to drop, and the HTTP client learns them from `tools/list` to mirror arguments into
 * `Mcp-Param-*` headers (`../http/mcp-headers.ts` encodes those).
 * @module
 */
import { isObject } from '../jsonrpc/message.js';

/** The JSON Schema keyword that asks for an argument to be mirrored into a header. */
export const HEADER_ANNOTATION = 'x-mcp-header';

/** RFC 9110 `token`: the characters a header name may hold. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

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
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
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
    throw new HeaderAnnotationError(
      `Tool ${JSON.stringify(tool.name)}: inputSchema property ${JSON.stringify(error.property)}: ${error.message}`,
      error.property,
    );
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
      throw new HeaderAnnotationError(
        'x-mcp-header may only annotate a property reached from the schema root through "properties" alone (not items, composition, conditionals or $ref)',
        where,
      );
    }
    if (typeof header !== 'string' || header.length === 0) {
      throw new HeaderAnnotationError(`x-mcp-header must be a non-empty string, got ${JSON.stringify(header)}`, where);
    }
    if (!TOKEN.test(header)) {
      throw new HeaderAnnotationError(
        `x-mcp-header ${JSON.stringify(header)} is not a valid header name: only letters, digits and !#$%&'*+-.^_\`|~ are allowed`,
        where,
      );
    }
    const type = schema.type;
    const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
    if (types.length === 0 || !types.every((t) => typeof t === 'string' && PRIMITIVE_TYPES.has(t))) {
      throw new HeaderAnnotationError(
        `x-mcp-header may only annotate a property of type string, integer or boolean, not ${JSON.stringify(type ?? 'untyped')}`,
        where,
      );
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
    if (Array.isArray(list))
      list.forEach((sub, i) => isObject(sub) && walk(sub, [...path, `${keyword}[${i}]`], false, found));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      if (isObject(sub)) walk(sub, [...path, keyword, name], false, found);
    }
  }
}
