/**
 * Whether a JSON Schema is well formed: each keyword that the validator understands holds a
 * value of the kind its dialect's meta-schema allows (`type` names a JSON type, `required` lists
 * unique names, `pattern` is a regular expression, subschemas are schemas, ...). Written by
 * hand rather than by validating against the meta-schema with Ajv, so registering a schema
 * never loads Ajv and a server that never validates never pays for it. Unknown keywords are
 * left alone, as the validator leaves them.
 * @module
 */
import { canonicalJson } from '../internal/canonical-json.js';
import type { JsonSchemaDialect } from './types.js';

/** What is wrong, and where: the keys from the schema's root to the offending value. */
export interface SchemaIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

type Path = (string | number)[];
/** Checks one keyword's value; `schema` checks a subschema in the same dialect. */
type Rule = (value: unknown, path: Path, schema: Rule) => SchemaIssue | undefined;

const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** The first problem in `schema`, read as `dialect`, or `undefined` when it is well formed. */
export function findSchemaIssue(schema: unknown, dialect: JsonSchemaDialect): SchemaIssue | undefined {
  const rules = dialect === 'draft-07' ? DRAFT_07 : DRAFT_2020_12;
  const visit: Rule = (value, path) => {
    if (typeof value === 'boolean') return undefined;
    if (!isObject(value)) return issue(path, `must be a schema (an object, or true or false), not ${describe(value)}`);
    for (const keyword of Object.keys(value)) {
      const rule = rules.get(keyword);
      const found = rule?.(value[keyword], [...path, keyword], visit);
      if (found) return found;
    }
    return undefined;
  };
  return visit(schema, [], visit);
}

function issue(path: Path, message: string): SchemaIssue {
  return { path, message };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as an error message shows it: short values as JSON, others by kind. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const anything: Rule = () => undefined;
const subschema: Rule = (v, path, schema) => schema(v, path, schema);
const string: Rule = (v, path) =>
  typeof v === 'string' ? undefined : issue(path, `must be a string, not ${describe(v)}`);
const boolean: Rule = (v, path) =>
  typeof v === 'boolean' ? undefined : issue(path, `must be true or false, not ${describe(v)}`);
const number: Rule = (v, path) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : issue(path, `must be a number, not ${describe(v)}`);
const positive: Rule = (v, path) =>
  number(v, path, anything) ??
  ((v as number) > 0 ? undefined : issue(path, `must be greater than 0, not ${describe(v)}`));
const count: Rule = (v, path) =>
  Number.isInteger(v) && (v as number) >= 0
    ? undefined
    : issue(path, `must be a whole number of at least 0, not ${describe(v)}`);
const array: Rule = (v, path) => (Array.isArray(v) ? undefined : issue(path, `must be an array, not ${describe(v)}`));

const regex: Rule = (v, path) => string(v, path, anything) ?? regexIssue(v as string, path);

function regexIssue(pattern: string, path: Path): SchemaIssue | undefined {
  try {
    // The validator compiles patterns as Unicode regular expressions, as JSON Schema asks.
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return issue(path, `must be a valid regular expression: ${(error as Error).message}`);
  }
}

/** The first value of `items` that repeats an earlier one, compared as JSON. */
function repeated(items: readonly unknown[]): { at: number; value: unknown } | undefined {
  const seen = new Set<string>();
  for (let at = 0; at < items.length; at++) {
    const key = typeof items[at] === 'string' ? `s${items[at] as string}` : canonicalJson(items[at]);
    if (seen.has(key)) return { at, value: items[at] };
    seen.add(key);
  }
  return undefined;
}

const uniqueStrings: Rule = (v, path) => {
  if (!Array.isArray(v)) return issue(path, `must be an array of strings, not ${describe(v)}`);
  const other = v.findIndex((item) => typeof item !== 'string');
  if (other !== -1) return issue([...path, other], `must be a string, not ${describe(v[other])}`);
  const twice = repeated(v);
  return twice && issue([...path, twice.at], `repeats ${describe(twice.value)}: each name may appear once`);
};

const type: Rule = (v, path) => {
  const named = (name: unknown): boolean => typeof name === 'string' && TYPES.includes(name);
  const list = TYPES.map((t) => `"${t}"`).join(', ');
  if (named(v)) return undefined;
  if (!Array.isArray(v)) return issue(path, `must be one of ${list}, or an array of them, not ${describe(v)}`);
  if (v.length === 0) return issue(path, 'must name at least one type');
  const unknown = v.findIndex((name) => !named(name));
  if (unknown !== -1) return issue([...path, unknown], `must be one of ${list}, not ${describe(v[unknown])}`);
  const twice = repeated(v);
  return twice && issue([...path, twice.at], `repeats ${describe(twice.value)}: each type may appear once`);
};

const schemaList: Rule = (v, path, schema) => {
  if (!Array.isArray(v) || v.length === 0)
    return issue(
      path,
      `must be a non-empty array of schemas, not ${Array.isArray(v) ? 'an empty array' : describe(v)}`,
    );
  for (let i = 0; i < v.length; i++) {
    const found = schema(v[i], [...path, i], schema);
    if (found) return found;
  }
  return undefined;
};

/** An object whose every member passes `member`. */
function mapOf(member: Rule): Rule {
  return (v, path, schema) => {
    if (!isObject(v)) return issue(path, `must be an object, not ${describe(v)}`);
    for (const key of Object.keys(v)) {
      const found = member(v[key], [...path, key], schema);
      if (found) return found;
    }
    return undefined;
  };
}

const schemaMap = mapOf(subschema);

const patternMap: Rule = (v, path, schema) => {
  if (!isObject(v)) return issue(path, `must be an object, not ${describe(v)}`);
  for (const key of Object.keys(v)) {
    const found = regexIssue(key, [...path, key]) ?? schema(v[key], [...path, key], schema);
    if (found) return found;
  }
  return undefined;
};

// `dependencies` (draft-07, kept by 2020-12): a schema, or the names a property requires.
const dependencies = mapOf((v, path, schema) =>
  Array.isArray(v) ? uniqueStrings(v, path, schema) : schema(v, path, schema),
);

// 2020-12: an `$id` names a resource; a fragment other than an empty one is an anchor's job.
const id2020: Rule = (v, path) =>
  string(v, path, anything) ??
  (/^[^#]*#?$/.test(v as string)
    ? undefined
    : issue(path, `must not have a fragment (that is what $anchor is for), not ${describe(v)}`));

// The validator resolves dynamic references only within the schema, by anchor.
const fragment: Rule = (v, path) =>
  string(v, path, anything) ??
  ((v as string).startsWith('#')
    ? undefined
    : issue(path, `must be a fragment of this schema ("#name"), not ${describe(v)}`));

// 2019-09's keyword, which 2020-12 replaced with $dynamicAnchor; the validator refuses any value.
const unsupported: Rule = (_v, path) => issue(path, `is not supported: use $dynamicAnchor`);

const anchor: Rule = (v, path) =>
  string(v, path, anything) ??
  (ANCHOR.test(v as string)
    ? undefined
    : issue(path, `must be a letter or underscore followed by letters, digits, "-", "_" or ".", not ${describe(v)}`));

const nonEmptyArray: Rule = (v, path) =>
  Array.isArray(v) && v.length > 0
    ? undefined
    : issue(path, `must be a non-empty array, not ${Array.isArray(v) ? 'an empty array' : describe(v)}`);

const uniqueArray: Rule = (v, path) => {
  if (!Array.isArray(v) || v.length === 0)
    return issue(path, `must be a non-empty array, not ${Array.isArray(v) ? 'an empty array' : describe(v)}`);
  const twice = repeated(v);
  return twice && issue([...path, twice.at], `repeats ${describe(twice.value)}: each value may appear once`);
};

/** Keywords both dialects define alike. */
const COMMON: [string, Rule][] = [
  ['$id', string],
  ['$schema', string],
  ['$ref', string],
  ['$comment', string],
  ['title', string],
  ['description', string],
  ['default', anything],
  ['readOnly', boolean],
  ['examples', array],
  ['multipleOf', positive],
  ['maximum', number],
  ['exclusiveMaximum', number],
  ['minimum', number],
  ['exclusiveMinimum', number],
  ['maxLength', count],
  ['minLength', count],
  ['pattern', regex],
  ['maxItems', count],
  ['minItems', count],
  ['uniqueItems', boolean],
  ['contains', subschema],
  ['maxProperties', count],
  ['minProperties', count],
  ['required', uniqueStrings],
  ['additionalProperties', subschema],
  ['definitions', schemaMap],
  ['properties', schemaMap],
  ['patternProperties', patternMap],
  ['dependencies', dependencies],
  ['propertyNames', subschema],
  ['const', anything],
  ['type', type],
  ['format', string],
  ['contentMediaType', string],
  ['contentEncoding', string],
  ['if', subschema],
  ['then', subschema],
  ['else', subschema],
  ['allOf', schemaList],
  ['anyOf', schemaList],
  ['oneOf', schemaList],
  ['not', subschema],
];

// Draft-07 has no anchors of its own, but the validator reads a name given as one all the same.
const anchorIfString: Rule = (v, path, schema) => (typeof v === 'string' ? anchor(v, path, schema) : undefined);

const DRAFT_07: ReadonlyMap<string, Rule> = new Map([
  ...COMMON,
  ['$anchor', anchorIfString],
  ['$dynamicAnchor', anchorIfString],
  // Draft-07 `items` is one schema for every item, or one per position.
  ['items', (v, path, schema) => (Array.isArray(v) ? schemaList(v, path, schema) : schema(v, path, schema))],
  ['additionalItems', subschema],
  ['enum', uniqueArray],
]);

const DRAFT_2020_12: ReadonlyMap<string, Rule> = new Map([
  ...COMMON,
  ['$id', id2020],
  ['$anchor', anchor],
  ['$dynamicAnchor', anchor],
  ['$dynamicRef', fragment],
  ['$recursiveAnchor', unsupported],
  ['$recursiveRef', fragment],
  ['$vocabulary', mapOf(boolean)],
  ['$defs', schemaMap],
  ['prefixItems', schemaList],
  ['items', subschema],
  ['dependentSchemas', schemaMap],
  ['dependentRequired', mapOf(uniqueStrings)],
  ['unevaluatedItems', subschema],
  ['unevaluatedProperties', subschema],
  ['contentSchema', subschema],
  ['maxContains', count],
  ['minContains', count],
  ['enum', nonEmptyArray],
  ['deprecated', boolean],
  ['writeOnly', boolean],
]);
