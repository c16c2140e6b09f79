// Listing resources and templates: registration order, resources listed by templates, cursor
// pagination, members shaped per revision, and list_changed on runtime changes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerOptions } from '../../src/server/index.js';
import type { FeatureHost } from '../../src/server/feature.js';
import { ResourceRegistry } from '../../src/server/resources.js';
import type { ClientSession } from '../../src/client/client-session.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import type { Resource } from '../../src/types/resources.js';
import { connectPair } from '../../src/testing/index.js';
import { RawClient } from '../helpers/raw-client.js';

/** A server with the resources feature plugged in; list changes go straight to every session. */
function setup(options: ServerOptions = {}) {
  const server = new Server({ name: 's', version: '1' }, options);
  const host: FeatureHost = {
    pageSize: options.pageSize ?? Infinity,
    listChanged: (kind) => {
      for (const s of server.sessions) s.notify(`notifications/${kind}/list_changed`).catch(() => {});
    },
  };
  return { server, resources: server.addFeature(new ResourceRegistry(host)) };
}

/** Every page of `resources/list`, following cursors. */
async function listAll(session: ClientSession): Promise<{ uris: string[]; pages: number }> {
  const uris: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await session.request('resources/list', cursor === undefined ? {} : { cursor });
    pages++;
    uris.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return { uris, pages };
}

const fullResource = {
  name: 'main',
  title: 'Main file',
  description: 'The entry point',
  mimeType: 'text/x-rust',
  size: 42,
  annotations: { audience: ['user' as const], priority: 0.5, lastModified: '2025-01-01T00:00:00Z' },
  icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png' }],
  _meta: { 'example.com/k': 1 },
};

describe('resources/list and resources/templates/list', () => {
  it('lists static resources in registration order, then what templates list', async () => {
    const { server, resources } = setup();
    resources.add('memo://b', { name: 'b' }, () => 'b');
    resources.addTemplate(
      'users://{id}',
      {
        name: 'user',
        mimeType: 'application/json',
        list: () => [
          { uri: 'users://1', name: 'one' },
          { uri: 'users://2', name: 'two', mimeType: 'text/plain' },
        ],
      },
      () => '{}',
    );
    resources.addTemplate('files://{name}', { name: 'files' }, () => 'x');
    resources.add('memo://a', { name: 'a' }, () => 'a');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual((await session.request('resources/list', {})).resources, [
      { uri: 'memo://b', name: 'b' },
      { uri: 'memo://a', name: 'a' },
      { uri: 'users://1', name: 'one', mimeType: 'application/json' },
      { uri: 'users://2', name: 'two', mimeType: 'text/plain' },
    ]);
    assert.deepEqual((await session.request('resources/templates/list', {})).resourceTemplates, [
      { uriTemplate: 'users://{id}', name: 'user', mimeType: 'application/json' },
      { uriTemplate: 'files://{name}', name: 'files' },
    ]);
  });

  it('pages through 1,000 resources and the resources templates list, with pageSize', async () => {
    const { server, resources } = setup({ pageSize: 100 });
    for (let i = 0; i < 1000; i++) resources.add(`memo://${i}`, { name: `r${i}` }, () => String(i));
    const listed = Array.from({ length: 150 }, (_, i): Resource => ({ uri: `users://${i}`, name: `u${i}` }));
    resources.addTemplate('users://{id}', { name: 'user', list: () => listed }, () => '{}');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const { uris, pages } = await listAll(session);
    assert.equal(pages, 12);
    assert.deepEqual(uris, [...Array.from({ length: 1000 }, (_, i) => `memo://${i}`), ...listed.map((r) => r.uri)]);
  });

  it('starts the listed resources on a new page when static ones fill the last page exactly', async () => {
    const { server, resources } = setup({ pageSize: 2 });
    resources.add('memo://1', { name: '1' }, () => '1');
    resources.add('memo://2', { name: '2' }, () => '2');
    resources.addTemplate('users://{id}', { name: 'user', list: () => [{ uri: 'users://x', name: 'x' }] }, () => '{}');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const first = await session.request('resources/list', {});
    assert.equal(first.resources.length, 2);
    assert.equal(typeof first.nextCursor, 'string');
    assert.deepEqual((await listAll(session)).uris, ['memo://1', 'memo://2', 'users://x']);
  });

  it('keeps a cursor meaningful when resources are added and removed between pages', async () => {
    const { server, resources } = setup({ pageSize: 2 });
    const handles = ['a', 'b', 'c', 'd'].map((n) => resources.add(`memo://${n}`, { name: n }, () => n));
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const first = await session.request('resources/list', {});
    handles[0]!.remove();
    handles[2]!.disable();
    resources.add('memo://e', { name: 'e' }, () => 'e');
    const second = await session.request('resources/list', { cursor: first.nextCursor! });
    assert.deepEqual(
      second.resources.map((r) => r.uri),
      ['memo://d', 'memo://e'],
    );
  });

  it('answers an invalid cursor with -32602', async () => {
    const { server, resources } = setup({ pageSize: 1 });
    resources.add('memo://a', { name: 'a' }, () => 'a');
    resources.addTemplate('users://{id}', { name: 'user' }, () => '{}');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    for (const method of ['resources/list', 'resources/templates/list'] as const) {
      await assert.rejects(
        session.request(method, { cursor: 'not-a-cursor' }),
        (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && /Invalid cursor/.test(e.message),
      );
    }
  });
});

describe('listing per revision', () => {
  const cases: [LegacyVersion, string[], string[]][] = [
    ['2024-11-05', ['title', '_meta', 'icons'], []],
    ['2025-03-26', ['title', '_meta', 'icons'], []],
    ['2025-06-18', ['icons'], ['lastModified']],
    ['2025-11-25', [], ['lastModified']],
  ];
  for (const [version, absent, annotationExtras] of cases) {
    it(`gives ${version} only the members it defines`, async () => {
      const { server, resources } = setup();
      resources.add('file:///main.rs', fullResource, () => 'fn main() {}');
      const { size: _size, ...templateFields } = fullResource;
      resources.addTemplate(
        'file:///{name}',
        { ...templateFields, list: () => [{ uri: 'file:///lib.rs', ...fullResource, name: 'lib' }] },
        () => 'x',
      );
      const { client: session } = await connectPair(server, { protocolVersion: version });
      const [listedStatic, listedByTemplate] = (await session.request('resources/list', {})).resources;
      const [template] = (await session.request('resources/templates/list', {})).resourceTemplates;
      for (const item of [listedStatic, listedByTemplate, template] as Record<string, unknown>[]) {
        for (const key of absent) assert.equal(key in item, false, `${key} in ${JSON.stringify(item)}`);
        for (const key of ['name', 'description', 'mimeType', 'annotations']) assert.equal(key in item, true, key);
        assert.deepEqual(
          Object.keys(item.annotations as object).sort(),
          ['audience', 'priority', ...annotationExtras].sort(),
        );
      }
      if (version === '2025-11-25') assert.deepEqual(listedStatic, { uri: 'file:///main.rs', ...fullResource });
    });
  }
});

describe('resources list_changed', () => {
  it('notifies on add, disable, enable and remove at runtime, and not for a no-op', async () => {
    const { server, resources } = setup();
    resources.add('memo://seed', { name: 'seed' }, () => 'x');
    const client = await RawClient.connect(server);
    const count = () => client.pending((m) => m.method === 'notifications/resources/list_changed').length;
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    // Each change is awaited on its own: a server may coalesce changes made in one tick.
    const changed = async (change: () => void) => {
      const before = count();
      change();
      await settle();
      return count() - before;
    };
    let added!: ReturnType<typeof resources.add>;
    let template!: ReturnType<typeof resources.addTemplate>;
    assert.equal(await changed(() => (added = resources.add('memo://new', { name: 'new' }, () => 'x'))), 1);
    assert.equal(
      await changed(() => (template = resources.addTemplate('users://{id}', { name: 'user' }, () => 'x'))),
      1,
    );
    assert.equal(await changed(() => added.disable()), 1);
    const listed = (await client.request('resources/list')).result?.resources as Resource[];
    assert.deepEqual(
      listed.map((r) => r.uri),
      ['memo://seed'],
    );
    assert.equal((await client.request('resources/read', { uri: 'memo://new' })).error?.code, -32002);
    assert.equal(await changed(() => added.disable()), 0, 'already disabled: nothing changes');
    assert.equal(await changed(() => added.enable()), 1);
    assert.equal(await changed(() => template.remove()), 1);
    assert.equal(await changed(() => template.remove()), 0, 'already removed');
    assert.equal(((await client.request('resources/templates/list')).result?.resourceTemplates as unknown[]).length, 0);
    assert.equal((await client.request('resources/read', { uri: 'users://1' })).error?.code, -32002);
  });
});
