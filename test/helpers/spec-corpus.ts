/**
 * Access to the MCP specification corpus (schemas and examples) and Ajv validators compiled from
 * the schemas, for cross-checking the hand-written guards. The corpus is not part of the
 * repository: it is found through `MCPKIT_SPEC_DIR`, else in `../shared/spec` beside the
 * repository; without it the tests that need it are skipped, saying why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
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

/**
 * The corpus: one folder per revision holding its `schema.json` (and, for 2026-07-28,
 * `examples/<TypeName>/*.json`), the layout of the `schema/` folder of
 * github.com/modelcontextprotocol/modelcontextprotocol.
 */
function findSpecDir(): { dir: string } | { missing: string } {
  const configured = process.env.MCPKIT_SPEC_DIR;
  if (configured) {
    const dir = resolve(configured);
    // Asked for by name: a wrong path is a mistake to report, not a reason to skip.
    if (!existsSync(join(dir, '2026-07-28', 'schema.json')))
      throw new Error(`MCPKIT_SPEC_DIR=${configured}: no 2026-07-28/schema.json there`);
    return { dir };
  }
  const beside = join(repoRoot(), '..', 'shared', 'spec');
  if (existsSync(join(beside, '2026-07-28', 'schema.json'))) return { dir: beside };
  return {
    missing:
      `the MCP specification corpus is not here (looked in ${beside}): set MCPKIT_SPEC_DIR to a folder ` +
      'with one folder per revision holding its schema.json (2026-07-28 with examples/), like the schema/ folder of ' +
      'github.com/modelcontextprotocol/modelcontextprotocol',
  };
}

const found = findSpecDir();

/** Where the corpus is, or `undefined` when it is absent (see {@link corpusMissing}). */
export const SPEC_DIR: string | undefined = 'dir' in found ? found.dir : undefined;

/** Why tests that need the corpus are skipped, or `false` when it is here. */
export const corpusMissing: string | false = 'missing' in found ? found.missing : false;

/**
 * `describe` for a suite that cross-checks against the corpus. Without the corpus the suite is
 * one skipped test carrying the reason, so the run's count of skipped tests shows it.
 */
export function describeWithCorpus(name: string, body: () => void): void {
  if (corpusMissing === false) describe(name, body);
  else describe(name, () => it('cross-checks against the specification corpus', { skip: corpusMissing }, () => {}));
}

function specDir(): string {
  if (SPEC_DIR === undefined) throw new Error(String(corpusMissing));
  return SPEC_DIR;
}

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
    schema = JSON.parse(readFileSync(join(specDir(), revision, 'schema.json'), 'utf8')) as SchemaFile;
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

let exampleCache: Example[] | undefined;

/** Every example under `2026-07-28/examples/<TypeName>/`; none when the corpus is absent. */
export function examples(): Example[] {
  if (SPEC_DIR === undefined) return [];
  const root = join(SPEC_DIR, '2026-07-28', 'examples');
  return (exampleCache ??= readdirSync(root)
    .sort()
    .flatMap((type) =>
      readdirSync(join(root, type))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({ type, file, value: JSON.parse(readFileSync(join(root, type, file), 'utf8')) as unknown })),
    ));
}

/** The examples of one type, by file name order. */
export function examplesOf(type: string): unknown[] {
  return examples()
    .filter((example) => example.type === type)
    .map((example) => example.value);
}

/** Every revision, re-exported for tests that loop over them. */
export { REVISIONS };
