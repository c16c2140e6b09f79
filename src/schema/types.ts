/**
 * The JSON Schema types, in a leaf module: the checks, the validators and the Standard Schema
 * bridge all name them, and none of them may import another just for a type.
 * @module
 */
/** A JSON Schema object. Keywords are not typed: any keyword, known or not, is kept as given. */
export type JsonSchema = { [keyword: string]: unknown };

/** The JSON Schema dialects schemas are validated in. */
export type JsonSchemaDialect = '2020-12' | 'draft-07';
