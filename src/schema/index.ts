/**
 * Schemas: plain JSON Schema validated with Ajv (2020-12 and draft-07), and any Standard Schema
 * library (Zod, Valibot, ArkType, ...) through the Standard Schema interfaces.
 * @module
 */
export { AjvValidator, defaultJsonSchemaValidator, JsonSchemaValidator } from './ajv-validator.js';
export { InterpretingValidator } from './interpreting-validator.js';
export {
  checkJsonSchema,
  checkSelfContained,
  dialectOf,
  DIALECT_URIS,
  isJsonObject,
  SchemaError,
  type JsonSchema,
  type JsonSchemaDialect,
} from './json-schema.js';
export { prepareSchema, type PreparedSchema, type PrepareOptions, type SchemaInput } from './prepare.js';
export {
  isStandardSchema,
  jsonSchemaConverter,
  withJsonSchema,
  type InferInput,
  type InferOutput,
  type StandardIssue,
  type StandardJSONSchemaConverter,
  type StandardJSONSchemaOptions,
  type StandardJSONSchemaProps,
  type StandardJSONSchemaTarget,
  type StandardJSONSchemaV1,
  type StandardPathSegment,
  type StandardResult,
  type StandardSchemaProps,
  type StandardSchemaV1,
  type StandardTypedProps,
  type StandardTypedV1,
  type StandardTypes,
  type StandardValidateOptions,
} from './standard.js';
export {
  dedupe,
  formatIssue,
  formatPath,
  StandardSchemaValidator,
  type ValidateFunction,
  type ValidationResult,
  type Validator,
} from './validator.js';
