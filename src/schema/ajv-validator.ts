/**
 * JSON Schema validation with Ajv: 2020-12 by default, draft-07 when `$schema` says so, with
 * the standard formats. Ajv is loaded on the first validation, not when this module is
 * imported, so a server that never validates a JSON Schema never pays for it; each schema is
 * compiled once, on first use, and the compiled check is kept for as long as the schema object
 * lives.
 * @module
 */
import type { Options as AjvOptions } from 'ajv';
import { InterpretingValidator } from './interpreting-validator.js';
import { checkJsonSchema, dialectOf, SchemaError, type JsonSchema, type JsonSchemaDialect } from './json-schema.js';
import {
  dedupe,
  formatIssue,
  formatPath,
  type ValidateFunction,
  type ValidationResult,
  type Validator,
} from './validator.js';

/** The part of an Ajv instance used here. */
interface AjvEngine {
  compile(schema: object): AjvCheck;
  removeSchema(schema: object): unknown;
}

interface AjvCheck {
  (value: unknown): boolean;
  errors?: AjvError[] | null;
}

/** The members of Ajv's error objects used here. */
interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type Check = (value: unknown) => ValidationResult;

const AJV_OPTIONS: AjvOptions = {
  // Unknown keywords and formats are tolerated (and kept in the schema clients see).
  strict: false,
  // Every issue at once, so a model can fix all of its arguments in one retry.
  allErrors: true,
  // Ajv would print its warnings to the console, which is not this library's to write to.
  logger: false,
  // Without `loadSchema` Ajv never fetches a referenced document; such references are refused
  // when the schema is registered.
};

async function createEngine(dialect: JsonSchemaDialect): Promise<AjvEngine> {
  const [formats, engine] = await Promise.all([
    import('ajv-formats'),
    dialect === '2020-12'
      ? import('ajv/dist/2020.js').then(({ Ajv2020 }) => new Ajv2020(AJV_OPTIONS))
      : import('ajv').then(({ Ajv }) => new Ajv(AJV_OPTIONS)),
  ]);
  // ajv-formats is CommonJS: its `module.exports` (the plugin) is this import's default.
  formats.default.default(engine);
  return engine;
}

/**
 * A `Validator` of JSON Schemas. `compile` checks the schema at once (dialect, no references
 * to other documents) and throws `SchemaError` when it cannot be used; Ajv itself runs on the
 * first validation. One instance may serve any number of servers.
 */
export class AjvValidator implements Validator<JsonSchema> {
  readonly #cache = new WeakMap<JsonSchema, ValidateFunction>();
  readonly #engines = new Map<JsonSchemaDialect, Promise<AjvEngine>>();

  compile(schema: JsonSchema): ValidateFunction {
    const cached = this.#cache.get(schema);
    if (cached !== undefined) return cached;
    checkJsonSchema(schema);
    const dialect = dialectOf(schema);
    let check: Check | undefined;
    let compiling: Promise<Check> | undefined;
    const validate: ValidateFunction = (value) => {
      if (check !== undefined) return check(value);
      compiling ??= this.#engine(dialect).then((engine) => (check = compileWith(engine, schema)));
      return compiling.then((compiled) => compiled(value));
    };
    this.#cache.set(schema, validate);
    return validate;
  }

  #engine(dialect: JsonSchemaDialect): Promise<AjvEngine> {
    let engine = this.#engines.get(dialect);
    if (engine === undefined) {
      engine = createEngine(dialect);
      this.#engines.set(dialect, engine);
    }
    return engine;
  }
}

function compileWith(engine: AjvEngine, schema: JsonSchema): Check {
  let ajvCheck: AjvCheck;
  try {
    ajvCheck = engine.compile(schema);
  } catch (error) {
    if (refusesCodeGeneration(error)) throw new CodeGenerationRefused({ cause: error });
    throw new SchemaError(`The schema cannot be compiled: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // The compiled function is kept by the caller's cache, keyed weakly by the schema; Ajv's own
    // cache would keep every schema ever compiled alive.
    engine.removeSchema(schema);
  }
  return (value) =>
    ajvCheck(value) ? { ok: true, value } : { ok: false, issues: dedupe((ajvCheck.errors ?? []).map(describeError)) };
}

/** One Ajv error as `path: message`, naming the property itself when one is missing or extra. */
function describeError(error: AjvError): string {
  const path = pointerSegments(error.instancePath);
  const params = error.params;
  let message = error.message ?? `must pass "${error.keyword}"`;
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies':
      if (typeof params.missingProperty === 'string') {
        path.push(params.missingProperty);
        message = 'is required';
      }
      break;
    case 'additionalProperties':
      path.push(String(params.additionalProperty));
      message = 'is not allowed (unknown property)';
      break;
    case 'unevaluatedProperties':
      path.push(String(params.unevaluatedProperty));
      message = 'is not allowed (unknown property)';
      break;
    case 'enum':
      message = `must be one of ${JSON.stringify(params.allowedValues)}`;
      break;
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`;
      break;
  }
  return formatIssue(formatPath(path), message);
}

/** The keys of a JSON Pointer (`/a/0/b~1c` → `a`, `0`, `b/c`). */
function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The runtime refuses to make functions from strings (Workers, a page's Content Security
 * Policy without `unsafe-eval`, Node's `--disallow-code-generation-from-strings`): Ajv cannot
 * compile there.
 */
export class CodeGenerationRefused extends Error {
  override name = 'CodeGenerationRefused';
  constructor(options: { cause: unknown }) {
    super('this runtime refuses code generation from strings, which Ajv compiles schemas with', options);
  }
}

function refusesCodeGeneration(error: unknown): boolean {
  return (
    error instanceof EvalError ||
    (error instanceof Error && /code generation from strings|unsafe-eval/i.test(error.message))
  );
}

/**
 * Ajv, or where the runtime refuses code generation, the interpreting validator: the first
 * schema Ajv cannot compile for that reason switches every schema, then and later, to the
 * interpreter. What a runtime refuses does not change while it runs.
 */
export class JsonSchemaValidator implements Validator<JsonSchema> {
  readonly #compiled = new AjvValidator();
  readonly #interpreted = new InterpretingValidator();
  #refused = false;

  /**
   * Checks `schema` and returns the function that checks values against it; throws `SchemaError`
   * when the schema cannot be used.
   */
  compile(schema: JsonSchema): ValidateFunction {
    if (this.#refused) return this.#interpreted.compile(schema);
    const compiled = this.#compiled.compile(schema);
    let fallback: ValidateFunction | undefined;
    const interpret = (value: unknown) => {
      this.#refused = true;
      fallback ??= this.#interpreted.compile(schema);
      return fallback(value);
    };
    return (value) => {
      if (fallback !== undefined || this.#refused) return interpret(value);
      let result: ReturnType<ValidateFunction>;
      try {
        result = compiled(value);
      } catch (error) {
        if (error instanceof CodeGenerationRefused) return interpret(value);
        throw error;
      }
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (error instanceof CodeGenerationRefused) return interpret(value);
        throw error;
      });
    };
  }
}

/** The validator used when none is given: one for the whole process, so compiled schemas are shared. */
export const defaultJsonSchemaValidator: JsonSchemaValidator = new JsonSchemaValidator();
