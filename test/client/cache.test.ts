// The client session's cache of results with caching hints (2026-07-28): served while fresh by
// the session's clock, keyed by method and params, dropped by the notifications that say the
// data changed, never filled from multi round-trip retries.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { invalidParams } from '../../src/protocol/errors.js';
import { ManualClock } from '../../src/testing/index.js';
import { Client, type ClientOptions, type ClientSession } from '../../src/client/index.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deferred } from '../helpers/deferred.js';
import { askName, clientInfo, scripted, text, type RawHandler } from '../helpers/multi-round-trip.js';

const tools = [{ name: 'one', inputSchema: { type: 'object' } }];

/** A server whose results are fresh for 1 s, and a client on a clock the test moves. */
async function cached(handlers: Record<string, RawHandler>, options: ClientOptions = {}, ttlMs = 1000) {
  const clock = new ManualClock(1_000_000);
  const linked = await scripted(handlers, { clock, ...options }, { cache: { ttlMs, cacheScope: 'public' } });
  return { ...linked, clock };
}

/** Sends a server notification and resolves once the client has handled it. */
async function announce(
  linked: { session: ClientSession; serverEnd: { send(message: never): Promise<void> } },
  method: string,
  params?: Record<string, unknown>,
) {
  const event =
    method === 'notifications/resources/updated' ? 'resourceUpdated' : (`${method.split('/')[1]}ListChanged` as const);
  const seen = new Promise<void>((resolve) => {
    const off = linked.session.on(event as 'toolsListChanged', () => {
      off();
      resolve();
    });
  });
  await linked.serverEnd.send({ jsonrpc: '2.0', method, ...(params && { params }) } as never);
  await seen;
}

const reader: RawHandler = (params) => ({ contents: [{ uri: params.uri, text: `content of ${String(params.uri)}` }] });

describe('the result cache', () => {
  it('serves a fresh list from the cache, as a copy the caller may change', async () => {
    const { session, of } = await cached({ 'tools/list': () => ({ tools }) });
    const first = await session.listTools();
    assert.equal(first.ttlMs, 1000);
    first.tools.pop();
    const second = await session.listTools();
    assert.deepEqual(second.tools, tools);
    assert.equal(of('tools/list').length, 1);
    await session.close();
  });

  it('asks again once ttlMs has passed on the session clock', async () => {
    const { session, of, clock } = await cached({ 'tools/list': () => ({ tools }) });
    await session.listTools();
    clock.advance(999);
    await session.listTools();
    assert.equal(of('tools/list').length, 1);
    clock.advance(1);
    await session.listTools();
    assert.equal(of('tools/list').length, 2);
    await session.close();
  });

  it('keeps nothing the server marks stale at once (ttlMs 0)', async () => {
    const { session, of } = await cached({ 'tools/list': () => ({ tools }) }, {}, 0);
    await session.listTools();
    await session.listTools();
    assert.equal(of('tools/list').length, 2);
    await session.close();
  });

  it('keys by method and params: each page and each URI on its own, key order aside', async () => {
    const { session, of } = await cached({
      'tools/list': (params) => ({ tools, ...(params.cursor === undefined && { nextCursor: 'p2' }) }),
      'resources/read': reader,
    });
    await session.listTools();
    await session.listTools({ cursor: 'p2' });
    await session.listTools({ cursor: 'p2' });
    assert.deepEqual(
      of('tools/list').map((r) => r.params.cursor),
      [undefined, 'p2'],
    );
    await session.readResource({ uri: 'file:///a' });
    await session.readResource({ uri: 'file:///b' });
    await session.readResource({ _meta: { trace: 1 }, uri: 'file:///a' } as never);
    await session.readResource({ uri: 'file:///a', _meta: { trace: 1 } } as never);
    assert.deepEqual(
      of('resources/read').map((r) => r.params.uri),
      ['file:///a', 'file:///b', 'file:///a'],
    );
    await session.close();
  });

  it('walks cached pages with the iterators', async () => {
    const { session, of } = await cached({
      'tools/list': (params) =>
        params.cursor === undefined
          ? { tools, nextCursor: 'p2' }
          : { tools: [{ name: 'two', inputSchema: { type: 'object' } }] },
    });
    const names = async () => {
      const all: string[] = [];
      for await (const tool of session.tools()) all.push(tool.name);
      return all;
    };
    assert.deepEqual(await names(), ['one', 'two']);
    assert.deepEqual(await names(), ['one', 'two']);
    assert.equal(of('tools/list').length, 2);
    await session.close();
  });

  it('asks the server when the caller bypasses the cache, and keeps the new answer', async () => {
    let version = 0;
    const { session, of } = await cached({
      'tools/list': () => ({ tools: [{ name: `v${++version}`, inputSchema: { type: 'object' } }] }),
    });
    await session.listTools();
    const fresh = await session.listTools({}, { bypassCache: true });
    assert.equal(fresh.tools[0]?.name, 'v2');
    assert.equal((await session.listTools()).tools[0]?.name, 'v2');
    assert.equal(of('tools/list').length, 2);
    await session.close();
  });

  it('is off with cache: false, and request() never uses it', async () => {
    const off = await cached({ 'tools/list': () => ({ tools }) }, { cache: false });
    await off.session.listTools();
    await off.session.listTools();
    assert.equal(off.of('tools/list').length, 2);
    await off.session.close();

    const on = await cached({ 'tools/list': () => ({ tools }) });
    await on.session.listTools();
    await on.session.request('tools/list', {});
    assert.equal(on.of('tools/list').length, 2);
    await on.session.close();
  });

  it('caches server/discover', async () => {
    const { session, of } = await cached({
      'server/discover': () => ({ supportedVersions: ['2026-07-28'], capabilities: {} }),
    });
    const first = await session.discover();
    assert.deepEqual(first.supportedVersions, ['2026-07-28']);
    await session.discover();
    // The probe of connect, then the first discover(); the second came from the cache.
    assert.equal(of('server/discover').length, 2);
    await session.close();
  });

  it('keeps at most maxEntries results, dropping the oldest stored', async () => {
    const { session, of } = await cached({ 'resources/read': reader }, { cache: { maxEntries: 2 } });
    for (const uri of ['file:///1', 'file:///2', 'file:///3', 'file:///3', 'file:///2', 'file:///1'])
      await session.readResource({ uri });
    assert.deepEqual(
      of('resources/read').map((r) => r.params.uri),
      ['file:///1', 'file:///2', 'file:///3', 'file:///1'],
    );
    await session.close();
  });
});

describe('cache invalidation', () => {
  it('drops every page of a list on its list_changed notification, and only that list', async () => {
    const linked = await cached({
      'tools/list': () => ({ tools }),
      'prompts/list': () => ({ prompts: [] }),
      'resources/list': () => ({ resources: [] }),
      'resources/templates/list': () => ({ resourceTemplates: [] }),
    });
    const { session, of } = linked;
    const listAll = async () => {
      await session.listTools();
      await session.listTools({ cursor: 'p2' });
      await session.listPrompts();
      await session.listResources();
      await session.listResourceTemplates();
    };
    const counts = () =>
      ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'].map((m) => of(m).length);
    await listAll();
    assert.deepEqual(counts(), [2, 1, 1, 1]);
    await announce(linked, 'notifications/tools/list_changed');
    await listAll();
    assert.deepEqual(counts(), [4, 1, 1, 1]);
    await announce(linked, 'notifications/prompts/list_changed');
    await listAll();
    assert.deepEqual(counts(), [4, 2, 1, 1]);
    await announce(linked, 'notifications/resources/list_changed');
    await listAll();
    assert.deepEqual(counts(), [4, 2, 2, 2]);
    await session.close();
  });

  it('drops the reads of a resource when it is updated, not the others', async () => {
    const linked = await cached({ 'resources/read': reader });
    const { session, of } = linked;
    await session.readResource({ uri: 'file:///a' });
    await session.readResource({ uri: 'file:///b' });
    await announce(linked, 'notifications/resources/updated', { uri: 'file:///a' });
    await session.readResource({ uri: 'file:///a' });
    await session.readResource({ uri: 'file:///b' });
    assert.deepEqual(
      of('resources/read').map((r) => r.params.uri),
      ['file:///a', 'file:///b', 'file:///a'],
    );
    await session.close();
  });

  it('does not keep an answer that was on its way when the list changed', async () => {
    const release = deferred();
    let calls = 0;
    const linked = await cached({
      'tools/list': async () => {
        if (++calls === 1) await release.promise;
        return { tools };
      },
    });
    const { session, of } = linked;
    const pending = session.listTools();
    while (of('tools/list').length === 0) await new Promise((resolve) => setImmediate(resolve));
    await announce(linked, 'notifications/tools/list_changed');
    release.resolve();
    await pending;
    await session.listTools();
    assert.equal(of('tools/list').length, 2);
    await session.close();
  });

  it('drops every cached page of a list when the server refuses a cursor', async () => {
    const { session, of } = await cached({
      'tools/list': (params) => {
        if (params.cursor === 'gone') throw invalidParams('Invalid cursor');
        return { tools, ...(params.cursor === undefined && { nextCursor: 'p2' }) };
      },
    });
    await session.listTools();
    await session.listTools({ cursor: 'p2' });
    await assert.rejects(session.listTools({ cursor: 'gone' }), /Invalid cursor/);
    await session.listTools();
    await session.listTools({ cursor: 'p2' });
    assert.deepEqual(
      of('tools/list').map((r) => r.params.cursor),
      [undefined, 'p2', 'gone', undefined, 'p2'],
    );
    await session.close();
  });
});

describe('cache scope', () => {
  it('keeps public and private results for the session, and clearCache(scope) forgets one scope', async () => {
    const { session, of } = await cached({
      'resources/read': (params) => {
        const uri = String(params.uri);
        return { contents: [{ uri, text: 'x' }], cacheScope: uri.endsWith('public') ? 'public' : 'private' };
      },
    });
    const uris = ['file:///public', 'file:///private'];
    for (const uri of uris) await session.readResource({ uri });
    for (const uri of uris) await session.readResource({ uri });
    assert.equal(of('resources/read').length, 2);
    session.clearCache('private');
    for (const uri of uris) await session.readResource({ uri });
    assert.deepEqual(
      of('resources/read')
        .slice(2)
        .map((r) => r.params.uri),
      ['file:///private'],
    );
    session.clearCache();
    await session.readResource({ uri: 'file:///public' });
    assert.equal(of('resources/read').length, 4);
    await session.close();
  });

  it('counts a result without cacheScope as private', async () => {
    const wire = new ScriptedTransport();
    const connecting = new Client(clientInfo, { clock: new ManualClock() }).connect(wire, {
      protocolVersion: '2026-07-28',
    });
    await wire.waitForSent(1);
    const answer = (index: number, result: Record<string, unknown>) =>
      wire.receive({ jsonrpc: '2.0', id: (wire.sent[index] as { id: number }).id, result });
    answer(0, {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { resources: {} },
      ttlMs: 0,
      cacheScope: 'public',
    });
    const session = await connecting;
    /** Reads, answering from the wire when the client asks the server; returns whether it did. */
    const read = async (): Promise<boolean> => {
      const before = wire.sent.length;
      const reading = session.readResource({ uri: 'file:///x' });
      const asked = await Promise.race([reading.then(() => false), wire.waitForSent(before + 1).then(() => true)]);
      if (asked) answer(before, { resultType: 'complete', contents: [{ uri: 'file:///x', text: 'x' }], ttlMs: 5000 });
      await reading;
      return asked;
    };
    assert.equal(await read(), true);
    assert.equal(await read(), false);
    session.clearCache('public');
    assert.equal(await read(), false);
    session.clearCache('private');
    assert.equal(await read(), true);
    await session.close();
  });
});

describe('the cache and multi round-trip requests', () => {
  it('never keeps a result that took input, nor looks up a request carrying answers', async () => {
    const { session, of } = await cached(
      {
        'resources/read': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { name: askName() }, requestState: 's' }
            : reader(params, undefined as never),
        'tools/call': () => text('unused'),
      },
      { elicitation: { form: () => ({ action: 'accept', content: { name: 'n' } }) } },
    );
    await session.readResource({ uri: 'file:///guarded' });
    await session.readResource({ uri: 'file:///guarded' });
    assert.equal(of('resources/read').length, 4);
    const answers = { name: { action: 'accept' as const, content: { name: 'n' } } };
    await session.readResource({ uri: 'file:///guarded', inputResponses: answers, requestState: 's' });
    await session.readResource({ uri: 'file:///guarded', inputResponses: answers, requestState: 's' });
    assert.equal(of('resources/read').length, 6);
    await session.close();
  });
});
