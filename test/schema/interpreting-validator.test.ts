// JSON Schema validation where code generation is refused: `InterpretingValidator` says what is
// wrong in the same words as Ajv, in both dialects; and the default validator, in a Node that
// refuses code generation from strings (as Workers and strict pages do), falls back to it by
// itself: a server's tool checks its arguments, and a client the tool's structured content.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AjvValidator, InterpretingValidator, type JsonSchema, type ValidationResult } from '../../src/schema/index.js';

const issuesOf = (result: ValidationResult) => (result.ok ? [] : [...result.issues].sort());

const ARGUMENTS: JsonSchema = {
  type: 'object',
  properties: {
    a: { type: 'number' },
    b: { type: 'number' },
    mode: { enum: ['fast', 'slow'] },
    when: { type: 'string', format: 'date-time' },
    level: { const: 3 },
    tags: { type: 'array', items: { type: 'string', format: 'email' } },
    nested: { type: 'object', properties: { deep: { type: 'integer' } }, required: ['deep'] },
  },
  required: ['a', 'b'],
  additionalProperties: false,
};

describe('InterpretingValidator', () => {
  it('says what is wrong as Ajv says it, every issue at once', async () => {
    const wrong = {
      a: 'one',
      mode: 'medium',
      when: 'yesterday',
      level: 4,
      tags: ['ok@example.com', 'not an address'],
      nested: {},
      extra: true,
    };
    const interpreted = issuesOf(await new InterpretingValidator().compile(ARGUMENTS)(wrong));
    assert.deepEqual(interpreted, [
      'a: must be number',
      'b: is required',
      'extra: is not allowed (unknown property)',
      'level: must be 3',
      'mode: must be one of ["fast","slow"]',
      'nested.deep: is required',
      'tags[1]: must match format "email"',
      'when: must match format "date-time"',
    ]);
    const compiled = issuesOf(await new AjvValidator().compile(ARGUMENTS)(wrong));
    assert.deepEqual(interpreted, compiled);
  });

  it('gives back the value it was given when it is valid, and caches per schema', async () => {
    const validator = new InterpretingValidator();
    const validate = validator.compile(ARGUMENTS);
    assert.equal(validator.compile(ARGUMENTS), validate);
    const value = { a: 1, b: 2, nested: { deep: 1 } };
    assert.deepEqual(await validate(value), { ok: true, value });
    assert.deepEqual(validate({ a: 1, b: 2 }), { ok: true, value: { a: 1, b: 2 } }, 'synchronous once loaded');
  });

  it('reads draft-07 as draft-07 (array-form items)', async () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }] };
    const validate = new InterpretingValidator().compile(schema);
    assert.deepEqual(issuesOf(await validate([1])), ['[0]: must be string']);
    assert.deepEqual(await validate(['x', 2]), { ok: true, value: ['x', 2] });
  });
});

describe('the default validator where code generation is refused', () => {
  it('falls back to the interpreter: a tool’s arguments and a result’s structured content are checked', () => {
    const testing = fileURLToPath(new URL('../../src/testing/index.js', import.meta.url));
    const server = fileURLToPath(new URL('../../src/server/index.js', import.meta.url));
    const script = `
      const { connectPair } = await import(${JSON.stringify(testing)});
      const { Server } = await import(${JSON.stringify(server)});
      let refused;
      try { new Function('return 1'); } catch (error) { refused = error.name; }
      const s = new Server({ name: 's', version: '1' });
      s.tool('add', {
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      }, ({ a, b }) => ({ content: [], structuredContent: a === 0 ? { sum: 'zero' } : { sum: a + b } }));
      const { client } = await connectPair(s);
      await client.listTools();
      const good = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
      const bad = await client.callTool({ name: 'add', arguments: { a: 'two' } });
      const output = await client.callTool({ name: 'add', arguments: { a: 0, b: 1 } }).then(() => 'accepted', (e) => e.message);
      console.log(JSON.stringify({ refused, good: good.structuredContent, bad: bad.content[0].text, output }));
      process.exit(0);`;
    const run = spawnSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout) as { refused: string; good: unknown; bad: string; output: string };
    assert.equal(seen.refused, 'EvalError', 'this Node refuses code generation');
    assert.deepEqual(seen.good, { sum: 42 });
    assert.match(seen.bad, /a: must be number/);
    assert.match(seen.bad, /b: is required/);
    assert.match(seen.output, /sum: must be number/);
  });
});
