// Well-formed schemas: what registration refuses, checked against Ajv itself. Thousands of
// schemas (every keyword given values of every kind, at the root and in a property) go through
// both the registration check and Ajv's compiler; they must agree, except where a difference
// is listed below with its reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { checkJsonSchema, DIALECT_URIS, SchemaError, type JsonSchemaDialect } from '../../src/schema/index.js';

// The options mcpkit's own validator compiles with (src/schema/ajv-validator.ts).
const AJV_OPTIONS = { strict: false, allErrors: true, logger: false as const };

const KEYWORDS = [
  '$id',
  '$schema',
  '$ref',
  '$comment',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'examples',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'additionalProperties',
  'properties',
  'patternProperties',
  'dependencies',
  'dependentSchemas',
  'dependentRequired',
  'propertyNames',
  'const',
  'enum',
  'type',
  'format',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'x-custom',
];

const VALUES: unknown[] = [
  -1,
  0,
  1,
  1.5,
  '',
  'x',
  'string',
  '(',
  '^[a-z]+$',
  '#',
  '#foo',
  'a b',
  true,
  false,
  null,
  [],
  ['a'],
  ['a', 'a'],
  ['string', 'number'],
  ['strin'],
  [{}],
  [{ type: 'string' }],
  [true],
  [1, 1],
  [{ a: 1 }, { a: 1 }],
  {},
  { type: 'string' },
  { type: 'strin' },
  { a: { type: 'string' } },
  { a: 5 },
  { a: ['b'] },
  { a: ['b', 'b'] },
  { '(': {} },
  { 'https://example.com/v': true },
  { 'https://example.com/v': 1 },
];

interface Case {
  dialect: JsonSchemaDialect;
  where: 'root' | 'property';
  keyword: string;
  value: unknown;
}

/** Where this check and Ajv differ on purpose, or where only the first use can tell. */
const KNOWN_DIFFERENCES: { why: string; applies: (c: Case) => boolean }[] = [
  {
    why: 'a "#name" reference to an anchor no subschema declares, or an empty $id in a subschema, is refused by Ajv as it compiles; it is found on first use, answered -32603 without detail',
    applies: (c) =>
      (c.keyword === '$ref' && c.value === '#foo') || (c.keyword === '$id' && c.value === '' && c.where === 'property'),
  },
  {
    why: "draft-07 Ajv never compiles patternProperties' names, yet they are patterns: a name that is not a regular expression is refused",
    applies: (c) => c.dialect === 'draft-07' && c.keyword === 'patternProperties',
  },
  {
    why: 'draft-07 Ajv checks an anchor name in subschemas only; the same mistake is refused at the root too',
    applies: (c) =>
      c.dialect === 'draft-07' && (c.keyword === '$anchor' || c.keyword === '$dynamicAnchor') && c.where === 'root',
  },
  {
    why: 'draft-07 Ajv ignores $dynamicRef (a 2020-12 keyword), but registration refuses every reference that leaves the schema',
    applies: (c) => c.dialect === 'draft-07' && c.keyword === '$dynamicRef',
  },
];

function engineFor(dialect: JsonSchemaDialect): Ajv {
  const engine = dialect === '2020-12' ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  formats.default(engine);
  return engine;
}

function schemaFor(c: Case): Record<string, unknown> {
  const inner = { [c.keyword]: c.value };
  const schema: Record<string, unknown> =
    c.where === 'root' ? { type: 'object', ...inner } : { type: 'object', properties: { a: inner } };
  if (c.dialect === 'draft-07') schema.$schema = DIALECT_URIS['draft-07'];
  return structuredClone(schema);
}

function ajvAccepts(engine: Ajv, schema: object): boolean {
  try {
    engine.compile(schema);
    return true;
  } catch {
    return false;
  } finally {
    try {
      engine.removeSchema(schema);
    } catch {
      // A schema whose $id Ajv cannot read cannot be removed either; nothing was kept.
    }
  }
}

function registrationAccepts(schema: object): boolean {
  try {
    checkJsonSchema(schema);
    return true;
  } catch (error) {
    assert.ok(error instanceof SchemaError, `only SchemaError: ${String(error)}`);
    return false;
  }
}

describe('well-formed schemas', () => {
  it('refuses at registration exactly what Ajv cannot compile, but for the listed differences', () => {
    const unexplained: string[] = [];
    let refusedByAjv = 0;
    for (const dialect of ['2020-12', 'draft-07'] as const) {
      const engine = engineFor(dialect);
      for (const keyword of KEYWORDS) {
        for (const value of VALUES) {
          for (const where of ['root', 'property'] as const) {
            const c: Case = { dialect, where, keyword, value };
            if (keyword === '$schema' && where === 'root') continue; // the dialect itself: its own test
            const ajv = ajvAccepts(engine, schemaFor(c));
            if (!ajv) refusedByAjv++;
            if (ajv !== registrationAccepts(schemaFor(c)) && !KNOWN_DIFFERENCES.some((d) => d.applies(c))) {
              unexplained.push(
                `${dialect} ${where} ${keyword}: ${JSON.stringify(value)}: Ajv ${ajv ? 'accepts' : 'refuses'}`,
              );
            }
          }
        }
      }
    }
    assert.deepEqual(unexplained, []);
    assert.ok(refusedByAjv > 1000, `the corpus holds many broken schemas (${refusedByAjv})`);
  });

  it('names the path to the mistake and what was expected', () => {
    const cases: [object, RegExp][] = [
      [
        { type: 'object', properties: { a: { type: 'strin' } } },
        /^schema\.properties\.a\.type: must be one of "array", "boolean", "integer", "null", "number", "object", "string", or an array of them, not "strin"$/,
      ],
      [
        { type: 'object', properties: { a: { type: ['string', 'nul'] } } },
        /^schema\.properties\.a\.type\[1\]: must be one of .*, not "nul"$/,
      ],
      [{ type: 'object', required: 'a' }, /^schema\.required: must be an array of strings, not "a"$/],
      [{ type: 'object', required: ['a', 'a'] }, /^schema\.required\[1\]: repeats "a": each name may appear once$/],
      [
        { type: 'object', properties: { n: { type: 'integer', minimum: '0' } } },
        /^schema\.properties\.n\.minimum: must be a number, not "0"$/,
      ],
      [
        { type: 'object', properties: { s: { type: 'string', maxLength: -1 } } },
        /^schema\.properties\.s\.maxLength: must be a whole number of at least 0, not -1$/,
      ],
      [
        { type: 'object', properties: { s: { type: 'string', pattern: '([a-z]' } } },
        /^schema\.properties\.s\.pattern: must be a valid regular expression: Invalid regular expression/,
      ],
      [
        { type: 'object', properties: { 'odd key': 5 } },
        /^schema\.properties\["odd key"\]: must be a schema \(an object, or true or false\), not 5$/,
      ],
      [{ type: 'object', anyOf: [] }, /^schema\.anyOf: must be a non-empty array of schemas, not an empty array$/],
      [
        { type: 'object', anyOf: [{ type: 'object' }, { properties: [] }] },
        /^schema\.anyOf\[1\]\.properties: must be an object, not an array$/,
      ],
      [
        { type: 'object', $defs: { point: { type: 'object', properties: { x: { type: 'num' } } } } },
        /^schema\.\$defs\.point\.properties\.x\.type: must be one of/,
      ],
      [
        { type: 'object', items: [{ type: 'string' }] },
        /^schema\.items: must be a schema \(an object, or true or false\), not an array$/,
      ],
    ];
    for (const [schema, message] of cases) {
      assert.throws(
        () => checkJsonSchema(schema),
        (e: unknown) => e instanceof SchemaError && message.test(e.message),
        JSON.stringify(schema),
      );
    }
    // Draft-07 reads `items` as a list of schemas, one per position.
    assert.doesNotThrow(() =>
      checkJsonSchema({ $schema: DIALECT_URIS['draft-07'], type: 'object', items: [{ type: 'string' }] }),
    );
  });
});
