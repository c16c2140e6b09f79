// Multi round-trip requests (2026-07-28): handler code that asks the client through ctx.elicit,
// ctx.sample and ctx.listRoots answers a modern tools/call, prompts/get or resources/read
// with an input-required result, and runs again, from the start, on the client's retry.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerContext, type ServerOptions } from '../../src/server/index.js';
import { methodInfo } from '../../src/types/methods.js';
import type { ElicitRequestFormParams } from '../../src/types/elicitation.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const ALL_CAPABILITIES = { elicitation: {}, sampling: {}, roots: {} };

const META = (capabilities: Record<string, unknown> = ALL_CAPABILITIES) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'modern', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

const nameForm: ElicitRequestFormParams = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const colorForm: ElicitRequestFormParams = {
  message: 'Favourite colour?',
  requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
};
const question = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Capital of France?' } }],
  maxTokens: 10,
};

const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });
const sampled = (text: string) => ({ role: 'assistant', content: { type: 'text', text }, model: 'm' });
const roots = { roots: [{ uri: 'file:///work', name: 'work' }] };

/** A server whose tool `run` returns the JSON of what `body` returned. */
function serverRunning(
  body: (ctx: ServerContext, args: Record<string, unknown>) => Promise<unknown>,
  options: ServerOptions = {},
): Server {
  const server = new Server({ name: 'multiRoundTrip', version: '1' }, options);
  server.tool('run', {}, async (args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify((await body(ctx, args)) ?? null) }],
  }));
  return server;
}

/** Calls `run` as a modern request; `extra` adds inputResponses, requestState, arguments. */
function run(
  client: RawClient,
  extra: Record<string, unknown> = {},
  capabilities?: Record<string, unknown>,
): Promise<WireMessage> {
  return client.request('tools/call', { name: 'run', ...extra, _meta: META(capabilities) });
}

const text = (reply: WireMessage) => JSON.parse((reply.result?.content as { text: string }[])[0]!.text) as unknown;

function inputRequired(
  reply: WireMessage,
  method = 'tools/call',
): { inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>; requestState: string } {
  assert.equal(reply.error, undefined, JSON.stringify(reply.error));
  assert.equal(reply.result?.resultType, 'input_required', JSON.stringify(reply.result));
  assert.equal(methodInfo(method)?.result?.(reply.result), undefined, 'an InputRequiredResult of the spec');
  assert.equal(typeof reply.result?.requestState, 'string');
  return reply.result as never;
}

describe('multi round-trip requests: asking the client', () => {
  it('answers a question with an input-required result, then completes with the answer on the retry', async () => {
    const client = await RawClient.attach(serverRunning((ctx) => ctx.elicit(nameForm)));
    const first = await run(client);
    const round = inputRequired(first);
    assert.deepEqual(round.inputRequests, {
      'elicitation-1': { method: 'elicitation/create', params: { mode: 'form', ...nameForm } },
    });
    assert.equal(first.result?.ttlMs, undefined, 'no caching hints on an input-required result');
    assert.deepEqual(first.result?._meta, {
      'io.modelcontextprotocol/serverInfo': { name: 'multiRoundTrip', version: '1' },
    });

    const second = await run(client, {
      inputResponses: { 'elicitation-1': accept({ name: 'Ada' }) },
      requestState: round.requestState,
    });
    assert.equal(second.result?.resultType, 'complete');
    assert.deepEqual(text(second), accept({ name: 'Ada' }));
  });

  it('gathers every question asked at once into one round', async () => {
    const server = serverRunning(async (ctx) =>
      Promise.all([ctx.elicit(nameForm), ctx.sample(question), ctx.listRoots()]),
    );
    const client = await RawClient.attach(server);
    const round = inputRequired(await run(client));
    assert.deepEqual(
      Object.entries(round.inputRequests ?? {}).map(([key, request]) => [key, request.method]),
      [
        ['elicitation-1', 'elicitation/create'],
        ['sampling-1', 'sampling/createMessage'],
        ['roots-1', 'roots/list'],
      ],
    );
    assert.deepEqual(round.inputRequests?.['roots-1'], { method: 'roots/list', params: {} });
    const inputResponses = {
      'elicitation-1': accept({ name: 'Ada' }),
      'sampling-1': sampled('Paris'),
      'roots-1': roots,
    };
    const done = await run(client, { inputResponses, requestState: round.requestState });
    assert.deepEqual(text(done), [accept({ name: 'Ada' }), sampled('Paris'), roots]);
  });

  it('carries earlier answers through requestState across rounds, with nothing stored on the server', async () => {
    let runs = 0;
    const server = serverRunning(async (ctx) => {
      runs++;
      const name = await ctx.elicit(nameForm);
      const color = await ctx.elicit(colorForm);
      return [name.content, color.content];
    });
    const client = await RawClient.attach(server);
    const first = inputRequired(await run(client));
    assert.deepEqual(Object.keys(first.inputRequests ?? {}), ['elicitation-1']);
    const second = inputRequired(
      await run(client, {
        inputResponses: { 'elicitation-1': accept({ name: 'Ada' }) },
        requestState: first.requestState,
      }),
    );
    assert.deepEqual(Object.keys(second.inputRequests ?? {}), ['elicitation-2']);
    assert.notEqual(second.requestState, first.requestState);
    // Only the new answer is sent: the first one comes back sealed in the state.
    const done = await run(client, {
      inputResponses: { 'elicitation-2': accept({ color: 'teal' }) },
      requestState: second.requestState,
    });
    assert.deepEqual(text(done), [{ name: 'Ada' }, { color: 'teal' }]);
    assert.equal(runs, 3, 'the handler ran once per round, from the start');
  });

  it('uses the keys a handler names', async () => {
    const client = await RawClient.attach(
      serverRunning((ctx) =>
        Promise.all([ctx.elicit(nameForm, { key: 'user_name' }), ctx.listRoots({ key: 'client_roots' })]),
      ),
    );
    const round = inputRequired(await run(client));
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['user_name', 'client_roots']);
    // Answers may come without any requestState: the keys are what matter.
    const done = await run(client, { inputResponses: { user_name: accept({ name: 'Ada' }), client_roots: roots } });
    assert.deepEqual(text(done), [accept({ name: 'Ada' }), roots]);
  });

  it('asks again for an answer that is missing, and ignores answers nobody asked for', async () => {
    const client = await RawClient.attach(serverRunning((ctx) => ctx.elicit(nameForm, { key: 'user_name' })));
    const round = inputRequired(await run(client, { inputResponses: { wrong_key: accept({ name: 'Eve' }) } }));
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['user_name']);
    const done = await run(client, {
      inputResponses: { user_name: accept({ name: 'Ada' }), extra: accept({ x: 1 }), another: roots },
    });
    assert.deepEqual(text(done), accept({ name: 'Ada' }));
  });

  it('still needs input when the handler catches the signal and carries on', async () => {
    const client = await RawClient.attach(
      serverRunning(async (ctx) => {
        try {
          return await ctx.elicit(nameForm);
        } catch {
          return 'fallback';
        }
      }),
    );
    inputRequired(await run(client));
  });

  it('binds the state to the arguments as sent, even when the handler changes them before asking', async () => {
    const client = await RawClient.attach(
      serverRunning(async (ctx, args) => {
        args.touched = true;
        return ctx.elicit(nameForm);
      }),
    );
    const round = inputRequired(await run(client, { arguments: { a: 1 } }));
    const done = await run(client, {
      arguments: { a: 1 },
      inputResponses: { 'elicitation-1': accept({ name: 'Ada' }) },
      requestState: round.requestState,
    });
    assert.equal(done.result?.resultType, 'complete', JSON.stringify(done));
  });

  it('passes declined and cancelled answers to the handler', async () => {
    const client = await RawClient.attach(serverRunning((ctx) => ctx.elicit(nameForm)));
    const done = await run(client, { inputResponses: { 'elicitation-1': { action: 'decline' } } });
    assert.deepEqual(text(done), { action: 'decline' });
  });
});

describe('multi round-trip requests: checking answers', () => {
  const client = async () =>
    RawClient.attach(serverRunning((ctx) => Promise.all([ctx.elicit(nameForm), ctx.sample(question)])));

  it('refuses an accepted form that does not match the requested schema with -32602', async () => {
    const reply = await run(await client(), {
      inputResponses: { 'elicitation-1': accept({ name: 42 }), 'sampling-1': sampled('Paris') },
    });
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /does not match the requested schema: content\.name: expected a string/);
  });

  it('refuses an answer of the wrong kind with -32602 naming its key', async () => {
    const reply = await run(await client(), {
      inputResponses: { 'elicitation-1': accept({ name: 'Ada' }), 'sampling-1': roots },
    });
    assert.equal(reply.error?.code, -32602);
    assert.match(
      reply.error!.message,
      /inputResponses\["sampling-1"\] is not a valid answer to sampling\/createMessage/,
    );
  });

  it('does not carry an answer that failed its checks into later rounds', async () => {
    const c = await client();
    // The sampling answer is missing, so the round ends asking for it before the bad form answer is reported.
    const round = inputRequired(await run(c, { inputResponses: { 'elicitation-1': accept({ name: 42 }) } }));
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['sampling-1']);
    const done = await run(c, {
      inputResponses: { 'elicitation-1': accept({ name: 'Ada' }), 'sampling-1': sampled('Paris') },
      requestState: round.requestState,
    });
    assert.deepEqual(text(done), [accept({ name: 'Ada' }), sampled('Paris')]);
  });

  for (const [what, inputResponses] of [
    ['a number', { 'elicitation-1': 12345 }],
    ['null', null],
    ['an array', []],
  ] as const) {
    it(`refuses inputResponses holding ${what} with -32602`, async () => {
      const reply = await run(await client(), { inputResponses });
      assert.equal(reply.error?.code, -32602);
      assert.match(reply.error!.message, /inputResponses/);
    });
  }
});

describe('multi round-trip requests: client capabilities', () => {
  it('never asks for what the client did not declare', async () => {
    const server = serverRunning((ctx) => Promise.all([ctx.elicit(nameForm), ctx.sample(question)]));
    const client = await RawClient.attach(server);
    const round = inputRequired(await run(client, {}, { sampling: {} }));
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['sampling-1']);
    // Once sampling is answered, the missing capability is the error of the revision.
    const reply = await run(
      client,
      { inputResponses: { 'sampling-1': sampled('Paris') }, requestState: round.requestState },
      { sampling: {} },
    );
    assert.equal(reply.error?.code, -32021);
    assert.deepEqual(reply.error?.data, { requiredCapabilities: { elicitation: {} } });
  });

  for (const [what, ask, capabilities, required] of [
    ['elicitation', (ctx: ServerContext) => ctx.elicit(nameForm), {}, { elicitation: {} }],
    [
      'URL-mode elicitation',
      (ctx: ServerContext) => ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com' }),
      { elicitation: {} },
      { elicitation: { url: {} } },
    ],
    [
      'tools in sampling',
      (ctx: ServerContext) => ctx.sample({ ...question, tools: [{ name: 't', inputSchema: { type: 'object' } }] }),
      { sampling: {} },
      { sampling: { tools: {} } },
    ],
    ['roots', (ctx: ServerContext) => ctx.listRoots(), { sampling: {} }, { roots: {} }],
  ] as const) {
    it(`answers -32021 naming ${what} when the client did not declare it`, async () => {
      const reply = await run(await RawClient.attach(serverRunning(ask)), {}, capabilities);
      assert.equal(reply.error?.code, -32021, JSON.stringify(reply));
      assert.deepEqual(reply.error?.data, { requiredCapabilities: required });
    });
  }

  it('leaves the 2025-11-25 elicitationId out of a URL-mode input request', async () => {
    const client = await RawClient.attach(
      serverRunning((ctx) =>
        ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'e1' }),
      ),
    );
    const round = inputRequired(await run(client, {}, { elicitation: { url: {} } }));
    assert.deepEqual(round.inputRequests?.['elicitation-1'], {
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Sign in', url: 'https://example.com' },
    });
  });
});

describe('multi round-trip requests: prompts and resources', () => {
  function server(): Server {
    const s = new Server({ name: 'multiRoundTrip', version: '1' });
    s.prompt('greet', { arguments: [{ name: 'tone' }] }, async (args, ctx) => {
      const answer = await ctx.elicit(nameForm);
      return `Greet ${String(answer.content?.name)} in a ${args.tone ?? 'plain'} tone`;
    });
    s.resource('file:///notes', { name: 'notes' }, async (_uri, _vars, ctx) => {
      const { roots: list } = await ctx.listRoots();
      return `notes for ${list.map((r) => r.uri).join(' ')}`;
    });
    s.resourceTemplate('file:///docs/{name}', { name: 'docs' }, async (uri, vars, ctx) => {
      const answer = await ctx.sample(question);
      return `${String(vars.name)}: ${JSON.stringify(answer.content)}`;
    });
    return s;
  }

  it('prompts/get asks, then completes with the prompt', async () => {
    const client = await RawClient.attach(server());
    const params = { name: 'greet', arguments: { tone: 'warm' }, _meta: META() };
    const round = inputRequired(await client.request('prompts/get', params), 'prompts/get');
    const done = await client.request('prompts/get', {
      ...params,
      inputResponses: { 'elicitation-1': accept({ name: 'Ada' }) },
      requestState: round.requestState,
    });
    assert.equal(done.result?.resultType, 'complete');
    assert.deepEqual(done.result?.messages, [
      { role: 'user', content: { type: 'text', text: 'Greet Ada in a warm tone' } },
    ]);
  });

  it('resources/read asks without caching hints, then completes with them', async () => {
    const client = await RawClient.attach(server());
    const params = { uri: 'file:///notes', _meta: META() };
    const first = await client.request('resources/read', params);
    const round = inputRequired(first, 'resources/read');
    assert.equal('ttlMs' in first.result!, false);
    assert.equal('cacheScope' in first.result!, false);
    const done = await client.request('resources/read', {
      ...params,
      inputResponses: { 'roots-1': roots },
      requestState: round.requestState,
    });
    assert.deepEqual(done.result?.contents, [{ uri: 'file:///notes', text: 'notes for file:///work' }]);
    assert.equal(done.result?.ttlMs, 0);
  });

  it('a templated resource asks too, and its state is bound to the URI', async () => {
    const client = await RawClient.attach(server());
    const round = inputRequired(
      await client.request('resources/read', { uri: 'file:///docs/a', _meta: META() }),
      'resources/read',
    );
    const inputResponses = { 'sampling-1': sampled('Paris') };
    const other = await client.request('resources/read', {
      uri: 'file:///docs/b',
      inputResponses,
      requestState: round.requestState,
      _meta: META(),
    });
    assert.equal(other.error?.code, -32602);
    assert.match(other.error!.message, /different resources\/read request \(the URI differs\)/);
    const done = await client.request('resources/read', {
      uri: 'file:///docs/a',
      inputResponses,
      requestState: round.requestState,
      _meta: META(),
    });
    assert.match(JSON.stringify(done.result?.contents), /a: /);
  });

  it('other modern requests cannot ask the client, and say so', async () => {
    const s = new Server({ name: 'multiRoundTrip', version: '1' });
    s.resourceTemplate(
      'file:///x/{id}',
      { name: 'x', list: async (ctx) => [{ uri: `file:///x/${JSON.stringify(await ctx.listRoots())}`, name: 'x' }] },
      () => 'x',
    );
    const reply = await (await RawClient.attach(s)).request('resources/list', { _meta: META() });
    assert.match(
      reply.error?.message ?? '',
      /only tools\/call, prompts\/get and resources\/read can answer with an input-required result/,
    );
    assert.equal(reply.result, undefined);
  });
});

describe('multi round-trip requests: the same handler in a legacy session', () => {
  it('sends real requests to the client and ignores the keys', async () => {
    const server = serverRunning((ctx) => Promise.all([ctx.elicit(nameForm, { key: 'user_name' }), ctx.listRoots()]));
    const client = await RawClient.connect(server, '2025-11-25', { elicitation: {}, roots: {} });
    client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const elicitation = await client.next((m) => m.method === 'elicitation/create');
    const rootsRequest = await client.next((m) => m.method === 'roots/list');
    assert.deepEqual(elicitation.params, { mode: 'form', ...nameForm });
    client.send({ id: elicitation.id, result: accept({ name: 'Ada' }) });
    client.send({ id: rootsRequest.id, result: roots });
    const reply = await client.next((m) => m.id === 'c1');
    assert.equal(reply.result?.resultType, undefined);
    assert.deepEqual(text(reply), [accept({ name: 'Ada' }), roots]);
  });

  it('has no multi round-trip there: ctx.inputRequired() fails plainly', async () => {
    const server = serverRunning(async (ctx) => (ctx.multiRoundTrip ? 'multi' : ctx.inputRequired({ state: 1 })));
    const reply = await (await RawClient.connect(server)).request('tools/call', { name: 'run' });
    assert.equal(reply.result?.isError, true);
    assert.match(
      JSON.stringify(reply.result?.content),
      /needs a modern \(2026-07-28\) tools\/call, prompts\/get or resources\/read request/,
    );
  });
});
