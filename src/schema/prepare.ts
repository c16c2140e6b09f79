/**
 * One entry point for the schemas an author may give (plain JSON Schema or any Standard
 * Schema): the JSON Schema a peer is shown, and the check values go through.
 * @module
 */
import { defaultJsonSchemaValidator } from './ajv-validator.js';
import { checkJsonSchema, isJsonObject, SchemaError, type JsonSchema } from './json-schema.js';
import { isStandardSchema, jsonSchemaConverter, type StandardSchemaV1 } from './standard.js';
import { StandardSchemaValidator, type ValidateFunction, type Validator } from './validator.js';

/** A schema as an author may write it: plain JSON Schema, or a Standard Schema (Zod, Valibot, ArkType, ...). */
export type SchemaInput = JsonSchema | StandardSchemaV1;

/** A schema ready for use. */
export interface PreparedSchema {
  /** The JSON Schema peers see: as declared, or as the Standard Schema's library describes it. */
  readonly jsonSchema: JsonSchema;
  /** Checks a value; what it gives back is what to use (a Standard Schema's output). */
  readonly validate: ValidateFunction;
}

export interface PrepareOptions {
  /**
   * Which side of a Standard Schema to describe: `input` (what it accepts; for arguments) or
   * `output` (what it produces; for results). Default `input`.
   */
  direction?: 'input' | 'output';
  /** What to call the schema in errors (`inputSchema of tool "add"`); default `schema`. */
  name?: string;
  /** Validates plain JSON Schemas; default Ajv (2020-12 and draft-07). */
  jsonSchemaValidator?: Validator<JsonSchema>;
}

const standardValidator = new StandardSchemaValidator();

/**
 * Prepares `schema` for use. Everything that can be checked without validating a value is
 * checked now, and throws `SchemaError`: the dialect, references to other documents, and that a
 * Standard Schema can describe itself as JSON Schema (wrap one that cannot with
 * `withJsonSchema`). Compiling a JSON Schema waits for its first use.
 */
export function prepareSchema(schema: SchemaInput, options: PrepareOptions = {}): PreparedSchema {
  const name = options.name ?? 'schema';
  if (isStandardSchema(schema)) {
    return {
      jsonSchema: describeStandard(schema, options.direction ?? 'input', name),
      validate: standardValidator.compile(schema),
    };
  }
  checkJsonSchema(schema, name);
  return { jsonSchema: schema, validate: (options.jsonSchemaValidator ?? defaultJsonSchemaValidator).compile(schema) };
}

/** The JSON Schema (2020-12) a Standard Schema gives for its input or output type. */
function describeStandard(schema: StandardSchemaV1, direction: 'input' | 'output', name: string): JsonSchema {
  const vendor = schema['~standard'].vendor;
  const converter = jsonSchemaConverter(schema);
  if (converter === undefined) {
    throw new SchemaError(
      `${name}: this ${vendor} schema cannot describe itself as JSON Schema (it does not implement Standard JSON Schema); ` +
        'give the JSON Schema clients should see with withJsonSchema(schema, jsonSchema)',
    );
  }
  let described: unknown;
  try {
    described = converter[direction]({ target: 'draft-2020-12' });
  } catch (error) {
    throw new SchemaError(
      `${name}: this ${vendor} schema cannot be described as JSON Schema 2020-12 (${error instanceof Error ? error.message : String(error)}); ` +
        'give the JSON Schema clients should see with withJsonSchema(schema, jsonSchema)',
    );
  }
  if (!isJsonObject(described)) throw new SchemaError(`${name}: the ${vendor} schema's JSON Schema is not an object`);
  return described;
}
