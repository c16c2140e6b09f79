// Prompts on the wire: listing and pagination, getting with argument checks, every content
// type shaped for each revision, handler failures, and list_changed on runtime changes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerContext, type ServerOptions } from '../../src/server/index.js';
import type { FeatureHost } from '../../src/server/feature.js';
import { PromptRegistry } from '../../src/server/prompts.js';
import { embeddedResource, resourceLink, textContents } from '../../src/server/resource-contents.js';
import { McpError } from '../../src/protocol/errors.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { ClientSession } from '../../src/client/client-session.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import type { GetPromptResult, PromptMessage } from '../../src/types/prompts.js';
import { connectPair } from '../../src/testing/index.js';
import { RawClient } from '../helpers/raw-client.js';

/** A server with the prompts feature plugged in; list changes go straight to every session. */
function setup(options: ServerOptions = {}) {
  const server = new Server({ name: 's', version: '1' }, { onError: () => {}, ...options });
  const host: FeatureHost = {
    pageSize: options.pageSize ?? Infinity,
    listChanged: (kind) => {
      for (const s of server.sessions) s.notify(`notifications/${kind}/list_changed`).catch(() => {});
    },
  };
  return { server, prompts: server.addFeature(new PromptRegistry(host)) };
}

const get = async (session: ClientSession, name: string, args?: Record<string, string>) =>
  (await session.request('prompts/get', args === undefined ? { name } : { name, arguments: args })) as GetPromptResult;

const invalidParams = (message: RegExp) => (e: unknown) =>
  e instanceof JsonRpcError && e.code === -32602 && message.test(e.message);

const lastModified = '2025-01-01T00:00:00Z';
const link = resourceLink({
  uri: 'file:///a.txt',
  name: 'a.txt',
  title: 'File A',
  mimeType: 'text/plain',
  icons: [{ src: 'https://example.com/i.png' }],
});
const everyContent: PromptMessage[] = [
  { role: 'user', content: { type: 'text', text: 'hi', annotations: { priority: 1, lastModified }, _meta: { k: 1 } } },
  { role: 'assistant', content: { type: 'image', data: 'aW1n', mimeType: 'image/png' } },
  { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } },
  { role: 'user', content: link },
  { role: 'user', content: embeddedResource({ ...textContents('file:///b.txt', 'B', 'text/plain'), _meta: { k: 2 } }) },
];

describe('prompts/list', () => {
  it('lists prompts in registration order, paginated, and declares listChanged', async () => {
    const { server, prompts } = setup({ pageSize: 2 });
    for (const name of ['c', 'a', 'b']) prompts.add(name, { description: `prompt ${name}` }, () => 'x');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(session.serverCapabilities.prompts, { listChanged: true });
    const first = await session.request('prompts/list', {});
    assert.deepEqual(
      first.prompts.map((p) => p.name),
      ['c', 'a'],
    );
    const second = await session.request('prompts/list', { cursor: first.nextCursor! });
    assert.deepEqual(second, { prompts: [{ name: 'b', description: 'prompt b' }] });
    await assert.rejects(session.request('prompts/list', { cursor: 'bogus' }), invalidParams(/Invalid cursor/));
  });

  it('gives each revision only the members it defines', async () => {
    const { server, prompts } = setup();
    const full = {
      title: 'Review',
      description: 'Reviews code',
      arguments: [{ name: 'code', title: 'Code', description: 'The code', required: true }],
      icons: [{ src: 'https://example.com/r.png' }],
      _meta: { k: 1 },
    };
    prompts.add('review', { ...full, complete: { code: () => [] } }, () => 'x');
    const expected: Record<LegacyVersion, object> = {
      '2024-11-05': {
        name: 'review',
        description: 'Reviews code',
        arguments: [{ name: 'code', description: 'The code', required: true }],
      },
      '2025-03-26': {
        name: 'review',
        description: 'Reviews code',
        arguments: [{ name: 'code', description: 'The code', required: true }],
      },
      '2025-06-18': {
        name: 'review',
        title: 'Review',
        description: 'Reviews code',
        arguments: full.arguments,
        _meta: { k: 1 },
      },
      '2025-11-25': { name: 'review', ...full },
    };
    for (const [version, prompt] of Object.entries(expected) as [LegacyVersion, object][]) {
      const { client: session } = await connectPair(server, { protocolVersion: version });
      assert.deepEqual((await session.request('prompts/list', {})).prompts, [prompt], version);
    }
  });
});

describe('prompts/get', () => {
  it('passes the arguments and returns the messages', async () => {
    const { server, prompts } = setup();
    const seen: Record<string, string | undefined>[] = [];
    prompts.add('greet', { arguments: [{ name: 'who', required: true }, { name: 'tone' }] }, (args) => {
      seen.push(args);
      return {
        description: 'A greeting',
        messages: [{ role: 'user', content: { type: 'text', text: `Hello ${args.who}` } }],
      };
    });
    prompts.add('plain', {}, () => 'Just text');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(await get(session, 'greet', { who: 'Ann' }), {
      description: 'A greeting',
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ann' } }],
    });
    await get(session, 'greet', { who: 'Bo', tone: '' });
    assert.deepEqual(seen, [{ who: 'Ann' }, { who: 'Bo', tone: '' }]);
    assert.deepEqual(await get(session, 'plain'), {
      messages: [{ role: 'user', content: { type: 'text', text: 'Just text' } }],
    });
  });

  it('answers -32602 for an unknown prompt, a missing required argument, an undeclared or non-string one', async () => {
    const { server, prompts } = setup();
    const registry = prompts;
    registry.add('greet', { arguments: [{ name: 'who', required: true }, { name: 'tone' }] }, () => 'x');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    await assert.rejects(get(session, 'nope'), invalidParams(/Unknown prompt: nope/));
    await assert.rejects(
      get(session, 'greet'),
      (e: unknown) => invalidParams(/Missing required argument "who"/)(e) && (e as JsonRpcError).data !== undefined,
    );
    await assert.rejects(get(session, 'greet', { tone: 'warm' }), invalidParams(/"who"/));
    await assert.rejects(get(session, 'greet', { who: 'a', mood: 'x' }), invalidParams(/no argument "mood"/));
    const client = await RawClient.connect(server);
    const reply = await client.request('prompts/get', { name: 'greet', arguments: { who: 5 } });
    assert.equal(reply.error?.code, -32602);
    assert.match(reply.error!.message, /who/);
    // The same check holds where no wire validation ran before the feature.
    const ctx = { protocolVersion: '2025-11-25' } as ServerContext;
    await assert.rejects(
      registry.get('greet', { who: 5 }, ctx),
      (e: unknown) => e instanceof McpError && /"who" of prompt greet must be a string/.test(e.message),
    );
  });

  it('sends every content type to a 2025-11-25 client as it is', async () => {
    const { server, prompts } = setup();
    prompts.add('all', {}, () => ({ messages: everyContent }));
    assert.deepEqual(
      (await get((await connectPair(server, { protocolVersion: '2025-11-25' })).client, 'all')).messages,
      everyContent,
    );
  });

  it('gives 2025-06-18 links without icons', async () => {
    const { server, prompts } = setup();
    prompts.add('all', {}, () => ({ messages: everyContent }));
    const messages = (await get((await connectPair(server, { protocolVersion: '2025-06-18' })).client, 'all')).messages;
    const { icons: _icons, ...linkWithoutIcons } = link;
    assert.deepEqual(messages[3]?.content, linkWithoutIcons);
    assert.deepEqual(
      messages.filter((_, i) => i !== 3),
      everyContent.filter((_, i) => i !== 3),
    );
  });

  for (const version of ['2024-11-05', '2025-03-26'] as const) {
    it(`turns what ${version} cannot carry into text and drops newer members`, async () => {
      const { server, prompts } = setup();
      prompts.add('all', {}, () => ({ messages: everyContent }));
      const messages = (
        await get((await connectPair(server, { protocolVersion: version })).client, 'all')
      ).messages.map((m) => m.content);
      assert.deepEqual(messages[0], { type: 'text', text: 'hi', annotations: { priority: 1 } });
      assert.deepEqual(messages[1], everyContent[1]?.content);
      if (version === '2024-11-05') {
        assert.equal(messages[2]?.type, 'text');
        assert.match((messages[2] as { text: string }).text, /Audio \(audio\/wav, 3 bytes\)/);
      } else {
        assert.deepEqual(messages[2], everyContent[2]?.content);
      }
      assert.equal(messages[3]?.type, 'text');
      assert.match((messages[3] as { text: string }).text, /Resource "File A" at file:\/\/\/a\.txt \(text\/plain\)/);
      assert.deepEqual(messages[4], {
        type: 'resource',
        resource: { uri: 'file:///b.txt', mimeType: 'text/plain', text: 'B' },
      });
    });
  }

  it('passes an McpError through, hides any other failure behind -32603, and keeps serving', async () => {
    const { server, prompts } = setup();
    prompts.add('crash', {}, () => {
      throw new Error('secret internals');
    });
    prompts.add('refuse', {}, () => {
      throw new McpError(-32602, 'Not today');
    });
    prompts.add('bad', {}, () => ({ messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] }) as never);
    prompts.add('ok', {}, () => 'fine');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    await assert.rejects(
      get(session, 'crash'),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32603 && !/secret/.test(e.message),
    );
    await assert.rejects(get(session, 'refuse'), invalidParams(/Not today/));
    await assert.rejects(get(session, 'bad'), (e: unknown) => e instanceof JsonRpcError && e.code === -32603);
    assert.equal((await get(session, 'ok')).messages.length, 1);
  });

  it('rejects bad registrations with clear errors', () => {
    const { prompts } = setup();
    assert.throws(() => prompts.add('', {}, () => 'x'), /non-empty name/);
    assert.throws(
      () => prompts.add('p', { arguments: [{ name: 'a' }, { name: 'a' }] }, () => 'x'),
      /declares argument "a" twice/,
    );
    assert.throws(
      () => prompts.add('p', { arguments: [{ name: 'a' }], complete: { b: () => [] } }, () => 'x'),
      /no argument "b" to complete/,
    );
    prompts.add('p', {}, () => 'x');
    assert.throws(() => prompts.add('p', {}, () => 'x'), /already registered/);
  });
});

describe('prompts list_changed', () => {
  it('notifies on runtime changes, and a disabled prompt cannot be got', async () => {
    const { server, prompts } = setup();
    const first = prompts.add('first', {}, () => 'x');
    const client = await RawClient.connect(server);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const count = () => client.pending((m) => m.method === 'notifications/prompts/list_changed').length;
    first.disable();
    await settle();
    assert.equal(count(), 1);
    assert.equal((await client.request('prompts/get', { name: 'first' })).error?.code, -32602);
    prompts.add('second', {}, () => 'x');
    await settle();
    first.remove();
    await settle();
    assert.equal(count(), 2, 'removing a disabled prompt changes no list');
    assert.deepEqual(
      ((await client.request('prompts/list')).result?.prompts as { name: string }[]).map((p) => p.name),
      ['second'],
    );
  });
});
