/**
 * JSON Schema validation without code generation, for runtimes that refuse it (Cloudflare
 * Workers, a page under a strict Content Security Policy, Node with
 * `--disallow-code-generation-from-strings`): `@cfworker/json-schema` walks the schema for each
 * value instead of compiling it to a function. Slower than Ajv, so it is what the default
 * validator falls back to, not what it starts with. The library is loaded on the first
 * validation; issues read as Ajv's do (`a: must be number`, `b: is required`).
 * @module
 */
import { checkJsonSchema, dialectOf, type JsonSchema } from './json-schema.js';
import { dedupe, formatIssue, formatPath, type ValidateFunction, type Validator } from './validator.js';

/** The part of `@cfworker/json-schema`'s result used here. */
interface OutputUnit {
  instanceLocation: string;
  keyword: string;
  keywordLocation: string;
  error: string;
}

interface Interpreter {
  validate(value: unknown): { valid: boolean; errors: OutputUnit[] };
}

/** The library's `Validator`: a schema, its draft, and whether to stop at the first error. */
type InterpreterClass = new (schema: object, draft: '2020-12' | '7', shortCircuit: boolean) => Interpreter;

/** Errors that only say a part below failed: the part's own error says what. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'allOf',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'dependentSchemas',
  'propertyNames',
]);

let library: Promise<{ Validator: InterpreterClass }> | undefined;

/**
 * A `Validator` of JSON Schemas (2020-12, or draft-07 when `$schema` says so) that never
 * generates code. `compile` checks the schema at once and throws `SchemaError` when it cannot
 * be used; one instance may serve any number of servers.
 */
export class InterpretingValidator implements Validator<JsonSchema> {
  readonly #cache = new WeakMap<JsonSchema, ValidateFunction>();

  /**
   * Checks `schema` and returns the function that checks values against it; throws `SchemaError`
   * when the schema cannot be used.
   */
  compile(schema: JsonSchema): ValidateFunction {
    const cached = this.#cache.get(schema);
    if (cached !== undefined) return cached;
    checkJsonSchema(schema);
    const draft = dialectOf(schema) === '2020-12' ? '2020-12' : '7';
    let interpreter: Interpreter | undefined;
    const check = (value: unknown) => {
      const { valid, errors } = interpreter!.validate(value);
      return valid ? { ok: true as const, value } : { ok: false as const, issues: issuesOf(errors, schema) };
    };
    const validate: ValidateFunction = (value) => {
      if (interpreter !== undefined) return check(value);
      library ??= import('@cfworker/json-schema') as Promise<{ Validator: InterpreterClass }>;
      return library.then(({ Validator: Walker }) => {
        // Every issue at once, so a model can fix all of its arguments in one retry.
        interpreter ??= new Walker(schema as object, draft, false);
        return check(value);
      });
    };
    this.#cache.set(schema, validate);
    return validate;
  }
}

/** The library's errors as `path: message`, leaving out those that only say a part failed. */
function issuesOf(errors: readonly OutputUnit[], schema: JsonSchema): string[] {
  const issues: string[] = [];
  for (const [index, error] of errors.entries()) {
    const path = pointerSegments(error.instanceLocation);
    const extra = /^Property "(.*)" does not match (additional|unevaluated) properties schema\.$/.exec(error.error);
    if (extra !== null) {
      issues.push(formatIssue(formatPath([...path, extra[1]!]), 'is not allowed (unknown property)'));
      continue;
    }
    if (WRAPPERS.has(error.keyword)) continue;
    const missing = error.keyword === 'required' ? /required property "(.*)"/.exec(error.error)?.[1] : undefined;
    if (missing !== undefined) {
      issues.push(formatIssue(formatPath([...path, missing]), 'is required'));
      continue;
    }
    // The boolean schema `false` under additional properties: said above already.
    if (error.keyword === 'false' && /(additional|unevaluated) properties/.test(errors[index - 1]?.error ?? ''))
      continue;
    issues.push(formatIssue(formatPath(path), messageOf(error, schema)));
  }
  return dedupe(issues);
}

function messageOf(error: OutputUnit, schema: JsonSchema): string {
  switch (error.keyword) {
    case 'type': {
      const expected = /Expected "(.*)"\./.exec(error.error)?.[1];
      return expected === undefined ? error.error : `must be ${expected.replace(/", "/g, ' or ')}`;
    }
    case 'format': {
      const format = /format "(.*)"/.exec(error.error)?.[1];
      return format === undefined ? error.error : `must match format "${format}"`;
    }
    case 'enum':
    case 'const': {
      const allowed = at(schema, error.keywordLocation);
      if (allowed === undefined) return error.error;
      return error.keyword === 'enum'
        ? `must be one of ${JSON.stringify(allowed)}`
        : `must be ${JSON.stringify(allowed)}`;
    }
    default:
      return error.error;
  }
}

/** The value at a `#/...` pointer into `schema`, if it leads anywhere. */
function at(schema: JsonSchema, location: string): unknown {
  let value: unknown = schema;
  for (const key of pointerSegments(location)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The keys of a `#/a/0/b~1c` pointer: `a`, `0`, `b/c`. */
function pointerSegments(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}
