// Handler types agree with what handlers get and may return at run time. This file must
// compile: each `@ts-expect-error` line is a wrong use the types must refuse (tsc fails if one
// is accepted), and `expectType` pins a type exactly. The tests then run the same handlers and
// check that the values match those types.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { Server, UriTemplate, type TemplateVariables } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import type { GetPromptResult } from '../../src/types/prompts.js';
import type { ReadResourceResult } from '../../src/types/resources.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when `Same` is `true`. */
function expectType<Same extends true>(): Same | void {}

const forecast = {
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ city: z.string(), sky: z.enum(['sunny', 'cloudy']) }),
};

describe('tool handler types', () => {
  it('take structuredContent from the output schema: literals fit an enum, content may be left out', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('forecast', forecast, async ({ city }, ctx) => {
      expectType<Equal<typeof city, string>>();
      await ctx.progress(1);
      return { structuredContent: { city, sky: 'sunny' } };
    });
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const result = await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    // Without content, the JSON of structuredContent is the text a content-only client reads.
    assert.deepEqual(result, {
      content: [{ type: 'text', text: '{"city":"Oslo","sky":"sunny"}' }],
      structuredContent: { city: 'Oslo', sky: 'sunny' },
    });
  });

  it('refuse results the server would refuse', async () => {
    const server = new Server({ name: 's', version: '1' }, { onError: () => {} });
    // @ts-expect-error 'rainy' is not one of the enum's values
    server.tool('wrong-value', forecast, ({ city }) => ({ structuredContent: { city, sky: 'rainy' } }));
    // @ts-expect-error a success needs structuredContent when there is an output schema
    server.tool('no-structured', forecast, () => ({ content: [{ type: 'text', text: 'sunny' }] }));
    // @ts-expect-error without an output schema, content is required: it is what the model reads
    server.tool('no-content', { inputSchema: forecast.inputSchema }, () => ({ structuredContent: { sky: 'sunny' } }));
    server.tool('failing', forecast, () => ({ content: [{ type: 'text', text: 'no sky today' }], isError: true }));
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    for (const name of ['wrong-value', 'no-structured']) {
      await assert.rejects(session.callTool({ name, arguments: { city: 'Oslo' } }), { code: -32603 }, name);
    }
    assert.deepEqual(await session.callTool({ name: 'failing', arguments: { city: 'Oslo' } }), {
      content: [{ type: 'text', text: 'no sky today' }],
      isError: true,
    });
  });
});

describe('prompt handler types', () => {
  it('type a required argument as a string and an optional one as possibly missing', async () => {
    const server = new Server({ name: 's', version: '1' });
    const seen: object[] = [];
    server.prompt(
      'review',
      { arguments: [{ name: 'code', required: true }, { name: 'language' }, { name: 'style', required: false }] },
      (args) => {
        expectType<Equal<typeof args, { code: string; language?: string; style?: string }>>();
        seen.push(args);
        return `Review ${args.language ?? 'this'} code: ${args.code}`;
      },
    );
    server.prompt('plain', {}, (_args) => {
      expectType<Equal<typeof _args, {}>>(); // eslint-disable-line @typescript-eslint/no-empty-object-type
      return 'plain';
    });
    // @ts-expect-error `lang` is not declared
    server.prompt('typo', { arguments: [{ name: 'language' }] }, ({ lang }) => `${lang}`);
    const language = [{ name: 'language' }] as const;
    assert.throws(
      // @ts-expect-error completers only for declared arguments
      () => server.prompt('typo-complete', { arguments: language, complete: { lang: () => [] } }, () => 'x'),
      /no argument "lang" to complete/,
    );

    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const result = (await session.getPrompt({ name: 'review', arguments: { code: 'x = 1' } })) as GetPromptResult;
    assert.deepEqual(result.messages[0]?.content, { type: 'text', text: 'Review this code: x = 1' });
    assert.deepEqual(seen, [{ code: 'x = 1' }], 'an optional argument the client left out is missing');
  });
});

describe('resource template variable types', () => {
  it('follow the template: lists for exploded variables, optional where a match may lack them', () => {
    expectType<Equal<TemplateVariables<'greeting://{name}'>, { name: string }>>();
    expectType<Equal<TemplateVariables<'file:///{+path}'>, { path: string }>>();
    expectType<Equal<TemplateVariables<'search{?q,lang}'>, { q?: string; lang?: string }>>();
    expectType<
      Equal<TemplateVariables<'items://{id}{/segments*}{?tag*}'>, { id: string; segments?: string[]; tag?: string[] }>
    >();
    expectType<
      Equal<TemplateVariables<'map://{x,y}{;zoom}{#frag:3}'>, { x: string; y?: string; zoom?: string; frag?: string }>
    >();
    expectType<Equal<TemplateVariables<'static://only'>, {}>>(); // eslint-disable-line @typescript-eslint/no-empty-object-type
    expectType<Equal<TemplateVariables<string>, Record<string, string | string[]>>>();

    const template = new UriTemplate('items://{id}{/segments*}{?tag*}');
    const matched = template.match('items://7/a/b?tag=x&tag=y');
    expectType<Equal<typeof matched, { id: string; segments?: string[]; tag?: string[] } | undefined>>();
    assert.deepEqual(matched, { id: '7', segments: ['a', 'b'], tag: ['x', 'y'] });
    assert.deepEqual(template.match('items://7'), { id: '7' }, 'optional variables are missing, not empty');
    assert.deepEqual(new UriTemplate('map://{x,y}{;zoom}').match('map://1'), { x: '1' });
    assert.deepEqual(new UriTemplate('search{?q,lang}').match('search?lang=en'), { lang: 'en' });
    assert.deepEqual(
      new UriTemplate('file:///{+path}').match('file:///'),
      { path: '' },
      'a first simple or reserved variable is always there',
    );
  });

  it("type the reader's variables and the completers by the template", async () => {
    const server = new Server({ name: 's', version: '1' });
    server.resourceTemplate(
      'items://{id}{/segments*}',
      { name: 'items', complete: { id: () => ['7'] } },
      (_uri, variables) => {
        expectType<Equal<typeof variables, { id: string; segments?: string[] }>>();
        return `${variables.id}: ${variables.segments?.join(' > ') ?? 'top'}`;
      },
    );
    // @ts-expect-error the template has no `name`
    server.resourceTemplate('greeting://{who}', { name: 'greeting' }, (_uri, { name }) => `Hello, ${name}!`);
    assert.throws(
      // @ts-expect-error completers only for the template's variables
      () => server.resourceTemplate('other://{who}', { name: 'other', complete: { name: () => [] } }, () => 'x'),
      /has no variable "name" to complete/,
    );
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const read = async (uri: string) => ((await session.readResource({ uri })) as ReadResourceResult).contents[0];
    assert.deepEqual(await read('items://7/a/b'), { uri: 'items://7/a/b', text: '7: a > b' });
    assert.deepEqual(await read('items://7'), { uri: 'items://7', text: '7: top' });
  });
});
