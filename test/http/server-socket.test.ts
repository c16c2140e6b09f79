// The Streamable HTTP endpoint over real sockets: `listen` on 127.0.0.1 with a random port and
// `fetch`, the node:http listener behind middleware that parsed the body, and a body refused
// before the client finished sending it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createStreamableHttpCore } from '../../src/http/index.js';
import { listen, toNodeListener, type ListeningServer } from '../../src/node/index.js';
import { RawClient, SseReader } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

describe('Streamable HTTP over a socket', () => {
  const fixture = createTestServer();
  let running: ListeningServer;
  const client = () => new RawClient(fetch, running.url);

  before(async () => {
    running = await listen(fixture.server, { maxBodyBytes: 1024 });
  });
  after(async () => {
    await running.close();
  });

  it('listens on 127.0.0.1 at /mcp on a free port', () => {
    assert.match(running.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.notEqual((running.httpServer.address() as AddressInfo).port, 0);
  });

  it('initializes, calls a tool as JSON and streams a call with progress', async () => {
    const c = client();
    await c.initialize('2025-11-25');
    assert.deepEqual((await c.callTool('echo', { text: 'over tcp' })).result, text('over tcp'));
    const call = c.request('tools/call', { name: 'count', arguments: { n: 2 }, _meta: { progressToken: 7 } });
    const response = await c.post(call);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.equal(response.headers.get('connection'), 'keep-alive');
    const messages = await new SseReader(response).messages();
    assert.deepEqual(
      messages.map((m) => m.method ?? m.id),
      ['notifications/progress', 'notifications/progress', call.id],
    );
    assert.equal((await c.delete()).status, 200);
    assert.equal((await c.post(c.request('ping'))).status, 404);
  });

  it('answers other paths with 404', async () => {
    const response = await fetch(running.url.replace('/mcp', '/other'), { method: 'POST', body: '{}' });
    assert.equal(response.status, 404);
    const withQuery = await fetch(`${running.url}?x=1`, { method: 'DELETE' });
    assert.equal(withQuery.status, 400, 'the endpoint itself, with a query string');
  });

  it('replays what a dropped GET stream missed, after Last-Event-ID', async () => {
    const c = client();
    await c.initialize();
    const session = [...fixture.server.sessions].find((s) => !s.closed && s.protocolVersion === '2025-11-25');
    assert.ok(session);
    const controller = new AbortController();
    const first = new SseReader(
      await c.fetch(running.url, { method: 'GET', headers: getHeaders(c), signal: controller.signal }),
    );
    await session.notify('notifications/message', { level: 'info', data: 'm1' });
    const m1 = await first.nextMessage();
    controller.abort();
    await first.cancel().catch(() => {});
    await session.notify('notifications/message', { level: 'info', data: 'm2' });
    await session.notify('notifications/message', { level: 'info', data: 'm3' });
    const resumed = new SseReader(await c.get({ 'last-event-id': m1?.id ?? '' }));
    const data = [];
    for (let i = 0; i < 2; i++) data.push(((await resumed.nextMessage())?.message.params as { data: string }).data);
    assert.deepEqual(data, ['m2', 'm3']);
    await resumed.cancel();
    await c.delete();
  });

  it('sends what concerns each of a dozen streaming calls on its own stream, never on the GET stream', async () => {
    const c = client();
    await c.initialize('2025-11-25');
    const session = [...fixture.server.sessions].find((s) => !s.closed && s.protocolVersion === '2025-11-25');
    assert.ok(session);
    const get = new SseReader(await c.get());
    const calls = Array.from({ length: 12 }, (_, i) =>
      c.request('tools/call', { name: 'hold', arguments: { tag: `many-${i}` }, _meta: { progressToken: `p${i}` } }),
    );
    const streams = await Promise.all(calls.map(async (call) => new SseReader(await c.post(call))));
    await Promise.all(calls.map((_, i) => fixture.held(`many-${i}`)));
    for (const [i, stream] of streams.entries()) {
      const progress = await stream.nextMessage();
      assert.deepEqual(progress?.message.params, { progressToken: `p${i}`, progress: 1 }, `call ${i}`);
    }
    calls.forEach((_, i) => fixture.release(`many-${i}`));
    for (const [i, stream] of streams.entries())
      assert.deepEqual(
        (await stream.messages()).map((m) => m.id),
        [calls[i]!.id],
      );
    // The GET stream is in order: had any progress strayed onto it, it would come before this.
    await session.notify('notifications/message', { level: 'info', data: 'unrelated' });
    assert.equal(((await get.nextMessage())?.message.params as { data?: string }).data, 'unrelated');
    await get.cancel();
    await c.delete();
  });

  it('answers 413 before the client has sent the whole body, and closes the connection', async () => {
    const req = httpRequest(running.url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
    });
    req.write('x'.repeat(4096));
    // The rest of the body is never sent: the answer must come anyway.
    const [response] = (await once(req, 'response')) as [IncomingMessage];
    assert.equal(response.statusCode, 413);
    assert.equal(response.headers.connection, 'close');
    let body = '';
    response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    await once(response, 'end');
    assert.equal((JSON.parse(body) as { error: { code: number } }).error.code, -32000);
    await once(req.socket ?? req, 'close');
    assert.equal(req.writableEnded, false, 'the request body was never finished');
  });

  it('answers 413 from Content-Length alone', async () => {
    const c = client();
    const response = await c.post(`"${'x'.repeat(2000)}"`);
    assert.equal(response.status, 413);
  });

  it('refuses a foreign Host with 403', async () => {
    const { statusCode } = await rawPost(running.url, { host: 'attacker.example' }, '{}');
    assert.equal(statusCode, 403);
  });
});

describe('the node:http listener behind body-parsing middleware', () => {
  it('uses req.body when middleware already parsed it', async () => {
    const { server } = createTestServer();
    const listener = toNodeListener(createStreamableHttpCore(server));
    // What express.json() does: read and parse the body, then call the next handler.
    const httpServer = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        const parsed = JSON.parse(raw) as { params?: { arguments?: { text?: string } } };
        if (parsed.params?.arguments?.text !== undefined) parsed.params.arguments.text = 'from req.body';
        (req as { body?: unknown }).body = parsed;
        listener(req, res);
      });
    });
    httpServer.listen(0, '127.0.0.1');
    await once(httpServer, 'listening');
    try {
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
      const c = new RawClient(fetch, url);
      await c.initialize();
      assert.deepEqual((await c.callTool('echo', { text: 'from the wire' })).result, text('from req.body'));
    } finally {
      httpServer.closeAllConnections();
      httpServer.close();
      await server.close();
    }
  });
});

function getHeaders(c: RawClient): Record<string, string> {
  const headers = c.headers({ accept: 'text/event-stream' });
  delete headers['content-type'];
  return headers;
}

async function rawPost(url: string, headers: Record<string, string>, body: string): Promise<IncomingMessage> {
  const req = httpRequest(url, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
  });
  req.end(body);
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.resume();
  return response;
}
