/**
 * Plain JSON Schema: which dialect a schema is written in, and the checks a schema must pass
 * before it is accepted (a dialect this library validates, well formed, no references to other
 * documents).
 * These run synchronously and without a validator, so registering a schema stays cheap.
 * @module
 */
import { findSchemaIssue } from './meta-check.js';
import type { JsonSchema, JsonSchemaDialect } from './types.js';
import { formatPath } from './validator.js';

export type { JsonSchema, JsonSchemaDialect } from './types.js';

/** The `$schema` URI of each dialect (the default one is 2020-12). */
export const DIALECT_URIS: Readonly<Record<JsonSchemaDialect, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/** `$schema` as written, without an empty fragment and with either scheme, to its dialect. */
const DIALECTS: ReadonlyMap<string, JsonSchemaDialect> = new Map([
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
]);

function dialectKey(uri: string): string {
  return uri.replace(/^https?:\/\//, '').replace(/#$/, '');
}

/** The meta-schemas a validator knows without fetching anything; references to them resolve. */
const KNOWN_DOCUMENTS = new Set(Object.values(DIALECT_URIS).map((uri) => new URL(uri).href.replace(/#$/, '')));

/** A JSON Schema that cannot be used: an unsupported dialect, a reference to another document. */
export class SchemaError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** True when `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The dialect of `schema`: 2020-12 unless its `$schema` names draft-07. Throws `SchemaError`
 * for any other `$schema`.
 */
export function dialectOf(schema: JsonSchema): JsonSchemaDialect {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  const dialect = typeof declared === 'string' ? DIALECTS.get(dialectKey(declared)) : undefined;
  if (dialect === undefined) {
    throw new SchemaError(
      `Unsupported JSON Schema dialect ${JSON.stringify(declared)}: use ${DIALECT_URIS['2020-12']} (the default) or ${DIALECT_URIS['draft-07']}`,
    );
  }
  return dialect;
}

/** Keywords whose value is a schema. */
const SCHEMA_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is an array of schemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = [
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'properties',
];

/** Stands in for the base URI of a schema without `$id`, so relative references can be resolved. */
const ANONYMOUS_BASE = 'mcpkit-schema://anonymous/schema.json';

/**
 * Throws `SchemaError` when `schema` refers to another document (`$ref` or `$dynamicRef` to a
 * URL other than the schema itself, a schema it embeds by `$id`, or a dialect's meta-schema).
 * Such references would need fetching, which is never done: a schema must be self-contained.
 * Only keywords that hold schemas are followed, so a `$ref` inside `const` or `default` data,
 * or inside an unknown keyword, is not mistaken for one.
 */
export function checkSelfContained(schema: JsonSchema): void {
  const documents = new Set<string>(KNOWN_DOCUMENTS);
  const refs: { ref: string; base: string }[] = [];

  const visit = (node: unknown, base: string): void => {
    if (!isJsonObject(node)) return;
    if (typeof node.$id === 'string' && !node.$id.startsWith('#')) {
      const id = resolve(node.$id, base);
      if (id !== undefined) {
        base = id;
        documents.add(withoutFragment(id));
      }
    }
    for (const keyword of ['$ref', '$dynamicRef']) {
      const ref = node[keyword];
      if (typeof ref === 'string') refs.push({ ref, base });
    }
    for (const keyword of SCHEMA_KEYWORDS) visit(node[keyword], base);
    for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
      const list = node[keyword];
      if (Array.isArray(list)) for (const item of list) visit(item, base);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = node[keyword];
      if (isJsonObject(map)) for (const key in map) visit(map[key], base);
    }
  };

  const rootBase =
    typeof schema.$id === 'string' ? (resolve(schema.$id, ANONYMOUS_BASE) ?? ANONYMOUS_BASE) : ANONYMOUS_BASE;
  documents.add(withoutFragment(ANONYMOUS_BASE));
  visit(schema, ANONYMOUS_BASE);
  for (const { ref, base } of refs) {
    const target = resolve(ref, base);
    if (target === undefined || !documents.has(withoutFragment(target))) {
      throw new SchemaError(
        `it refers to ${JSON.stringify(ref)}, outside itself; references to other documents are not fetched, so put the referenced schema under $defs and refer to it as "#/$defs/..."`,
      );
    }
    // A JSON Pointer into the schema itself can be checked now rather than at first use.
    const hash = target.indexOf('#');
    const pointer = hash === -1 ? '' : safeDecode(target.slice(hash + 1));
    if (
      pointer.startsWith('/') &&
      withoutFragment(target) === withoutFragment(rootBase) &&
      !pointsInto(schema, pointer)
    ) {
      throw new SchemaError(`it refers to ${JSON.stringify(ref)}, which is not in the schema`);
    }
  }
}

/** True when the JSON Pointer `pointer` (`/$defs/name`) names a member of `root`. */
function pointsInto(root: unknown, pointer: string): boolean {
  let node = root;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key)) node = node[Number(key)];
    else if (isJsonObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
  }
  return node !== undefined;
}

function resolve(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}

/**
 * Checks that `schema` can be validated here: a JSON object, in a supported dialect, well formed
 * (every keyword's value of the kind its meta-schema allows), with no references to other
 * documents. Throws `SchemaError` naming `what` (`inputSchema`) and the path to the problem
 * (`inputSchema.properties.a.type: must be one of ...`) otherwise.
 */
export function checkJsonSchema(schema: unknown, what = 'schema'): asserts schema is JsonSchema {
  if (!isJsonObject(schema)) throw new SchemaError(`${what} must be a JSON Schema object`);
  if (accepted.has(schema)) return;
  let dialect: JsonSchemaDialect;
  try {
    dialect = dialectOf(schema);
  } catch (error) {
    if (error instanceof SchemaError) throw new SchemaError(`${what}: ${error.message}`);
    throw error;
  }
  const issue = findSchemaIssue(schema, dialect);
  if (issue) {
    const path = formatPath(issue.path);
    throw new SchemaError(`${what}${path === '' || path.startsWith('[') ? path : `.${path}`}: ${issue.message}`);
  }
  try {
    checkSelfContained(schema);
  } catch (error) {
    if (error instanceof SchemaError) throw new SchemaError(`${what}: ${error.message}`);
    throw error;
  }
  accepted.add(schema);
}

/** Schema objects already checked: many tools often share one, and a server starts faster. */
const accepted = new WeakSet<object>();
