// Elicitation from the client's side: form answers checked against the requested schema before
// they are sent (an invalid one becomes -32602 for the server), URL mode, and unsupported modes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ClientSession } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '../../src/types/elicitation.js';
import { linkRunning, run } from '../helpers/linked-client.js';

type Schema = ElicitRequestFormParams['requestedSchema'];
type Outcome = ElicitResult | { error: { code: number; message: string } };

const contact: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18, maximum: 120 },
    score: { type: 'number', minimum: 0.5 },
    subscribe: { type: 'boolean' },
    color: { type: 'string', enum: ['red', 'green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    legacy: { type: 'string', enum: ['x', 'y'], enumNames: ['Ex', 'Why'] },
    tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
    labels: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'p', title: 'P' },
          { const: 'q', title: 'Q' },
        ],
      },
    },
    site: { type: 'string', format: 'uri' },
    birthday: { type: 'string', format: 'date' },
    meeting: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' } as never,
  },
  required: ['name', 'email'],
};

describe('form elicitation', () => {
  let answer: ElicitResult = { action: 'cancel' };
  let seen: ElicitRequestFormParams | undefined;
  let session: ClientSession;
  const errors: Error[] = [];
  const ask = async (content: Record<string, unknown>, schema: Schema = contact): Promise<Outcome> => {
    answer = { action: 'accept', content: content as ElicitResult['content'] };
    return (await run(session, { schema })) as Outcome;
  };

  before(async () => {
    ({ session } = await linkRunning(
      (ctx, args) => ctx.elicit({ message: 'Your details?', requestedSchema: args.schema as Schema }),
      {
        elicitation: {
          form: (params) => {
            seen = params;
            return answer;
          },
        },
        onError: (e) => errors.push(e),
      },
    ));
  });
  after(() => session.close());

  it('the handler gets the typed request, and a valid answer reaches the server unchanged', async () => {
    const content = {
      name: 'Ada',
      email: 'ada@example.com',
      age: 36,
      score: 0.5,
      subscribe: false,
      color: 'red',
      size: 'l',
      legacy: 'y',
      tags: ['a', 'c'],
      labels: [],
      site: 'https://example.com/a?b',
      birthday: '2024-02-29',
      meeting: '2025-11-25T09:30:00.5+01:00',
      code: 'ABC',
    };
    assert.deepEqual(await ask(content), { action: 'accept', content });
    assert.equal(seen?.message, 'Your details?');
    assert.equal(seen?.mode, 'form');
    assert.deepEqual(seen?.requestedSchema, contact);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['a missing required field', { name: 'Ada' }, /content\.email: required/],
    [
      'a field the schema does not have',
      { name: 'Ada', email: 'a@b.c', password: 'x' },
      /content\.password: not a field of the requested schema/,
    ],
    ['a string too short', { name: 'A', email: 'a@b.c' }, /content\.name: must be at least 2 characters long/],
    [
      'a string too long (in characters, not UTF-16 units)',
      { name: 'Ådaæøå', email: 'a@b.c' },
      /content\.name: must be at most 5 characters long/,
    ],
    ['a number where a string belongs', { name: 12345, email: 'a@b.c' }, /content\.name: expected a string/],
    ['a bad email', { name: 'Ada', email: 'ada at example' }, /content\.email: expected an email address/],
    ['a non-integer', { name: 'Ada', email: 'a@b.c', age: 36.5 }, /content\.age: expected an integer/],
    ['a number below the minimum', { name: 'Ada', email: 'a@b.c', age: 17 }, /content\.age: must be at least 18/],
    ['a number above the maximum', { name: 'Ada', email: 'a@b.c', age: 121 }, /content\.age: must be at most 120/],
    ['a number as a string', { name: 'Ada', email: 'a@b.c', score: '1' }, /content\.score: expected a number/],
    [
      'a string for a boolean',
      { name: 'Ada', email: 'a@b.c', subscribe: 'yes' },
      /content\.subscribe: expected a boolean/,
    ],
    [
      'a value outside the enum',
      { name: 'Ada', email: 'a@b.c', color: 'blue' },
      /content\.color: expected one of "red", "green"/,
    ],
    [
      'a value outside oneOf',
      { name: 'Ada', email: 'a@b.c', size: 'Small' },
      /content\.size: expected one of "s", "l"/,
    ],
    [
      'a value outside a legacy enum',
      { name: 'Ada', email: 'a@b.c', legacy: 'Ex' },
      /content\.legacy: expected one of "x", "y"/,
    ],
    [
      'an unknown multi-select item',
      { name: 'Ada', email: 'a@b.c', tags: ['a', 'z'] },
      /content\.tags: every item must be one of "a", "b", "c"/,
    ],
    [
      'too many items',
      { name: 'Ada', email: 'a@b.c', tags: ['a', 'b', 'c'] },
      /content\.tags: must have at most 2 items/,
    ],
    ['too few items', { name: 'Ada', email: 'a@b.c', tags: [] }, /content\.tags: must have at least 1 items/],
    [
      'a string for a multi-select',
      { name: 'Ada', email: 'a@b.c', labels: 'p' },
      /content\.labels: expected an array of strings/,
    ],
    [
      'an unknown titled multi-select item',
      { name: 'Ada', email: 'a@b.c', labels: ['P'] },
      /content\.labels: every item must be one of "p", "q"/,
    ],
    ['a relative URI', { name: 'Ada', email: 'a@b.c', site: '/a/b' }, /content\.site: expected an absolute URI/],
    [
      'an impossible date',
      { name: 'Ada', email: 'a@b.c', birthday: '2025-02-29' },
      /content\.birthday: expected a date/,
    ],
    [
      'a date in another format',
      { name: 'Ada', email: 'a@b.c', birthday: '29/02/2024' },
      /content\.birthday: expected a date/,
    ],
    [
      'a date-time without offset',
      { name: 'Ada', email: 'a@b.c', meeting: '2025-11-25T09:30:00' },
      /content\.meeting: expected a date and time/,
    ],
    [
      'a date-time with hour 24',
      { name: 'Ada', email: 'a@b.c', meeting: '2025-11-25T24:00:00Z' },
      /content\.meeting: expected a date and time/,
    ],
    [
      'a string not matching the pattern',
      { name: 'Ada', email: 'a@b.c', code: 'abc' },
      /content\.code: must match the pattern/,
    ],
  ];
  for (const [name, content, message] of invalid) {
    it(`refuses ${name} with -32602, sending nothing of it`, async () => {
      const outcome = await ask(content);
      assert.ok('error' in outcome, 'the server got an error, not the answer');
      assert.equal(outcome.error.code, -32602);
      assert.match(outcome.error.message, message);
    });
  }

  it('names every problem at once, and never the values the user typed', async () => {
    const outcome = await ask({ email: 'secret-value', age: 3 });
    assert.ok('error' in outcome);
    assert.match(
      outcome.error.message,
      /content\.name: required; content\.email: expected an email address; content\.age: must be at least 18/,
    );
    assert.doesNotMatch(outcome.error.message, /secret-value/);
  });

  it('reports the refused answer to the application', async () => {
    errors.length = 0;
    await ask({ name: 'Ada' });
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof JsonRpcError && errors[0].code === -32602);
  });

  it('accepts a form with no required fields answered with no content', async () => {
    answer = { action: 'accept' };
    assert.deepEqual(await run(session, { schema: { type: 'object', properties: { note: { type: 'string' } } } }), {
      action: 'accept',
      content: {},
    });
  });

  it('refuses an action that does not exist', async () => {
    answer = { action: 'maybe' } as unknown as ElicitResult;
    const outcome = (await run(session, { schema: contact })) as Outcome;
    assert.ok('error' in outcome);
    assert.equal(outcome.error.code, -32602);
    assert.match(outcome.error.message, /action must be accept, decline or cancel/);
  });

  for (const action of ['decline', 'cancel'] as const) {
    it(`sends a ${action} without the content the user may have typed`, async () => {
      answer = { action, content: { name: 'half typed' } };
      assert.deepEqual(await run(session, { schema: contact }), { action });
    });
  }
});

describe('form elicitation in 2025-06-18', () => {
  it('works without a mode, and is validated the same way', async () => {
    let mode: unknown = 'unset';
    const { session } = await linkRunning(
      (ctx) =>
        ctx.elicit({
          message: 'Name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        }),
      {
        elicitation: {
          form: (params) => {
            mode = params.mode;
            return { action: 'accept', content: { name: 7 } as never };
          },
        },
      },
      '2025-06-18',
    );
    const outcome = (await run(session)) as Outcome;
    assert.equal(mode, undefined);
    assert.ok('error' in outcome && outcome.error.code === -32602);
    await session.close();
  });
});

describe('URL elicitation (2025-11-25)', () => {
  const request = {
    mode: 'url' as const,
    message: 'Sign in to Example',
    url: 'https://example.com/connect?e=e1',
    elicitationId: 'e1',
  };

  it('the handler gets the URL; only the action is sent back', async () => {
    let seen: ElicitRequestURLParams | undefined;
    const { session } = await linkRunning((ctx) => ctx.elicit(request), {
      elicitation: {
        url: (params) => {
          seen = params;
          return { action: 'accept', content: { leaked: 'no' } } as never;
        },
      },
    });
    assert.deepEqual(await run(session), { action: 'accept' });
    assert.deepEqual(seen, request);
    await session.close();
  });

  it('a mode the client has no handler for is -32602', async () => {
    const formOnly = await linkRunning(() => undefined, { elicitation: { form: () => ({ action: 'cancel' }) } });
    await assert.rejects(
      formOnly.serverSession.request('elicitation/create', request),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && /URL-mode/.test(e.message),
    );
    await formOnly.session.close();
    const urlOnly = await linkRunning(() => undefined, { elicitation: { url: () => ({ action: 'cancel' }) } });
    const form = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };
    await assert.rejects(
      urlOnly.serverSession.request('elicitation/create', form),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && /form-mode/.test(e.message),
    );
    await urlOnly.session.close();
  });
});
