// Schema handling on its own: dialects, self-containment, issue messages, Standard Schema
// libraries, and that Ajv is loaded only when a JSON Schema is first used.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as v from 'valibot';
import { type } from 'arktype';
import {
  AjvValidator,
  checkSelfContained,
  dialectOf,
  formatPath,
  isStandardSchema,
  prepareSchema,
  SchemaError,
  withJsonSchema,
  type InferOutput,
  type JsonSchema,
  type ValidationResult,
} from '../../src/schema/index.js';

const issuesOf = (result: ValidationResult) => (result.ok ? [] : result.issues);

describe('dialects', () => {
  it('defaults to 2020-12 and recognizes draft-07 with or without its empty fragment', () => {
    assert.equal(dialectOf({ type: 'object' }), '2020-12');
    assert.equal(dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), '2020-12');
    assert.equal(dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' }), 'draft-07');
    assert.equal(dialectOf({ $schema: 'http://json-schema.org/draft-07/schema' }), 'draft-07');
  });

  it('refuses other dialects, naming the supported ones', () => {
    assert.throws(
      () => dialectOf({ $schema: 'http://json-schema.org/draft-04/schema#' }),
      (e: unknown) =>
        e instanceof SchemaError &&
        /draft-04/.test(e.message) &&
        /2020-12/.test(e.message) &&
        /draft-07/.test(e.message),
    );
  });

  it('validates 2020-12 prefixItems, and draft-07 array-form items', async () => {
    const modern = prepareSchema({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    });
    assert.deepEqual(await modern.validate(['a', 1]), { ok: true, value: ['a', 1] });
    assert.deepEqual(issuesOf(await modern.validate(['a', 1, 2])), ['must NOT have more than 2 items']);
    const draft7 = prepareSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }, { type: 'number' }],
      additionalItems: false,
    });
    assert.deepEqual(await draft7.validate(['a', 1]), { ok: true, value: ['a', 1] });
    assert.deepEqual(issuesOf(await draft7.validate([1, 'a'])), ['[0]: must be string', '[1]: must be number']);
  });
});

describe('self-contained schemas', () => {
  const refusing = (schema: JsonSchema, pattern: RegExp) =>
    assert.throws(
      () => checkSelfContained(schema),
      (e: unknown) => e instanceof SchemaError && pattern.test(e.message),
    );

  it('accepts references inside the schema, to embedded $ids and to the meta-schema', () => {
    checkSelfContained({ $defs: { n: { type: 'number' } }, properties: { a: { $ref: '#/$defs/n' } } });
    checkSelfContained({ definitions: { n: { type: 'number' } }, items: { $ref: '#/definitions/n' } });
    checkSelfContained({
      $id: 'https://example.com/a.json',
      $defs: { b: { $id: 'b.json' } },
      properties: { x: { $ref: 'b.json' }, y: { $ref: 'https://example.com/a.json#/$defs/b' } },
    });
    checkSelfContained({ properties: { schema: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } });
  });

  it('refuses references to other documents, absolute or relative', () => {
    refusing(
      { properties: { a: { $ref: 'https://example.com/schemas/a.json' } } },
      /https:\/\/example\.com\/schemas\/a\.json.*not fetched/,
    );
    refusing({ $id: 'https://example.com/root.json', properties: { a: { $ref: 'other.json#/x' } } }, /other\.json/);
    refusing({ allOf: [{ $dynamicRef: 'https://example.com/meta#items' }] }, /example\.com/);
  });

  it('refuses a pointer to nothing', () => {
    refusing({ properties: { a: { $ref: '#/$defs/missing' } } }, /#\/\$defs\/missing.*not in the schema/);
  });

  it('does not mistake data for schemas', () => {
    checkSelfContained({
      const: { $ref: 'https://example.com/x' },
      default: { $ref: 'y.json' },
      'x-extension': { $ref: 'z.json' },
    });
  });
});

describe('issue messages', () => {
  it('formats paths the way a reader writes them', () => {
    assert.equal(formatPath([]), '');
    assert.equal(formatPath(['a', 'b']), 'a.b');
    assert.equal(formatPath(['list', 0, 'name']), 'list[0].name');
    assert.equal(formatPath([{ key: 'odd key' }, '3']), '["odd key"][3]');
  });

  it('names the argument that is missing, extra, or of the wrong type, and all of them at once', async () => {
    const schema = prepareSchema({
      type: 'object',
      properties: {
        a: { type: 'number' },
        b: { type: 'number' },
        mode: { enum: ['fast', 'slow'] },
        when: { type: 'string', format: 'date-time' },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    const result = await schema.validate({ a: 'one', mode: 'medium', when: 'yesterday', extra: true });
    assert.deepEqual(issuesOf(result).sort(), [
      'a: must be number',
      'b: is required',
      'extra: is not allowed (unknown property)',
      'mode: must be one of ["fast","slow"]',
      'when: must match format "date-time"',
    ]);
  });

  it('tolerates unknown keywords and formats', async () => {
    const schema = prepareSchema({
      type: 'object',
      'x-mcp-header': 'Region',
      properties: { a: { type: 'string', format: 'made-up', 'x-ui': { widget: 'slider' } } },
    });
    assert.deepEqual(await schema.validate({ a: 'anything' }), { ok: true, value: { a: 'anything' } });
  });
});

describe('AjvValidator', () => {
  it('compiles each schema object once, and answers synchronously once compiled', async () => {
    const validator = new AjvValidator();
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const validate = validator.compile(schema);
    assert.equal(validator.compile(schema), validate);
    const first = validate({ n: 1 });
    assert.ok(first instanceof Promise);
    assert.deepEqual(await first, { ok: true, value: { n: 1 } });
    assert.deepEqual(validate({ n: 1.5 }), { ok: false, issues: ['n: must be integer'] });
  });

  it('refuses a malformed schema at once, and reports one Ajv cannot compile when it is first used', async () => {
    const validator = new AjvValidator();
    assert.throws(
      () => validator.compile({ type: 'object', properties: { a: { type: 'text' } } }),
      (e: unknown) => e instanceof SchemaError && /^schema\.properties\.a\.type: must be one of/.test(e.message),
    );
    const validate = validator.compile({ type: 'object', properties: { a: { $ref: '#nowhere' } } });
    await assert.rejects(
      async () => validate({}),
      (e: unknown) => e instanceof SchemaError && /cannot be compiled/.test(e.message),
    );
  });

  it('is not loaded by importing the server, only by the first validation', () => {
    const server = fileURLToPath(new URL('../../src/server/index.js', import.meta.url));
    const schema = fileURLToPath(new URL('../../src/schema/index.js', import.meta.url));
    const script = `
      const ajvModules = () => Object.keys(require.cache).filter((k) => /[\\\\/]ajv(-formats)?[\\\\/]/.test(k)).length;
      (async () => {
        await import(${JSON.stringify(server)});
        const afterImport = ajvModules();
        const { prepareSchema } = await import(${JSON.stringify(schema)});
        await prepareSchema({ type: 'object' }).validate({});
        console.log(JSON.stringify([afterImport, ajvModules()]));
      })();`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const [afterImport, afterValidation] = JSON.parse(run.stdout) as [number, number];
    assert.equal(afterImport, 0);
    assert.ok(afterValidation > 0);
  });
});

describe('Standard Schema', () => {
  const zodSchema = z.object({ a: z.number(), b: z.string().default('x') });

  it('recognizes schemas of Zod, Valibot and ArkType (ArkType types are functions)', () => {
    assert.equal(isStandardSchema(zodSchema), true);
    assert.equal(isStandardSchema(v.object({ a: v.number() })), true);
    assert.equal(isStandardSchema(type({ a: 'number' })), true);
    assert.equal(isStandardSchema({ type: 'object' }), false);
    assert.equal(isStandardSchema({ '~standard': { version: 2, validate: () => ({}) } }), false);
  });

  it("describes input and output with the library's JSON Schema, and gives back the output", async () => {
    const input = prepareSchema(zodSchema);
    assert.equal(input.jsonSchema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.deepEqual(input.jsonSchema.required, ['a']);
    const output = prepareSchema(zodSchema, { direction: 'output' });
    assert.deepEqual(output.jsonSchema.required, ['a', 'b']);
    assert.deepEqual(await input.validate({ a: 1 }), { ok: true, value: { a: 1, b: 'x' } });
    assert.deepEqual(issuesOf(await input.validate({ a: 'one' })), [
      'a: Invalid input: expected number, received string',
    ]);
  });

  it('asks for the JSON Schema when the library cannot give one, and takes it from withJsonSchema', async () => {
    const valibotSchema = v.object({ a: v.number() });
    assert.throws(
      () => prepareSchema(valibotSchema, { name: 'inputSchema' }),
      (e: unknown) =>
        e instanceof SchemaError &&
        /inputSchema: this valibot schema/.test(e.message) &&
        /withJsonSchema/.test(e.message),
    );
    const json = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] };
    const wrapped = withJsonSchema(valibotSchema, json);
    const prepared = prepareSchema(wrapped);
    assert.equal(prepared.jsonSchema, json);
    assert.deepEqual(await prepared.validate({ a: 2 }), { ok: true, value: { a: 2 } });
    assert.match(issuesOf(await prepared.validate({ a: '2' }))[0] ?? '', /^a: Invalid type/);
    const typed: InferOutput<typeof wrapped> = { a: 1 };
    assert.equal(typed.a, 1);
  });

  it('supports asynchronous validation', async () => {
    const slow = z
      .object({ n: z.number() })
      .refine(async (value) => value.n > 0, { message: 'must be positive', path: ['n'] });
    const prepared = prepareSchema(slow);
    assert.deepEqual(issuesOf(await prepared.validate({ n: -1 })), ['n: must be positive']);
  });
});
