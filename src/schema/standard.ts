/**
 * The Standard Schema and Standard JSON Schema interfaces (https://standardschema.dev), v1,
 * written out here so that schema libraries (Zod, Valibot, ArkType, ...) plug in without
 * mcpkit depending on any of them or on the spec's own package. The shapes match the
 * published interfaces member for member, so any conforming library's schemas fit.
 * @module
 */
import type { JsonSchema } from './types.js';

/** The properties every Standard typed value carries under `~standard`. */
export interface StandardTypedProps<Input = unknown, Output = Input> {
  /** The version of the standard; always 1. */
  readonly version: 1;
  /** The schema library's name (`zod`, `valibot`, `arktype`, ...). */
  readonly vendor: string;
  /** The input and output types, for inference only; absent at runtime. */
  readonly types?: StandardTypes<Input, Output> | undefined;
}

/** The input and output types of a Standard schema. */
export interface StandardTypes<Input = unknown, Output = Input> {
  readonly input: Input;
  readonly output: Output;
}

/** A value that declares Standard types (the base of both interfaces below). */
export interface StandardTypedV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardTypedProps<Input, Output>;
}

/** The type a Standard schema accepts. */
export type InferInput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['input'];

/** The type a Standard schema produces once it has validated a value. */
export type InferOutput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['output'];

/** One problem found by a Standard schema. */
export interface StandardIssue {
  readonly message: string;
  /** Where in the value: keys, or objects holding a key. */
  readonly path?: ReadonlyArray<PropertyKey | StandardPathSegment> | undefined;
}

/** A path segment given as an object. */
export interface StandardPathSegment {
  readonly key: PropertyKey;
}

/** What a Standard schema's `validate` returns: the output value, or issues. */
export type StandardResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

/** Options of `validate`; libraries may read their own under `libraryOptions`. */
export interface StandardValidateOptions {
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** The `~standard` properties of a Standard Schema. */
export interface StandardSchemaProps<Input = unknown, Output = Input> extends StandardTypedProps<Input, Output> {
  /** Validates a value; may be asynchronous. */
  readonly validate: (
    value: unknown,
    options?: StandardValidateOptions | undefined,
  ) => StandardResult<Output> | Promise<StandardResult<Output>>;
}

/** A Standard Schema: a schema any conforming library can produce and anyone can validate with. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

/** The JSON Schema draft a Standard JSON Schema converter is asked for. */
export type StandardJSONSchemaTarget = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});

/** Options of a Standard JSON Schema conversion. */
export interface StandardJSONSchemaOptions {
  readonly target: StandardJSONSchemaTarget;
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** Produces the JSON Schema of a schema's input or output type; may throw when it cannot. */
export interface StandardJSONSchemaConverter {
  readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
  readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
}

/** The `~standard` properties of a Standard JSON Schema. */
export interface StandardJSONSchemaProps<Input = unknown, Output = Input> extends StandardTypedProps<Input, Output> {
  readonly jsonSchema: StandardJSONSchemaConverter;
}

/** A schema that can describe itself as JSON Schema. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardJSONSchemaProps<Input, Output>;
}

/** True when `value` is a Standard Schema (v1). Some libraries' schemas are functions. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || !('~standard' in value))
    return false;
  const props = (value as { '~standard': unknown })['~standard'];
  return (
    typeof props === 'object' &&
    props !== null &&
    (props as { version?: unknown }).version === 1 &&
    typeof (props as { validate?: unknown }).validate === 'function'
  );
}

/** The schema's JSON Schema converter, when its library provides one. */
export function jsonSchemaConverter(schema: StandardSchemaV1): StandardJSONSchemaConverter | undefined {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaProps>).jsonSchema;
  return typeof converter?.input === 'function' && typeof converter.output === 'function' ? converter : undefined;
}

/**
 * Gives a Standard Schema whose library cannot describe it as JSON Schema (Valibot, for one)
 * the JSON Schema clients should see: `input` describes what it accepts, `output` (default
 * `input`) what it produces. Validation stays the library's; the JSON Schemas are shown as
 * given, whatever draft is asked for.
 */
export function withJsonSchema<S extends StandardSchemaV1>(
  schema: S,
  input: JsonSchema,
  output: JsonSchema = input,
): StandardSchemaV1<InferInput<S>, InferOutput<S>> & StandardJSONSchemaV1<InferInput<S>, InferOutput<S>> {
  const props = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: props.vendor,
      // Called through the schema each time: a library may compute `~standard` on access.
      validate: (value, options) => schema['~standard'].validate(value, options) as StandardResult<InferOutput<S>>,
      jsonSchema: { input: () => input, output: () => output },
    },
  };
}
