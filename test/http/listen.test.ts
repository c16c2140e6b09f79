// subscriptions/listen over Streamable HTTP on a real socket: the listen request answered with a
// stream of its own (acknowledgment first, tagged notifications, keep-alives), cancelled by
// closing it, ended with its result when the endpoint closes, and kept by the client across a
// dropped connection.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type ClientSession, type Subscription, type SubscriptionEventMap } from '../../src/client/index.js';
import { createStreamableHttpHandler, StreamableHttpClientTransport } from '../../src/http/index.js';
import { listen, type ListenOptions } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { startCuttingProxy } from '../helpers/http-client-proxy.js';
import { SseReader } from '../helpers/http-streamable-client.js';
import { nextSubscriptionEvent, within } from '../helpers/e2e.js';
import { modernHeaders } from '../helpers/modern-post.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const clientInfo = { name: 'http-listener', version: '1' };

async function serve(options: ListenOptions = {}) {
  const server = new Server({ name: 'http-listen', version: '1' });
  server.tool('t', {}, () => ({ content: [] }));
  server.resource('file:///a.txt', { name: 'a' }, () => 'a');
  const http = await listen(server, options);
  return { server, http };
}

function postListen(
  url: string,
  id: number | string,
  notifications: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: modernHeaders('subscriptions/listen'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: { _meta: META, notifications },
    }),
    ...(signal && { signal }),
  });
}

/**
 * Resolves once the server holds `count` subscription streams: a closed stream is noticed when
 * its socket's close reaches the server, some turns of the event loop after the client closed it.
 */
async function streamsBecome(server: Server, count: number, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (server.subscriptionCount !== count) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what} (${server.subscriptionCount} streams open)`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

async function connect(url: string): Promise<ClientSession> {
  return new Client(clientInfo).connect(new StreamableHttpClientTransport({ url }), { protocolVersion: '2026-07-28' });
}

const next = <E extends keyof SubscriptionEventMap>(subscription: Subscription, event: E) =>
  nextSubscriptionEvent(subscription, event, 5000);

describe('subscriptions/listen over Streamable HTTP', () => {
  it('answers with an event stream of its own: the acknowledgment first, then tagged notifications', async () => {
    const { server, http } = await serve();
    const response = await postListen(http.url, 41, { toolsListChanged: true, promptsListChanged: true });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('mcp-session-id'), null);
    assert.equal(response.headers.get('x-accel-buffering'), 'no');
    const reader = new SseReader(response);
    const ack = await reader.nextMessage();
    assert.deepEqual(ack?.message, {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUBSCRIPTION_ID]: 41 }, notifications: { toolsListChanged: true } },
    });
    server.tool('t2', {}, () => ({ content: [] }));
    const changed = await reader.nextMessage();
    assert.deepEqual(changed?.message, {
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID]: 41 } },
    });
    await reader.cancel();
    await http.close();
  });

  it('keeps a quiet stream alive with comments', async () => {
    const { http } = await serve({ keepAliveMs: 5 });
    const response = await postListen(http.url, 1, { toolsListChanged: true });
    assert.ok(response.body);
    const body = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/\n: keep-alive\n\n: keep-alive\n/.test(text)) {
      const { value, done } = await within(body.read(), 5000, 'keep-alive comments');
      assert.equal(done, false, 'the stream stays open');
      text += decoder.decode(value, { stream: true });
    }
    assert.match(text, /^data: .*notifications\/subscriptions\/acknowledged/m);
    await body.cancel();
    await http.close();
  });

  it('takes a client closing the stream as cancellation', async () => {
    const { server, http } = await serve();
    const controller = new AbortController();
    const reader = new SseReader(await postListen(http.url, 1, { toolsListChanged: true }, controller.signal));
    await reader.nextMessage();
    assert.equal(server.subscriptionCount, 1);
    controller.abort();
    await streamsBecome(server, 0, 'the server to see the stream closed');
    assert.equal(server.sessions.size, 0, 'modern requests open no session');
    await http.close();
  });

  it('ends every stream with its result when the endpoint closes', async () => {
    const { http } = await serve();
    const readers = await Promise.all(
      [1, 2].map(async (id) => new SseReader(await postListen(http.url, id, { toolsListChanged: true }))),
    );
    for (const reader of readers) await reader.nextMessage();
    const closing = http.close();
    for (const [index, reader] of readers.entries()) {
      const id = index + 1;
      const rest = await within(reader.messages(), 5000, 'the end of the stream');
      assert.deepEqual(rest, [
        {
          jsonrpc: '2.0',
          id,
          result: {
            resultType: 'complete',
            _meta: {
              [SUBSCRIPTION_ID]: id,
              'io.modelcontextprotocol/serverInfo': { name: 'http-listen', version: '1' },
            },
          },
        },
      ]);
    }
    await closing;
  });

  it('takes a reader cancelling the body of a fetch-handler response as cancellation', async () => {
    const server = new Server({ name: 'fetch-listen', version: '1' });
    server.tool('t', {}, () => ({ content: [] }));
    const handler = createStreamableHttpHandler(server);
    const response = await handler(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: modernHeaders('subscriptions/listen'),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'subscriptions/listen',
          params: { _meta: META, notifications: { toolsListChanged: true } },
        }),
      }),
    );
    const reader = new SseReader(response);
    assert.equal((await reader.nextMessage())?.message.method, 'notifications/subscriptions/acknowledged');
    assert.equal(server.subscriptionCount, 1);
    await reader.cancel();
    await streamsBecome(server, 0, 'the server to see the stream closed');
  });

  it('counts open streams against maxModernRequests', async () => {
    const { http } = await serve({ maxModernRequests: 1 });
    const reader = new SseReader(await postListen(http.url, 1, { toolsListChanged: true }));
    await reader.nextMessage();
    const refused = await postListen(http.url, 2, { toolsListChanged: true });
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '5');
    await refused.body?.cancel();
    await reader.cancel();
    await http.close();
  });
});

describe('a client listening over Streamable HTTP', () => {
  it('hears what it asked for; close() closes the stream rather than posting a cancellation', async () => {
    const { server, http } = await serve();
    const posted: string[] = [];
    const transport = new StreamableHttpClientTransport({
      url: http.url,
      fetch: (url, init) => {
        posted.push(String(init.body ?? ''));
        return fetch(url, init);
      },
    });
    const session = await new Client(clientInfo).connect(transport, { protocolVersion: '2026-07-28' });
    const subscription = await session.listen({ resourceSubscriptions: ['file:///a.txt'] });
    const updated = next(subscription, 'resourceUpdated');
    await server.resourceUpdated('file:///a.txt');
    assert.equal((await updated).uri, 'file:///a.txt');
    assert.equal(server.subscriptionCount, 1);
    await subscription.close();
    await streamsBecome(server, 0, 'the server to see the stream closed');
    assert.ok(
      !posted.some((body) => body.includes('notifications/cancelled')),
      'no notifications/cancelled was posted',
    );
    await session.close();
    await http.close();
  });

  it('serves many listening clients at once', async () => {
    const { server, http } = await serve();
    const sessions = await Promise.all([1, 2, 3].map(() => connect(http.url)));
    const subscriptions = await Promise.all(sessions.map((s) => s.listen({ toolsListChanged: true })));
    assert.equal(server.subscriptionCount, 3);
    const heard = Promise.all(subscriptions.map((s) => next(s, 'toolsListChanged')));
    server.tool('t2', {}, () => ({ content: [] }));
    await heard;
    await Promise.all(sessions.map((s) => s.close()));
    await http.close();
  });

  it('ends completed when the server shuts down', async () => {
    const { http } = await serve();
    const session = await connect(http.url);
    const subscription = await session.listen({ toolsListChanged: true });
    await http.close();
    const end = await within(subscription.ended, 5000, 'the end of the subscription');
    assert.equal(end.reason, 'completed');
    await session.close();
  });

  it('opens a new stream after the connection drops, then hears changes on the same subscription', async () => {
    const { server, http } = await serve();
    const proxy = await startCuttingProxy(Number(new URL(http.url).port));
    const session = await connect(`${proxy.origin}/mcp`);
    const subscription = await session.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 5 } });
    const firstId = subscription.id;
    const interrupted = next(subscription, 'interrupted');
    const reestablished = next(subscription, 'reestablished');
    proxy.cut();
    await interrupted;
    assert.deepEqual(await reestablished, { toolsListChanged: true });
    assert.notEqual(subscription.id, firstId);
    await streamsBecome(server, 1, 'the server to drop the old stream');
    const changed = next(subscription, 'toolsListChanged');
    server.tool('t2', {}, () => ({ content: [] }));
    await changed;
    await session.close();
    await proxy.close();
    await http.close();
  });

  it('ends dropped once the server stays out of reach', async () => {
    const { http } = await serve();
    const proxy = await startCuttingProxy(Number(new URL(http.url).port));
    const session = await connect(`${proxy.origin}/mcp`);
    const subscription = await session.listen(
      { toolsListChanged: true },
      { reconnect: { initialDelayMs: 5, maxAttempts: 2 } },
    );
    await proxy.close();
    const end = await within(subscription.ended, 5000, 'the subscription to give up');
    assert.equal(end.reason, 'dropped');
    await session.close();
    await http.close();
  });
});
