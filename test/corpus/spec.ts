/**
 * Access to the MCP specification corpus (schemas and examples) and Ajv validators compiled from
 * the schemas, for cross-checking the hand-written guards.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { REVISIONS, type Revision } from '../../src/types/revisions.js';

/** The repository root: the nearest ancestor holding the `mcpkit` package.json (works from src and build). */
function repoRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcpkit') {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error('package.json of mcpkit not found above this file');
  }
}

/** `/work/shared/spec` or wherever the shared corpus sits next to the repository. */
export const SPEC_DIR = join(repoRoot(), '..', 'shared', 'spec');

/** A JSON Schema node, loosely typed. */
export type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  const?: unknown;
  enum?: unknown[];
  [keyword: string]: unknown;
};

type SchemaFile = { definitions?: Record<string, SchemaNode>; $defs?: Record<string, SchemaNode> };

const schemas = new Map<Revision, SchemaFile>();

/** A revision's schema.json. */
export function schemaOf(revision: Revision): SchemaFile {
  let schema = schemas.get(revision);
  if (schema === undefined) {
    schema = JSON.parse(readFileSync(join(SPEC_DIR, revision, 'schema.json'), 'utf8')) as SchemaFile;
    schemas.set(revision, schema);
  }
  return schema;
}

/** A revision's definitions by name. */
export function definitionsOf(revision: Revision): Record<string, SchemaNode> {
  const schema = schemaOf(revision);
  return schema.$defs ?? schema.definitions ?? {};
}

/** Follows `$ref`s (within the same schema) to the node they name. */
export function deref(revision: Revision, node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  while (current?.$ref !== undefined) current = definitionsOf(revision)[current.$ref.split('/').pop() ?? ''];
  return current;
}

const validators = new Map<Revision, Ajv | Ajv2020>();

/** Ajv's verdict on `value` against a definition of a revision's schema. Formats are not checked. */
export function validatorFor(revision: Revision, name: string): ValidateFunction {
  let ajv = validators.get(revision);
  if (ajv === undefined) {
    const options = { strict: false, validateFormats: false, allErrors: false };
    ajv = revision >= '2025-11-25' ? new Ajv2020(options) : new Ajv(options);
    ajv.addSchema(schemaOf(revision), revision);
    validators.set(revision, ajv);
  }
  const pointer = revision >= '2025-11-25' ? '$defs' : 'definitions';
  const validate = ajv.getSchema(`${revision}#/${pointer}/${name}`);
  if (validate === undefined) throw new Error(`no definition ${name} in ${revision}`);
  return validate;
}

/** One example file of the 2026-07-28 corpus. */
export type Example = { type: string; file: string; value: unknown };

/** Every example under `2026-07-28/examples/<TypeName>/`. */
export function examples(): Example[] {
  const root = join(SPEC_DIR, '2026-07-28', 'examples');
  return readdirSync(root)
    .sort()
    .flatMap((type) =>
      readdirSync(join(root, type))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({ type, file, value: JSON.parse(readFileSync(join(root, type, file), 'utf8')) as unknown })),
    );
}

/** Every revision, re-exported for tests that loop over them. */
export { REVISIONS };
