// completion/complete on the wire: prompt arguments and template variables, context.arguments
// per revision, the 100-value cap with total and hasMore, errors, and the capability.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerOptions } from '../../src/server/index.js';
import type { FeatureHost } from '../../src/server/feature.js';
import { ResourceRegistry } from '../../src/server/resources.js';
import { PromptRegistry } from '../../src/server/prompts.js';
import { capValues, createCompletion, type CompletionContext } from '../../src/server/completion.js';
import { McpError } from '../../src/protocol/errors.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { ClientSession } from '../../src/client/client-session.js';
import type { CompleteRequestParams } from '../../src/types/completion.js';
import { connectPair } from '../../src/testing/index.js';
import { RawClient } from '../helpers/raw-client.js';

const LANGUAGES = ['python', 'pytorch', 'pyside', 'perl', 'php'];

/** A server with resources, prompts and completion plugged in. */
function setup(options: ServerOptions = {}) {
  const server = new Server({ name: 's', version: '1' }, { onError: () => {}, ...options });
  const host: FeatureHost = { pageSize: Infinity, listChanged: () => {} };
  const resources = server.addFeature(new ResourceRegistry(host));
  const prompts = server.addFeature(new PromptRegistry(host));
  server.addFeature(createCompletion(resources, prompts));
  return { server, resources, prompts };
}

/** A server whose completers record what they were told. */
function completingServer() {
  const { server, resources, prompts } = setup();
  const calls: [string, Record<string, string>][] = [];
  const record = (values: readonly string[]) => (value: string, context: CompletionContext) => {
    calls.push([value, { ...context.arguments }]);
    return values.filter((v) => v.startsWith(value));
  };
  prompts.add(
    'code_review',
    {
      arguments: [{ name: 'language', required: true }, { name: 'framework' }, { name: 'style' }],
      complete: { language: record(LANGUAGES), framework: record(['flask', 'fastapi']) },
    },
    () => 'x',
  );
  resources.addTemplate(
    'repo://{owner}/{repo}',
    { name: 'repo', complete: { repo: record(['mcpkit', 'mcp-spec']) } },
    () => 'x',
  );
  return { server, resources, prompts, calls };
}

const complete = async (session: ClientSession, params: CompleteRequestParams) =>
  (await session.request('completion/complete', params)).completion;
const invalidParams = (message: RegExp) => (e: unknown) =>
  e instanceof JsonRpcError && e.code === -32602 && message.test(e.message);

describe('completion/complete', () => {
  it('completes prompt arguments, passing context.arguments', async () => {
    const { server, calls } = completingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(
      await complete(session, {
        ref: { type: 'ref/prompt', name: 'code_review' },
        argument: { name: 'language', value: 'py' },
      }),
      {
        values: ['python', 'pytorch', 'pyside'],
        total: 3,
        hasMore: false,
      },
    );
    const framework = await complete(session, {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'framework', value: 'fla' },
      context: { arguments: { language: 'python' } },
    });
    assert.deepEqual(framework, { values: ['flask'], total: 1, hasMore: false });
    assert.deepEqual(calls, [
      ['py', {}],
      ['fla', { language: 'python' }],
    ]);
  });

  it('completes resource template variables, passing context.arguments', async () => {
    const { server, calls } = completingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-06-18' });
    const result = await complete(session, {
      ref: { type: 'ref/resource', uri: 'repo://{owner}/{repo}' },
      argument: { name: 'repo', value: 'mcp' },
      context: { arguments: { owner: 'octo' } },
    });
    assert.deepEqual(result, { values: ['mcpkit', 'mcp-spec'], total: 2, hasMore: false });
    assert.deepEqual(calls, [['mcp', { owner: 'octo' }]]);
  });

  it('ignores context in revisions that do not define it (before 2025-06-18)', async () => {
    const { server, calls } = completingServer();
    const client = await RawClient.connect(server, '2025-03-26');
    const reply = await client.request('completion/complete', {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'framework', value: '' },
      context: { arguments: { language: 'python' } },
    });
    assert.deepEqual(reply.result, { completion: { values: ['flask', 'fastapi'], total: 2, hasMore: false } });
    assert.deepEqual(calls, [['', {}]]);
  });

  it('sends at most 100 values, with total and hasMore', async () => {
    const { server, prompts } = setup();
    const many = Array.from({ length: 250 }, (_, i) => `v${i}`);
    prompts.add(
      'p',
      {
        arguments: [{ name: 'all' }, { name: 'exact' }, { name: 'known' }],
        complete: {
          all: () => many,
          exact: () => many.slice(0, 100),
          known: () => ({ values: ['a', 'b'], total: 500 }),
        },
      },
      () => 'x',
    );
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const ask = (name: string) =>
      complete(session, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name, value: '' } });
    const all = await ask('all');
    assert.deepEqual(all.values, many.slice(0, 100));
    assert.equal(all.total, 250);
    assert.equal(all.hasMore, true);
    const exact = await ask('exact');
    assert.deepEqual([exact.values.length, exact.total, exact.hasMore], [100, 100, false]);
    assert.deepEqual(await ask('known'), { values: ['a', 'b'], total: 500, hasMore: true });
    assert.deepEqual(capValues({ values: many, hasMore: false }), {
      values: many.slice(0, 100),
      total: 250,
      hasMore: true,
    });
  });

  it('answers an unknown prompt, template or argument with -32602, and one without a completer with nothing', async () => {
    const { server } = completingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const empty = { values: [], total: 0, hasMore: false };
    await assert.rejects(
      complete(session, { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } }),
      invalidParams(/Unknown prompt: nope/),
    );
    await assert.rejects(
      complete(session, { ref: { type: 'ref/resource', uri: 'nope://{x}' }, argument: { name: 'x', value: '' } }),
      invalidParams(/Unknown resource template/),
    );
    await assert.rejects(
      complete(session, { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'color', value: '' } }),
      invalidParams(/no argument "color"/),
    );
    await assert.rejects(
      complete(session, {
        ref: { type: 'ref/resource', uri: 'repo://{owner}/{repo}' },
        argument: { name: 'branch', value: '' },
      }),
      invalidParams(/no variable "branch"/),
    );
    assert.deepEqual(
      await complete(session, {
        ref: { type: 'ref/prompt', name: 'code_review' },
        argument: { name: 'style', value: 'x' },
      }),
      empty,
    );
    assert.deepEqual(
      await complete(session, {
        ref: { type: 'ref/resource', uri: 'repo://{owner}/{repo}' },
        argument: { name: 'owner', value: '' },
      }),
      empty,
    );
  });

  it('passes an McpError through, hides any other failure behind -32603, and keeps serving', async () => {
    const { server, prompts } = setup();
    prompts.add(
      'p',
      {
        arguments: [{ name: 'crash' }, { name: 'refuse' }, { name: 'ok' }],
        complete: {
          crash: async () => {
            throw new Error('connection string postgres://secret');
          },
          refuse: () => {
            throw new McpError(-32602, 'Type at least two letters');
          },
          ok: () => ['fine'],
        },
      },
      () => 'x',
    );
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const ask = (name: string) =>
      complete(session, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name, value: '' } });
    await assert.rejects(
      ask('crash'),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32603 && !/secret/.test(e.message),
    );
    await assert.rejects(ask('refuse'), invalidParams(/two letters/));
    assert.deepEqual((await ask('ok')).values, ['fine']);
  });
});

describe('the completions capability', () => {
  it('is declared only when something has a completer', async () => {
    const plain = setup();
    plain.prompts.add('p', { arguments: [{ name: 'a' }] }, () => 'x');
    const { client: session } = await connectPair(plain.server, { protocolVersion: '2025-11-25' });
    assert.equal(session.serverCapabilities.completions, undefined);
    await assert.rejects(
      complete(session, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32601,
    );

    const { server } = completingServer();
    assert.deepEqual(
      (await connectPair(server, { protocolVersion: '2025-11-25' })).client.serverCapabilities.completions,
      {},
    );
  });

  it('does not exist in 2024-11-05, where completion is still served', async () => {
    const { server } = completingServer();
    const client = await RawClient.connect(server, '2024-11-05');
    const init = client.all.find((m) => m.result?.protocolVersion === '2024-11-05');
    assert.equal((init?.result?.capabilities as Record<string, unknown>).completions, undefined);
    const reply = await client.request('completion/complete', {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'language', value: 'pe' },
    });
    assert.deepEqual(reply.result, { completion: { values: ['perl'], total: 1, hasMore: false } });
  });
});
