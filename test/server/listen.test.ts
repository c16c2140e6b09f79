// subscriptions/listen on the serving side, seen on the wire: the acknowledgment first with the
// honoured part of the filter, the subscription id on every message, only what was asked for,
// several streams on one connection, cancellation, and the graceful end.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { acknowledgedFilter } from '../../src/server/subscription-filter.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function fullServer(): Server {
  const server = new Server({ name: 'listen-server', version: '1.0.0' });
  server.tool('t', {}, () => ({ content: [] }));
  server.prompt('p', {}, () => ({ messages: [] }));
  server.resource('file:///a.txt', { name: 'a' }, () => 'a');
  return server;
}

function listen(client: RawClient, id: string | number, notifications: Record<string, unknown>): void {
  client.send({ id, method: 'subscriptions/listen', params: { _meta: META, notifications } });
}

const tagOf = (m: WireMessage) => (m.params?._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID];
const isAck = (id: string | number) => (m: WireMessage) =>
  m.method === 'notifications/subscriptions/acknowledged' && tagOf(m) === id;

describe('subscriptions/listen, serving side', () => {
  it('acknowledges first, tagged with the request id, echoing the part of the filter it honours', async () => {
    const server = new Server({ name: 'tools-only', version: '1' });
    server.tool('t', {}, () => ({ content: [] }));
    const client = await RawClient.attach(server);
    listen(client, 7, {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///x'],
    });
    const ack = await client.next();
    assert.equal(ack.method, 'notifications/subscriptions/acknowledged');
    assert.deepEqual(ack.params, { _meta: { [SUBSCRIPTION_ID]: 7 }, notifications: { toolsListChanged: true } });
    assert.equal(server.subscriptionCount, 1);
  });

  it('tags every notification with its subscription id and sends only what each stream asked for', async () => {
    const server = fullServer();
    const client = await RawClient.attach(server);
    listen(client, 'tools', { toolsListChanged: true });
    listen(client, 'docs', { resourceSubscriptions: ['file:///a.txt', 'file:///b.txt'], resourcesListChanged: true });
    await client.next(isAck('tools'));
    const docsAck = await client.next(isAck('docs'));
    assert.deepEqual(docsAck.params?.notifications, {
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a.txt', 'file:///b.txt'],
    });

    server.tool('t2', {}, () => ({ content: [] }));
    const toolsChanged = await client.next((m) => m.method === 'notifications/tools/list_changed');
    assert.deepEqual(toolsChanged.params, { _meta: { [SUBSCRIPTION_ID]: 'tools' } });

    await server.resourceUpdated('file:///b.txt');
    await server.resourceUpdated('file:///elsewhere');
    server.resource('file:///c.txt', { name: 'c' }, () => 'c');
    const updated = await client.next((m) => m.method === 'notifications/resources/updated');
    assert.deepEqual(updated.params, { uri: 'file:///b.txt', _meta: { [SUBSCRIPTION_ID]: 'docs' } });
    const listChanged = await client.next((m) => m.method === 'notifications/resources/list_changed');
    assert.equal(tagOf(listChanged), 'docs');
    // Nothing else: no tools change on "docs", no resources on "tools", nothing for the other URI.
    assert.deepEqual(client.pending(), []);
  });

  it('coalesces the changes of one tick into one notification per stream', async () => {
    const server = fullServer();
    const client = await RawClient.attach(server);
    listen(client, 1, { toolsListChanged: true });
    listen(client, 2, { toolsListChanged: true });
    await client.next(isAck(1));
    await client.next(isAck(2));
    server.tool('x', {}, () => ({ content: [] }));
    server.tool('y', {}, () => ({ content: [] }));
    const first = await client.next((m) => m.method === 'notifications/tools/list_changed');
    const second = await client.next((m) => m.method === 'notifications/tools/list_changed');
    assert.deepEqual([tagOf(first), tagOf(second)].sort(), [1, 2]);
    assert.deepEqual(client.pending(), []);
  });

  it('stops a stream cancelled with notifications/cancelled, answering nothing, and keeps the others', async () => {
    const server = fullServer();
    const client = await RawClient.attach(server);
    listen(client, 'a', { toolsListChanged: true });
    listen(client, 'b', { toolsListChanged: true });
    await client.next(isAck('a'));
    await client.next(isAck('b'));
    client.send({ method: 'notifications/cancelled', params: { requestId: 'a', reason: 'done' } });
    assert.equal(server.subscriptionCount, 1);
    server.tool('x', {}, () => ({ content: [] }));
    const changed = await client.next((m) => m.method === 'notifications/tools/list_changed');
    assert.equal(tagOf(changed), 'b');
    await server.endSubscriptions();
    const result = await client.next((m) => m.id !== undefined);
    assert.equal(result.id, 'b', 'the cancelled stream is never answered');
    assert.deepEqual(client.pending(), []);
  });

  it('ends streams gracefully: a complete result carrying the subscription id, then nothing more', async () => {
    const server = fullServer();
    const client = await RawClient.attach(server);
    listen(client, 3, { toolsListChanged: true });
    await client.next(isAck(3));
    await server.close();
    const result = await client.next((m) => m.id === 3);
    assert.deepEqual(result.result, {
      resultType: 'complete',
      _meta: {
        [SUBSCRIPTION_ID]: 3,
        'io.modelcontextprotocol/serverInfo': { name: 'listen-server', version: '1.0.0' },
      },
    });
    assert.equal(server.subscriptionCount, 0);
    assert.equal(client.wire.closed, true, 'the session closed after the results went out');
  });

  it('ends only the streams of the session asked for', async () => {
    const server = fullServer();
    const one = await RawClient.attach(server);
    const two = await RawClient.attach(server);
    listen(one, 1, { toolsListChanged: true });
    listen(two, 1, { toolsListChanged: true });
    await one.next(isAck(1));
    await two.next(isAck(1));
    const [first] = [...server.sessions];
    assert.ok(first);
    await server.endSubscriptions(first);
    assert.equal(server.subscriptionCount, 1);
  });

  it('forgets the streams of a session that closes', async () => {
    const server = fullServer();
    const client = await RawClient.attach(server);
    listen(client, 1, { toolsListChanged: true, resourceSubscriptions: ['file:///a.txt'] });
    await client.next(isAck(1));
    client.wire.drop();
    assert.equal(server.subscriptionCount, 0);
    await server.resourceUpdated('file:///a.txt');
  });

  it('refuses a listen request without a filter (-32602), and outside the modern revision (-32601)', async () => {
    const server = fullServer();
    const modern = await RawClient.attach(server);
    const missing = await modern.request('subscriptions/listen', { _meta: META });
    assert.equal(missing.error?.code, -32602);
    const legacy = await RawClient.connect(fullServer());
    const refused = await legacy.request('subscriptions/listen', { notifications: { toolsListChanged: true } });
    assert.equal(refused.error?.code, -32601);
  });
});

describe('the acknowledged filter', () => {
  const all = {
    tools: { listChanged: true },
    prompts: { listChanged: true },
    resources: { listChanged: true, subscribe: true },
  };

  it('keeps what the capabilities back and leaves out the rest', () => {
    assert.deepEqual(
      acknowledgedFilter(
        { toolsListChanged: true, promptsListChanged: true },
        { tools: { listChanged: true }, prompts: {} },
      ),
      {
        toolsListChanged: true,
      },
    );
    assert.deepEqual(
      acknowledgedFilter({ resourceSubscriptions: ['file:///a'] }, { resources: { listChanged: true } }),
      {},
    );
    assert.deepEqual(acknowledgedFilter({ toolsListChanged: false, resourcesListChanged: true }, all), {
      resourcesListChanged: true,
    });
  });

  it('keeps absolute resource URIs once each, and omits an empty list', () => {
    assert.deepEqual(
      acknowledgedFilter({ resourceSubscriptions: ['file:///a', 'relative/b', 'file:///a', 'urn:x'] }, all),
      {
        resourceSubscriptions: ['file:///a', 'urn:x'],
      },
    );
    assert.deepEqual(acknowledgedFilter({ resourceSubscriptions: ['no-scheme'] }, all), {});
  });
});
