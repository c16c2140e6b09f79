// Tool schemas: Zod, Valibot and ArkType through Standard Schema (with the handler's arguments
// typed from the schema), JSON Schema 2020-12 and draft-07, declared keywords shown exactly,
// references to other documents refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import * as v from 'valibot';
import { type } from 'arktype';
import { Server } from '../../src/server/index.js';
import { withJsonSchema } from '../../src/schema/index.js';
import type {
  RegisteredTool,
  ToolConfig,
  ToolHandler,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
} from '../../src/server/tools.js';
import { connectPair } from '../../src/testing/index.js';
import type { CallToolResult } from '../../src/types/tools.js';

const info = { name: 'schemas-test', version: '1.0.0' };

/** `server.tool` with the handler's argument and result types taken from the schemas. */
function tool<In extends ToolInputSchemaLike, Out extends ToolOutputSchemaLike | undefined = undefined>(
  server: Server,
  name: string,
  config: ToolConfig<In, Out>,
  handler: ToolHandler<In, Out>,
): RegisteredTool {
  return server.tool(name, config as ToolConfig, handler as unknown as ToolHandler);
}

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('Standard Schema input', () => {
  it('Zod: JSON Schema from the library, arguments typed and defaulted, errors naming the field', async () => {
    const server = new Server(info);
    tool(server, 'add', { inputSchema: z.object({ a: z.number(), b: z.number().default(10) }) }, (args) => {
      // @ts-expect-error -- the schema has no such argument
      void args.c;
      const sum: number = args.a + args.b;
      return { content: [{ type: 'text', text: String(sum) }] };
    });
    const { client: session } = await connectPair(server);
    const [listed] = (await session.listTools()).tools;
    assert.deepEqual(listed?.inputSchema, {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'number' }, b: { default: 10, type: 'number' } },
      required: ['a'],
    });
    assert.equal(textOf(await session.callTool({ name: 'add', arguments: { a: 1 } })), '11');
    const invalid = await session.callTool({ name: 'add', arguments: { a: 'one' } });
    assert.equal(invalid.isError, true);
    assert.equal(textOf(invalid), 'Invalid arguments for tool add: a: Invalid input: expected number, received string');
  });

  it('ArkType: JSON Schema from the library, arguments typed, errors naming the field', async () => {
    const server = new Server(info);
    tool(server, 'repeat', { inputSchema: type({ text: 'string', times: 'number.integer' }) }, ({ text, times }) => ({
      content: [{ type: 'text', text: text.repeat(times) }],
    }));
    const { client: session } = await connectPair(server);
    const [listed] = (await session.listTools()).tools;
    assert.equal(listed?.inputSchema.type, 'object');
    assert.deepEqual(listed?.inputSchema.required, ['text', 'times']);
    assert.equal(textOf(await session.callTool({ name: 'repeat', arguments: { text: 'ab', times: 2 } })), 'abab');
    const invalid = await session.callTool({ name: 'repeat', arguments: { text: 'ab', times: 1.5 } });
    assert.equal(invalid.isError, true);
    assert.match(textOf(invalid), /^Invalid arguments for tool repeat: times: must be an integer \(was 1\.5\)$/);
  });

  it('Valibot: refused without a JSON Schema, accepted with withJsonSchema, arguments typed', async () => {
    const server = new Server(info);
    const schema = v.object({ city: v.string(), days: v.optional(v.number(), 1) });
    assert.throws(
      () => tool(server, 'forecast', { inputSchema: schema }, () => ({ content: [] })),
      /Tool "forecast": inputSchema: this valibot schema cannot describe itself as JSON Schema.*withJsonSchema/,
    );
    const json = {
      type: 'object' as const,
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    };
    tool(server, 'forecast', { inputSchema: withJsonSchema(schema, json) }, ({ city, days }) => ({
      content: [{ type: 'text', text: `${city.toUpperCase()} for ${days.toFixed(0)} day(s)` }],
    }));
    const { client: session } = await connectPair(server);
    assert.deepEqual((await session.listTools()).tools[0]?.inputSchema, json);
    assert.equal(
      textOf(await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })),
      'OSLO for 1 day(s)',
    );
    const invalid = await session.callTool({ name: 'forecast', arguments: { city: 7 } });
    assert.match(textOf(invalid), /^Invalid arguments for tool forecast: city: Invalid type: Expected string/);
  });

  it('refuses a Standard Schema that does not describe an object', () => {
    assert.throws(
      () => tool(new Server(info), 'n', { inputSchema: z.number() }, () => ({ content: [] })),
      /inputSchema must describe an object/,
    );
  });
});

describe('Standard Schema output', () => {
  it("shows the output type's JSON Schema and sends the validated output", async () => {
    const server = new Server(info);
    const outputSchema = z.object({ total: z.number(), currency: z.string().default('EUR') });
    tool(server, 'price', { outputSchema }, () => ({ content: [], structuredContent: { total: 12 } }));
    tool(server, 'broken', { outputSchema }, () => ({
      content: [],
      structuredContent: { total: 'twelve' as unknown as number },
    }));
    const { client: session } = await connectPair(server);
    const listed = (await session.listTools()).tools;
    assert.deepEqual(listed[0]?.outputSchema?.required, ['total', 'currency']);
    const result = await session.callTool({ name: 'price' });
    assert.deepEqual(result.structuredContent, { total: 12, currency: 'EUR' });
    assert.equal(textOf(result), '{"total":12,"currency":"EUR"}');
    await assert.rejects(
      session.callTool({ name: 'broken' }),
      (e: unknown) => (e as { code?: number }).code === -32603 && /total: Invalid input/.test((e as Error).message),
    );
  });
});

describe('JSON Schema input', () => {
  it('shows every declared keyword exactly, $schema, unknown keywords and $defs included', async () => {
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://example.com/tools/search.json',
      type: 'object' as const,
      title: 'Search arguments',
      $defs: { region: { type: 'string', enum: ['eu', 'us'], 'x-ui': 'picker' } },
      properties: {
        query: { type: 'string', minLength: 1, description: 'What to look for', examples: ['cats'] },
        region: { $ref: '#/$defs/region' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
      required: ['query'],
      additionalProperties: false,
      'x-vendor-hint': { ui: 'search-box' },
    };
    const snapshot = structuredClone(inputSchema);
    const server = new Server(info);
    server.tool('search', { inputSchema }, () => ({ content: [] }));
    const { client: session } = await connectPair(server);
    assert.deepEqual((await session.listTools()).tools[0]?.inputSchema, snapshot);
    const invalid = await session.callTool({ name: 'search', arguments: { query: '', region: 'asia', limit: 0 } });
    assert.deepEqual(textOf(invalid).replace('Invalid arguments for tool search: ', '').split('; ').sort(), [
      'limit: must be >= 1',
      'query: must NOT have fewer than 1 characters',
      'region: must be one of ["eu","us"]',
    ]);
  });

  it('validates in 2020-12 by default (prefixItems) and in draft-07 when $schema says so (array items)', async () => {
    const server = new Server(info);
    const ok = () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
    server.tool(
      'modern',
      {
        inputSchema: {
          type: 'object',
          properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } },
        },
      },
      ok,
    );
    server.tool(
      'classic',
      {
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
          },
        },
      },
      ok,
    );
    const { client: session } = await connectPair(server);
    for (const name of ['modern', 'classic']) {
      assert.equal(textOf(await session.callTool({ name, arguments: { pair: ['a', 1] } })), 'ok', name);
      const swapped = await session.callTool({ name, arguments: { pair: [1, 'a'] } });
      assert.equal(
        textOf(swapped),
        `Invalid arguments for tool ${name}: pair[0]: must be string; pair[1]: must be number`,
      );
      const long = await session.callTool({ name, arguments: { pair: ['a', 1, 2] } });
      assert.equal(textOf(long), `Invalid arguments for tool ${name}: pair: must NOT have more than 2 items`);
    }
  });

  it('refuses a reference to another document at registration', () => {
    const server = new Server(info);
    assert.throws(
      () =>
        server.tool(
          'remote',
          { inputSchema: { type: 'object', properties: { user: { $ref: 'https://example.com/schemas/user.json' } } } },
          () => ({ content: [] }),
        ),
      (e: unknown) =>
        e instanceof TypeError &&
        /^Tool "remote": inputSchema: it refers to "https:\/\/example.com\/schemas\/user.json", outside itself/.test(
          e.message,
        ),
    );
    assert.throws(
      () =>
        server.tool('remote', { inputSchema: { type: 'object' }, outputSchema: { $ref: 'user.json' } }, () => ({
          structuredContent: {},
        })),
      /Tool "remote": outputSchema: it refers to "user.json"/,
    );
  });

  it('refuses a malformed schema at registration, naming the tool and the path inside the schema', () => {
    const server = new Server(info);
    const refused = (config: ToolConfig, message: RegExp) =>
      assert.throws(
        () => server.tool('add', config, () => ({ content: [], structuredContent: {} })),
        (e: unknown) => e instanceof TypeError && message.test(e.message),
        message.source,
      );
    refused(
      { inputSchema: { type: 'object', properties: { a: { type: 'text' } } } },
      /^Tool "add": inputSchema\.properties\.a\.type: must be one of "array", "boolean", "integer", "null", "number", "object", "string", or an array of them, not "text"$/,
    );
    refused(
      { inputSchema: { type: 'object', required: ['a', 'a'] } },
      /^Tool "add": inputSchema\.required\[1\]: repeats "a"/,
    );
    refused(
      {
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { sum: { type: 'number', minimum: 'zero' } } },
      },
      /^Tool "add": outputSchema\.properties\.sum\.minimum: must be a number, not "zero"$/,
    );
    // The spec requires an object schema for arguments (Tool.inputSchema: type "object").
    refused(
      { inputSchema: { type: 'array' } as unknown as ToolInputSchemaLike },
      /^Tool "add": inputSchema must describe an object \(type: "object"\)/,
    );
    refused(
      { inputSchema: { properties: {} } as unknown as ToolInputSchemaLike },
      /^Tool "add": inputSchema must describe an object/,
    );
    assert.equal(server.toolDefinition('add'), undefined, 'nothing was registered');
  });

  it('checks schemas at registration without loading the validator', async () => {
    const { spawnSync } = await import('node:child_process');
    const serverModule = new URL('../../src/server/index.js', import.meta.url).href;
    const script = `
      const { Server } = await import(${JSON.stringify(serverModule)});
      const server = new Server({ name: 's', version: '1' });
      server.tool('ok', { inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^x' } }, required: ['a'] } }, () => ({ content: [] }));
      let refused = '';
      try { server.tool('bad', { inputSchema: { type: 'object', properties: { a: { type: 'strin' } } } }, () => ({ content: [] })); } catch (e) { refused = e.message; }
      const { createRequire } = await import('node:module');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /[\\\\/]ajv[\\\\/]/.test(k)).length;
      console.log(JSON.stringify({ refused, loaded }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const { refused, loaded } = JSON.parse(run.stdout) as { refused: string; loaded: number };
    assert.match(refused, /^Tool "bad": inputSchema\.properties\.a\.type: must be one of/);
    assert.equal(loaded, 0, 'Ajv is not loaded');
  });

  it("answers -32603 without the validator's words when a schema turns out not to compile, and reports them", async () => {
    const reported: Error[] = [];
    const server = new Server(info, { onError: (e) => reported.push(e) });
    // Well formed, but the anchor it refers to does not exist: only compiling finds that.
    server.tool('odd', { inputSchema: { type: 'object', properties: { a: { $ref: '#nowhere' } } } }, () => ({
      content: [],
    }));
    const { client: session } = await connectPair(server);
    const error = await session.callTool({ name: 'odd', arguments: {} }).then(
      () => assert.fail('the call should fail'),
      (e: unknown) => e as Error & { code?: number },
    );
    assert.equal(error.code, -32603);
    assert.equal(error.message, 'Internal error: the inputSchema of tool odd could not be used');
    assert.equal(reported.length, 1);
    assert.match(
      reported[0]!.message,
      /^Tool odd: inputSchema could not be used: The schema cannot be compiled: can't resolve reference #nowhere/,
    );
  });
});
