// The server-side request context: logging by level, and the era-agnostic calls to the client
// (elicit, sample, listRoots) with their capability checks, as seen on the wire.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerContext } from '../../src/server/index.js';
import type { CallToolResult } from '../../src/types/tools.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

/** A server with one tool that runs `body` and reports what it returned or threw. */
function serverRunning(body: (ctx: ServerContext) => Promise<unknown>): Server {
  const server = new Server({ name: 's', version: '1', title: 'Server', description: 'since 2025-11-25' });
  server.tool('run', {}, async (_args, ctx): Promise<CallToolResult> => {
    const value = await body(ctx);
    return { content: [{ type: 'text', text: JSON.stringify(value ?? null) }] };
  });
  return server;
}

const call = (client: RawClient) => client.request('tools/call', { name: 'run' });
const text = (reply: WireMessage) => (reply.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';

describe('ctx.log', () => {
  it('sends nothing until the client sets a level, then only at or above it', async () => {
    const server = serverRunning(async (ctx) => {
      for (const level of ['debug', 'info', 'warning', 'error'] as const)
        await ctx.log(level, { level }, 'test-logger');
    });
    const client = await RawClient.connect(server);
    await call(client);
    assert.deepEqual(
      client.pending((m) => m.method === 'notifications/message'),
      [],
    );
    assert.deepEqual((await client.request('logging/setLevel', { level: 'warning' })).result, {});
    await call(client);
    const logs = client.pending((m) => m.method === 'notifications/message').map((m) => m.params);
    assert.deepEqual(logs, [
      { level: 'warning', data: { level: 'warning' }, logger: 'test-logger' },
      { level: 'error', data: { level: 'error' }, logger: 'test-logger' },
    ]);
  });

  it('rejects an unknown level with -32602', async () => {
    const client = await RawClient.connect(serverRunning(async () => undefined));
    const reply = await client.request('logging/setLevel', { level: 'loud' });
    assert.equal(reply.error?.code, -32602);
  });
});

describe('ctx.elicit', () => {
  const form = {
    message: 'Your name?',
    requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] },
  };

  it('fails with a clear error when the client has no elicitation capability', async () => {
    const client = await RawClient.connect(serverRunning((ctx) => ctx.elicit(form)));
    const reply = await call(client);
    assert.equal(reply.result?.isError, true);
    assert.match(text(reply), /does not support elicitation/);
  });

  for (const [version, mode] of [
    ['2025-06-18', undefined],
    ['2025-11-25', 'form'],
  ] as const) {
    it(`sends a form request ${mode ? 'with' : 'without'} mode in ${version}, and returns the answer`, async () => {
      const client = await RawClient.connect(
        serverRunning((ctx) => ctx.elicit(form)),
        version,
        { elicitation: {} },
      );
      client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
      const request = await client.next((m) => m.method === 'elicitation/create');
      assert.equal(request.params?.mode, mode);
      assert.deepEqual(request.params?.requestedSchema, form.requestedSchema);
      client.send({ id: request.id, result: { action: 'accept', content: { name: 'Ada' } } });
      const reply = await client.next((m) => m.id === 'c1');
      assert.deepEqual(JSON.parse(text(reply)), { action: 'accept', content: { name: 'Ada' } });
    });
  }

  it('refuses URL mode unless the client declared elicitation.url', async () => {
    const url = { mode: 'url' as const, message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' };
    const formOnly = await RawClient.connect(
      serverRunning((ctx) => ctx.elicit(url)),
      '2025-11-25',
      { elicitation: { form: {} } },
    );
    const refused = await call(formOnly);
    assert.match(text(refused), /URL-mode elicitation/);
    const both = await RawClient.connect(
      serverRunning((ctx) => ctx.elicit(url)),
      '2025-11-25',
      { elicitation: { form: {}, url: {} } },
    );
    both.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const request = await both.next((m) => m.method === 'elicitation/create');
    assert.deepEqual(request.params, url);
  });

  it('refuses a schema that is not a flat object of primitives, before sending', async () => {
    const nested = {
      message: 'x',
      requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } },
    };
    const client = await RawClient.connect(
      serverRunning((ctx) => ctx.elicit(nested as never)),
      '2025-11-25',
      { elicitation: {} },
    );
    const reply = await call(client);
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /flat object of primitive properties/);
    assert.deepEqual(
      client.pending((m) => m.method === 'elicitation/create'),
      [],
    );
  });
});

describe('ctx.sample', () => {
  const ask = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }], maxTokens: 10 };
  const tool = { name: 'lookup', inputSchema: { type: 'object' as const } };

  it('needs the sampling capability, and sampling.tools for tools', async () => {
    const none = await RawClient.connect(serverRunning((ctx) => ctx.sample(ask)));
    assert.match(text(await call(none)), /does not support sampling/);
    const noTools = await RawClient.connect(
      serverRunning((ctx) => ctx.sample({ ...ask, tools: [tool] })),
      '2025-11-25',
      { sampling: {} },
    );
    assert.match(text(await call(noTools)), /tools in sampling/);
  });

  it('sends the request with tools and returns the model answer', async () => {
    const client = await RawClient.connect(
      serverRunning((ctx) => ctx.sample({ ...ask, tools: [tool], toolChoice: { mode: 'auto' } })),
      '2025-11-25',
      { sampling: { tools: {} } },
    );
    client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const request = await client.next((m) => m.method === 'sampling/createMessage');
    assert.deepEqual(request.params?.tools, [tool]);
    const answer = { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'm', stopReason: 'endTurn' };
    client.send({ id: request.id, result: answer });
    assert.deepEqual(JSON.parse(text(await client.next((m) => m.id === 'c1'))), answer);
  });

  const unbalanced: [string, unknown[], RegExp][] = [
    [
      'a tool use with no result',
      [
        { role: 'user', content: { type: 'text', text: 'q' } },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }] },
      ],
      /no tool_result/,
    ],
    [
      'a result for an unknown tool use',
      [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 't2', content: [] }] },
      ],
      /unknown tool use t2|missing tool_result for tool use t1/,
    ],
    [
      'results mixed with other content',
      [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 't1', content: [] },
            { type: 'text', text: 'and' },
          ],
        },
      ],
      /only tool_result/,
    ],
  ];
  for (const [name, messages, message] of unbalanced) {
    it(`refuses ${name}`, async () => {
      const client = await RawClient.connect(
        serverRunning((ctx) => ctx.sample({ messages, maxTokens: 5, tools: [tool] } as never)),
        '2025-11-25',
        { sampling: { tools: {} } },
      );
      const reply = await call(client);
      assert.equal(reply.error?.code, -32602);
      assert.match(reply.error!.message, message);
    });
  }
});

describe('ctx.listRoots', () => {
  it('needs the roots capability, then asks the client', async () => {
    const none = await RawClient.connect(serverRunning((ctx) => ctx.listRoots()));
    assert.match(text(await call(none)), /does not support roots/);
    const client = await RawClient.connect(
      serverRunning((ctx) => ctx.listRoots()),
      '2025-11-25',
      { roots: { listChanged: true } },
    );
    client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const request = await client.next((m) => m.method === 'roots/list');
    client.send({ id: request.id, result: { roots: [{ uri: 'file:///work', name: 'work' }] } });
    assert.deepEqual(JSON.parse(text(await client.next((m) => m.id === 'c1'))), {
      roots: [{ uri: 'file:///work', name: 'work' }],
    });
  });

  it('a malformed answer from the client is an error, not data', async () => {
    const client = await RawClient.connect(
      serverRunning((ctx) => ctx.listRoots()),
      '2025-11-25',
      { roots: {} },
    );
    client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const request = await client.next((m) => m.method === 'roots/list');
    client.send({ id: request.id, result: { roots: 'not a list' } });
    const reply = await client.next((m) => m.id === 'c1');
    assert.match(reply.error?.message ?? '', /Malformed roots\/list result/);
  });
});

describe('initialize result per revision', () => {
  it('leaves out serverInfo members the revision does not define', async () => {
    const server = serverRunning(async () => undefined);
    const old = await RawClient.connect(server, '2025-03-26');
    const init = old.all[0] as WireMessage;
    assert.deepEqual(init.result?.serverInfo, { name: 's', version: '1' });
    const latest = await RawClient.connect(server, '2025-11-25');
    assert.deepEqual((latest.all[0] as WireMessage).result?.serverInfo, {
      name: 's',
      version: '1',
      title: 'Server',
      description: 'since 2025-11-25',
    });
  });
});

describe('answers and notifications from the client', () => {
  it('ctx.elicit refuses an accepted answer that breaks the requested schema', async () => {
    const form = {
      message: 'Age?',
      requestedSchema: {
        type: 'object' as const,
        properties: { age: { type: 'integer' as const, minimum: 0 } },
        required: ['age'],
      },
    };
    const client = await RawClient.connect(
      serverRunning((ctx) => ctx.elicit(form)),
      '2025-11-25',
      { elicitation: {} },
    );
    client.send({ id: 'c1', method: 'tools/call', params: { name: 'run' } });
    const request = await client.next((m) => m.method === 'elicitation/create');
    client.send({ id: request.id, result: { action: 'accept', content: { age: 'old' } } });
    const reply = await client.next((m) => m.id === 'c1');
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /does not match the requested schema/);
  });

  it('a missing client capability is a tool error, not a missing method', async () => {
    const client = await RawClient.connect(serverRunning((ctx) => ctx.listRoots()));
    const reply = await call(client);
    assert.equal(reply.result?.isError, true);
    assert.match(text(reply), /does not support roots/);
  });

  it('server.on hears initialized and roots/list_changed, with the session', async () => {
    const server = serverRunning(async () => undefined);
    const heard: string[] = [];
    server.on('initialized', (s) => heard.push(`initialized ${String(s.clientInfo?.name)}`));
    server.on('rootsListChanged', (s) => heard.push(`roots ${String(s.clientInfo?.name)}`));
    const client = await RawClient.connect(server, '2025-11-25', { roots: { listChanged: true } });
    client.send({ method: 'notifications/roots/list_changed' });
    await client.request('ping');
    assert.deepEqual(heard, ['initialized raw', 'roots raw']);
  });
});
