// The round-robin proxy of the fleet tests (test/helpers/round-robin-proxy.ts), over real
// sockets in front of plain HTTP servers and mcpkit's own: each request goes to the next backend,
// streams pass event by event, unreachable backends are skipped, and a break on either side
// reaches the other.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { finished } from 'node:stream/promises';
import { afterEach, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/client/index.js';
import { listen } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { until, within } from '../helpers/e2e.js';
import { deferred } from '../helpers/deferred.js';
import { textOf } from '../helpers/recording-fetch.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';

/** A request as a backend received it. */
interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The response, to see whether it was cut short. */
  readonly res: ServerResponse;
}

interface Backend {
  readonly url: string;
  readonly seen: Seen[];
  /** Stops listening and drops its connections: connecting is refused from then on. */
  stop(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** By default a backend answers with its own URL, so the client can tell who answered. */
async function startBackend(handler?: Handler): Promise<Backend> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let url = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, res });
      if (handler) handler(req, res, body);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(url);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopped: Promise<void> | undefined;
  return {
    url,
    seen,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      })),
  };
}

/** A server that takes connections and resets each as soon as a request arrives. */
async function startResetter(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createTcpServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => socket.resetAndDestroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Whether the request went over a connection kept from an earlier one. */
  readonly reused: boolean;
}

interface SendOptions {
  readonly method?: string;
  readonly headers?: OutgoingHttpHeaders;
  /** Written in these pieces, chunked unless the headers give a length. */
  readonly body?: readonly (string | Buffer)[];
  readonly agent?: Agent;
}

/** Opens a request and resolves with its response once the headers arrived. */
async function open(url: string, options: SendOptions = {}): Promise<{ res: IncomingMessage; reused: boolean }> {
  const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent });
  for (const piece of options.body ?? []) req.write(piece);
  req.end();
  const [res] = (await within(once(req, 'response'), 5000, `a response to ${url}`)) as [IncomingMessage];
  return { res, reused: req.reusedSocket };
}

async function send(url: string, options: SendOptions = {}): Promise<Reply> {
  const { res, reused } = await open(url, options);
  res.setEncoding('utf8');
  let body = '';
  for await (const chunk of res) body += chunk as string;
  return { status: res.statusCode!, headers: res.headers, body, reused };
}

/** Reads a Server-Sent Events stream one event (the text before a blank line) at a time; `undefined` at its end. */
function eventsOf(res: IncomingMessage): () => Promise<string | undefined> {
  res.setEncoding('utf8');
  const chunks = res[Symbol.asyncIterator]();
  let buffer = '';
  return async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return event;
      }
      const { value, done } = await within(chunks.next(), 5000, 'the next event');
      if (done) return undefined;
      buffer += value as string;
    }
  };
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

describe('round-robin proxy', { timeout: 30_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function backends(count: number, handler?: Handler): Promise<Backend[]> {
    const started = await Promise.all(Array.from({ length: count }, () => startBackend(handler)));
    for (const backend of started) cleanups.push(() => backend.stop());
    return started;
  }

  async function proxyTo(urls: readonly string[]): Promise<RoundRobinProxy> {
    const proxy = await startRoundRobinProxy(urls);
    cleanups.push(() => proxy.close());
    return proxy;
  }

  it('sends each request over one kept-alive connection to the next backend in turn', async () => {
    const fleet = await backends(3);
    const urls = fleet.map((b) => b.url);
    const proxy = await proxyTo(urls);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const replies: Reply[] = [];
    for (let i = 0; i < 7; i++) replies.push(await send(`${proxy.url}/mcp?i=${i}`, { agent }));
    const expected = [...urls, ...urls, urls[0]!];
    assert.deepEqual(
      replies.map((r) => r.body),
      expected,
    );
    assert.deepEqual(
      replies.map((r) => r.reused),
      [false, true, true, true, true, true, true],
    );
    assert.deepEqual(proxy.served, expected);
    assert.deepEqual(proxy.servedBy('GET'), expected);
    assert.deepEqual(proxy.servedBy('POST'), []);
    assert.deepEqual(
      fleet.map((b) => b.seen.map((s) => s.url)),
      [
        ['/mcp?i=0', '/mcp?i=3', '/mcp?i=6'],
        ['/mcp?i=1', '/mcp?i=4'],
        ['/mcp?i=2', '/mcp?i=5'],
      ],
    );
  });

  it("spreads one MCP client's calls over every server of a stateless fleet", async () => {
    const fleet = await Promise.all(
      ['one', 'two', 'three'].map(async (name) => {
        const server = new Server({ name, version: '1' });
        server.tool('whoami', {}, () => ({ content: [{ type: 'text', text: name }] }));
        const running = await listen(server);
        cleanups.push(() => running.close());
        return running;
      }),
    );
    const proxy = await proxyTo(fleet.map((running) => new URL(running.url).origin));
    const transport = new StreamableHttpClientTransport({ url: `${proxy.url}${new URL(fleet[0]!.url).pathname}` });
    const session = await within(
      new Client({ name: 'fleet-client', version: '1' }).connect(transport, { protocolVersion: '2026-07-28' }),
      5000,
      'connect',
    );
    cleanups.push(() => session.close());
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push(textOf(await session.callTool({ name: 'whoami', arguments: {} })));
    assert.deepEqual([...names].sort(), ['one', 'one', 'three', 'three', 'two', 'two']);
    const calls = proxy.servedBy('tools/call');
    assert.equal(calls.length, 6);
    assert.deepEqual(new Set(calls), new Set(proxy.backends));
  });

  it('takes turns over the new list after setBackends', async () => {
    const fleet = await backends(3);
    const [a, b, c] = fleet.map((backend) => backend.url) as [string, string, string];
    const proxy = await proxyTo([a, b]);
    assert.equal((await send(proxy.url)).body, a);
    proxy.setBackends([c, a]);
    assert.deepEqual(proxy.backends, [c, a]);
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await send(proxy.url)).body);
    assert.deepEqual(bodies, [c, a, c]);
  });

  it('passes a Server-Sent Events response event by event, headers first', async () => {
    const headersArrived = deferred<void>();
    const firstArrived = deferred<void>();
    const [backend] = await backends(1, (_req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.flushHeaders();
      // Each part of the stream waits until the client has the one before it.
      void (async () => {
        await headersArrived.promise;
        res.write('id: 1\ndata: one\n\n');
        await firstArrived.promise;
        res.end('id: 2\ndata: two\n\n');
      })();
    });
    const proxy = await proxyTo([backend!.url]);
    const { res } = await open(`${proxy.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/event-stream');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['content-encoding'], undefined);
    headersArrived.resolve();
    const next = eventsOf(res);
    assert.equal(await next(), 'id: 1\ndata: one');
    assert.equal(backend!.seen[0]!.res.writableEnded, false);
    firstArrived.resolve();
    assert.equal(await next(), 'id: 2\ndata: two');
    assert.equal(await next(), undefined);
  });

  it('passes bodies intact and end-to-end headers only, both ways', async () => {
    const [backend] = await backends(1, (_req, res, body) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.setHeader('mcp-session-id', 'session-1');
      res.setHeader('proxy-hint', 'dropped');
      res.writeHead(202, 'Taken', { 'content-type': 'application/octet-stream' });
      res.end(body);
    });
    const proxy = await proxyTo([backend!.url]);
    // A JSON-RPC body past a few socket reads, with characters of more than one byte, sent chunked.
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { text: 'é✓𝄞'.repeat(40_000) } };
    const json = Buffer.from(JSON.stringify(message));
    const pieces = [json.subarray(0, 1000), json.subarray(1000, 70_001), json.subarray(70_001)];
    const { res } = await open(`${proxy.url}/mcp`, {
      method: 'POST',
      body: pieces,
      headers: {
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
        'mcp-session-id': 'session-1',
        connection: 'keep-alive, x-hop',
        'x-hop': 'per connection',
        'proxy-authorization': 'Basic eA==',
        te: 'trailers',
      },
    });
    const back: Buffer[] = [];
    for await (const chunk of res) back.push(chunk as Buffer);

    const seen = backend!.seen[0]!;
    assert.equal(seen.method, 'POST');
    assert.ok(seen.body.equals(json), 'the backend got the body as sent');
    assert.equal(seen.headers['content-length'], String(json.length));
    assert.equal(seen.headers['transfer-encoding'], undefined);
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.equal(seen.headers['mcp-protocol-version'], '2025-11-25');
    assert.equal(seen.headers['mcp-session-id'], 'session-1');
    assert.equal(seen.headers.host, new URL(proxy.url).host);
    for (const name of ['x-hop', 'proxy-authorization', 'te', 'x-forwarded-for', 'via', 'forwarded']) {
      assert.equal(seen.headers[name], undefined, name);
    }

    assert.equal(res.statusCode, 202);
    assert.equal(res.statusMessage, 'Taken');
    assert.ok(Buffer.concat(back).equals(json), 'the client got the body as sent back');
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(res.headers['mcp-session-id'], 'session-1');
    assert.equal(res.headers['proxy-hint'], undefined);
    assert.deepEqual(proxy.servedBy('tools/call'), [backend!.url]);
    assert.deepEqual(proxy.servedBy('POST'), [backend!.url]);
    assert.deepEqual(proxy.servedBy('initialize'), []);
  });

  it('skips a backend that refuses or resets the connection, trying the request on the next', async () => {
    const fleet = await backends(3, (_req, res, body) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    });
    const [a, b, c] = fleet.map((backend) => backend.url) as [string, string, string];
    const resetter = await startResetter();
    cleanups.push(() => resetter.stop());
    const proxy = await proxyTo([a, b, c, resetter.url]);
    await fleet[1]!.stop();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const bodies: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await send(`${proxy.url}/mcp`, { method: 'POST', body: [`call ${i}`], agent });
      assert.equal(reply.status, 200);
      bodies.push(reply.body);
    }
    // The body was sent again, whole, to the backend that answered.
    assert.deepEqual(bodies, ['call 0', 'call 1', 'call 2', 'call 3', 'call 4']);
    // a; b refused, so c; the resetter resets, so a; b refused, so c; the resetter again, so a.
    assert.deepEqual(proxy.served, [a, c, a, c, a]);
    assert.deepEqual(
      proxy.requests.map((r) => r.skipped),
      [[], [b], [resetter.url], [b], [resetter.url]],
    );
    assert.deepEqual(
      fleet[2]!.seen.map((s) => s.body.toString()),
      ['call 1', 'call 3'],
    );
  });

  it('answers 502 when no backend can be reached', async () => {
    const fleet = await backends(2);
    const proxy = await proxyTo(fleet.map((b) => b.url));
    for (const backend of fleet) await backend.stop();
    const reply = await send(`${proxy.url}/mcp`, { method: 'POST', body: ['{}'] });
    assert.equal(reply.status, 502);
    assert.match(reply.headers['content-type']!, /^text\/plain/);
    assert.match(reply.body, /no backend could be reached/);
    assert.deepEqual(proxy.served, []);
    assert.deepEqual(proxy.requests[0]!.skipped, [fleet[0]!.url, fleet[1]!.url]);
    assert.equal(proxy.requests[0]!.backend, undefined);
    proxy.setBackends([]);
    assert.equal((await send(proxy.url)).status, 502);
  });

  it("breaks the client's stream when its backend dies mid-response", async () => {
    const [backend] = await backends(1, (_req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.write('data: one\n\n', () => setTimeout(() => res.socket!.destroy(), 50));
    });
    const proxy = await proxyTo([backend!.url]);
    const { res } = await open(`${proxy.url}/mcp`);
    const next = eventsOf(res);
    assert.equal(await next(), 'data: one');
    await assert.rejects(
      within(next(), 5000, 'the stream to break'),
      (error: Error) => !/timed out/.test(error.message),
    );
  });

  it('ends every open connection when it closes, streams and requests not yet answered too', async () => {
    const [backend] = await backends(1, (req, res) => {
      // A stream for /stream; nothing ever for /silent; a short answer otherwise.
      if (req.url === '/stream') {
        res.writeHead(200, SSE_HEADERS);
        res.write('data: one\n\n');
      } else if (req.url !== '/silent') res.end('short');
    });
    const proxy = await proxyTo([backend!.url]);
    // An idle kept-alive connection, an open stream and a request still waiting for its answer.
    const agent = new Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    assert.equal((await send(`${proxy.url}/short`, { agent })).body, 'short');
    const { res } = await open(`${proxy.url}/stream`);
    const next = eventsOf(res);
    assert.equal(await next(), 'data: one');
    const waiting = httpRequest(`${proxy.url}/silent`);
    const waitingError = once(waiting, 'error');
    waiting.end();
    await until(() => backend!.seen.length === 3, 'the request to reach the backend', 5000);
    const [, streaming, silent] = backend!.seen.map((s) => s.res);

    await within(proxy.close(), 5000, 'the proxy to close');
    await assert.rejects(
      within(next(), 5000, 'the stream to break'),
      (error: Error) => !/timed out/.test(error.message),
    );
    // Cut off, not answered 502.
    await within(waitingError, 5000, 'the waiting request to fail');
    // The backend's side of both was closed too, before it ended either.
    for (const backendSide of [streaming!, silent!]) {
      if (!backendSide.destroyed) await within(once(backendSide, 'close'), 5000, "the backend's side to close");
      assert.equal(backendSide.writableEnded, false);
    }
  });

  it("aborts the backend's request when the client goes away", async () => {
    const [backend] = await backends(1, (req, res) => {
      // The first request is answered with a stream; the second never with anything.
      if (req.url === '/stream') {
        res.writeHead(200, SSE_HEADERS);
        res.write('data: one\n\n');
      }
    });
    const proxy = await proxyTo([backend!.url]);

    // Gone mid-stream, once it had the first event.
    const { res } = await open(`${proxy.url}/stream`);
    assert.equal(await eventsOf(res)(), 'data: one');
    const streaming = backend!.seen[0]!.res;
    res.destroy();
    if (!streaming.destroyed) await within(once(streaming, 'close'), 5000, "the backend's stream to close");
    assert.equal(streaming.writableEnded, false);

    // Gone while the backend had not answered yet.
    const req = httpRequest(`${proxy.url}/silent`);
    req.on('error', () => {});
    req.end();
    await until(() => backend!.seen.length === 2, 'the request to reach the backend', 5000);
    const waiting = backend!.seen[1]!.res;
    req.destroy();
    if (!waiting.destroyed) await within(once(waiting, 'close'), 5000, "the backend's request to close");
    assert.equal(waiting.headersSent, false);
    await finished(req).catch(() => {});
  });
});
