/**
 * What the rest of mcpkit needs from schema validation: compile a schema once, then check
 * values against it and get either the value to use or issues a model can act on
 * (`a: must be number`). JSON Schema (through Ajv) and Standard Schema libraries both fit.
 * @module
 */
import type { StandardIssue, StandardPathSegment, StandardSchemaV1 } from './standard.js';

/** The outcome of a check: the value to use from here on, or what is wrong with it. */
export type ValidationResult<T = unknown> =
  | {
      ok: true;
      /** The value to use: the one checked, or what a Standard Schema made of it (its output). */
      value: T;
    }
  | {
      ok: false;
      /** What is wrong, one message per problem, each naming where (`a: must be number`). */
      issues: string[];
    };

/**
 * Checks one value. Asynchronous when the validator must load or compile first, or when the
 * schema itself validates asynchronously (a Standard Schema may).
 */
export type ValidateFunction<T = unknown> = (value: unknown) => ValidationResult<T> | Promise<ValidationResult<T>>;

/** Compiles schemas into checks. Implementations cache per schema object. */
export interface Validator<Schema = unknown> {
  /**
   * Turns a schema into the function that checks values against it; throws when the schema cannot
   * be used.
   */
  compile(schema: Schema): ValidateFunction;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path into a value as a reader would write it: `a.b[0]["odd key"]`. Empty for the value
 * itself.
 */
export function formatPath(segments: ReadonlyArray<PropertyKey | StandardPathSegment>): string {
  let path = '';
  for (const segment of segments) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number' || (typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key))) {
      path += `[${String(key)}]`;
    } else if (typeof key === 'string' && IDENTIFIER.test(key)) {
      path += path === '' ? key : `.${key}`;
    } else {
      path += `[${typeof key === 'symbol' ? key.toString() : JSON.stringify(key)}]`;
    }
  }
  return path;
}

/** `path: message`, or just the message when the issue is about the value itself. */
export function formatIssue(path: string, message: string): string {
  return path === '' ? message : `${path}: ${message}`;
}

function standardIssue(issue: StandardIssue): string {
  const path = issue.path ? formatPath(issue.path) : '';
  // Some libraries (ArkType) start the message with the path already: say it once.
  const message =
    path !== '' && issue.message.startsWith(`${path} `) ? issue.message.slice(path.length + 1) : issue.message;
  return formatIssue(path, message);
}

/**
 * Validates with the schema's own library through the Standard Schema interface. The value
 * given back is the schema's output (with its defaults and transformations applied).
 */
export class StandardSchemaValidator implements Validator<StandardSchemaV1> {
  readonly #cache = new WeakMap<StandardSchemaV1, ValidateFunction>();

  compile(schema: StandardSchemaV1): ValidateFunction {
    let validate = this.#cache.get(schema);
    if (validate === undefined) {
      const toResult = (result: Awaited<ReturnType<StandardSchemaV1['~standard']['validate']>>): ValidationResult =>
        result.issues
          ? { ok: false, issues: dedupe(result.issues.map(standardIssue)) }
          : { ok: true, value: result.value };
      validate = (value) => {
        const result = schema['~standard'].validate(value);
        return result instanceof Promise ? result.then(toResult) : toResult(result);
      };
      this.#cache.set(schema, validate);
    }
    return validate;
  }
}

/** The issues without repeats, in order. */
export function dedupe(issues: string[]): string[] {
  return issues.length < 2 ? issues : [...new Set(issues)];
}
