// Serving the modern revision (2026-07-28) on a connection: no handshake, the envelope in
// every request's _meta, the revision's errors, and results dressed as the revision requires.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { METHODS } from '../../src/types/methods.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const META = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'modern', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
  ...extra,
});

function server(): Server {
  const s = new Server({ name: 'modern-server', version: '2.0.0' }, { instructions: 'Try echo.' });
  s.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    async ({ text }, ctx) => {
      await ctx.log('info', 'echoing');
      return {
        content: [
          { type: 'text', text: `${String(text)} from ${String(ctx.clientInfo?.name)} at ${ctx.protocolVersion}` },
        ],
      };
    },
  );
  s.tool('ask', {}, async (_args, ctx) => {
    await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [] };
  });
  return s;
}

/** A raw client that never initializes. */
async function modern(): Promise<RawClient> {
  return RawClient.attach(server());
}

const serverInfo = { name: 'modern-server', version: '2.0.0' };

describe('modern requests', () => {
  it('server/discover names the versions, capabilities and identity, with caching hints', async () => {
    const client = await modern();
    const reply = await client.request('server/discover', { _meta: META() });
    assert.deepEqual(reply.result, {
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions: 'Try echo.',
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
      ttlMs: 0,
      cacheScope: 'private',
    });
    assert.equal(METHODS['server/discover'].result(reply.result), undefined, 'a DiscoverResult of the spec');
  });

  it('serves a tool call without a handshake, the caller known from its envelope', async () => {
    const client = await modern();
    const reply = await client.request('tools/call', { name: 'echo', arguments: { text: 'hi' }, _meta: META() });
    assert.deepEqual(reply.result, {
      content: [{ type: 'text', text: 'hi from modern at 2026-07-28' }],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
    });
    const list = await client.request('tools/list', { _meta: META() });
    assert.equal(METHODS['tools/list'].result(list.result), undefined);
    assert.equal(list.result?.ttlMs, 0);
  });

  it('marks each list with its own caching hints, over the server-wide ones', async () => {
    const s = new Server(serverInfo, {
      cache: {
        ttlMs: 1000,
        methods: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' }, 'resources/read': { cacheScope: 'public' } },
      },
    });
    s.tool('echo', {}, () => ({ content: [] }));
    s.prompt('hello', {}, () => ({ messages: [] }));
    s.resource('note://a', { name: 'a' }, () => ({ contents: [{ uri: 'note://a', text: 'a' }] }));
    s.resource('note://fresh', { name: 'fresh' }, () => ({ contents: [{ uri: 'note://fresh', text: 'b' }], ttlMs: 5 }));
    const client = await RawClient.attach(s);
    const hints = async (method: string, params: Record<string, unknown> = {}) => {
      const { ttlMs, cacheScope } = (await client.request(method, { ...params, _meta: META() })).result ?? {};
      return { ttlMs, cacheScope };
    };
    assert.deepEqual(await hints('tools/list'), { ttlMs: 60_000, cacheScope: 'public' });
    assert.deepEqual(await hints('prompts/list'), { ttlMs: 1000, cacheScope: 'private' });
    assert.deepEqual(await hints('server/discover'), { ttlMs: 1000, cacheScope: 'private' });
    assert.deepEqual(await hints('resources/read', { uri: 'note://a' }), { ttlMs: 1000, cacheScope: 'public' });
    assert.deepEqual(
      await hints('resources/read', { uri: 'note://fresh' }),
      { ttlMs: 5, cacheScope: 'public' },
      'the handler has the last word',
    );
    assert.deepEqual(await hints('tools/call', { name: 'echo', arguments: {} }), {
      ttlMs: undefined,
      cacheScope: undefined,
    });
  });

  it('refuses caching hints the spec does not allow, naming the method', () => {
    assert.throws(() => new Server(serverInfo, { cache: { ttlMs: -1 } }), /cache\.ttlMs must be a whole number/);
    assert.throws(
      () => new Server(serverInfo, { cache: { methods: { 'prompts/list': { ttlMs: 1.5 } } } }),
      /cache\.methods\["prompts\/list"\]\.ttlMs must be/,
    );
    assert.throws(
      () => new Server(serverInfo, { cache: { cacheScope: 'shared' as 'public' } }),
      /cache\.cacheScope must be 'public' or 'private'/,
    );
    assert.throws(
      () => new Server(serverInfo, { cache: { methods: { 'tools/call': {} } as never } }),
      /tools\/call results carry no caching hints/,
    );
  });

  it('answers an unsupported version with -32022 listing what it serves', async () => {
    const client = await modern();
    const reply = await client.request('tools/list', {
      _meta: META({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }),
    });
    assert.deepEqual(reply.error, {
      code: -32022,
      message: 'Unsupported protocol version',
      data: { supported: ['2026-07-28'], requested: '2099-01-01' },
    });
  });

  for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']) {
    it(`answers ${method}, which the revision removed, with -32601`, async () => {
      const client = await modern();
      const reply = await client.request(method, {
        _meta: META(),
        level: 'info',
        uri: 'x://y',
        protocolVersion: '2026-07-28',
        capabilities: {},
        clientInfo: { name: 'a', version: '1' },
      });
      assert.equal(reply.error?.code, -32601, JSON.stringify(reply));
    });
  }

  it('answers a malformed envelope with -32602 naming the member', async () => {
    const client = await modern();
    const reply = await client.request('tools/list', {
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
    });
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /clientCapabilities/);
  });

  it('sends log messages only for a request that asked for them, on that request', async () => {
    const client = await modern();
    await client.request('tools/call', { name: 'echo', arguments: { text: 'a' }, _meta: META() });
    assert.deepEqual(
      client.pending((m) => m.method === 'notifications/message'),
      [],
    );
    await client.request('tools/call', {
      name: 'echo',
      arguments: { text: 'b' },
      _meta: META({ 'io.modelcontextprotocol/logLevel': 'info' }),
    });
    assert.deepEqual(
      client.pending((m) => m.method === 'notifications/message').map((m) => m.params),
      [{ level: 'info', data: 'echoing' }],
    );
  });

  it('turns asking the client mid-call into an input-required result', async () => {
    const client = await modern();
    const reply = await client.request('tools/call', {
      name: 'ask',
      _meta: META({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } }),
    });
    assert.equal(reply.result?.resultType, 'input_required');
    assert.deepEqual(Object.keys(reply.result?.inputRequests as object), ['elicitation-1']);
  });

  it('serves both eras on one connection', async () => {
    const s = server();
    const client = await RawClient.connect(s, '2025-11-25');
    const legacy = await client.request('tools/call', { name: 'echo', arguments: { text: 'old' } });
    const modernReply: WireMessage = await client.request('tools/call', {
      name: 'echo',
      arguments: { text: 'new' },
      _meta: META(),
    });
    assert.equal(legacy.result?.resultType, undefined);
    assert.match(JSON.stringify(legacy.result), /old from raw at 2025-11-25/);
    assert.equal(modernReply.result?.resultType, 'complete');
    assert.match(JSON.stringify(modernReply.result), /new from modern at 2026-07-28/);
  });

  it('can be turned off, leaving only the handshake', async () => {
    const s = new Server({ name: 'old-only', version: '1' }, { modern: false });
    const client = await RawClient.attach(s);
    const reply = await client.request('server/discover', { _meta: META() });
    assert.equal(reply.error?.code, -32600);
  });
});
