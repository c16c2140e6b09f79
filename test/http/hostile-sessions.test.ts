// Session exhaustion over real sockets: a client opening sessions as fast as it can neither
// locks other clients out nor stops modern requests; one client's sessions are capped (429);
// the HTTP+SSE endpoint keeps the same limits. Clients on 127.0.0.2 are other clients: the
// whole 127/8 reaches this machine.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { listen, type ListeningServer, type ListenOptions } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';

const CLIENT_INFO = { name: 'hostile', version: '1' };
const byAddress: ListenOptions['clientKey'] = (request) => request.remoteAddress;

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One request over a connection of its own, from `localAddress`. */
async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  const req = httpRequest(url, {
    method,
    agent: false,
    localAddress,
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
  });
  req.end(body === undefined ? undefined : JSON.stringify(body));
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  let text = '';
  response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  await once(response, 'end');
  return { status: response.statusCode ?? 0, headers: response.headers, body: text };
}

/** Opens a session (initialize, then initialized); returns its id, or the refusal. */
async function initialize(url: string, localAddress?: string): Promise<string | Answer> {
  const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO };
  const answer = await send(url, 'POST', {}, { jsonrpc: '2.0', id: 1, method: 'initialize', params }, localAddress);
  const id = answer.headers['mcp-session-id'];
  if (answer.status !== 200 || typeof id !== 'string') return answer;
  const session = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
  assert.equal(
    (await send(url, 'POST', session, { jsonrpc: '2.0', method: 'notifications/initialized' }, localAddress)).status,
    202,
  );
  return id;
}

async function opened(url: string, localAddress?: string): Promise<string> {
  const result = await initialize(url, localAddress);
  assert.equal(typeof result, 'string', `initialize refused: ${JSON.stringify(result)}`);
  return result as string;
}

function ping(url: string, sessionId: string, localAddress?: string): Promise<Answer> {
  return send(
    url,
    'POST',
    { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    { jsonrpc: '2.0', id: 2, method: 'ping' },
    localAddress,
  );
}

/** A tools/call of the modern revision. */
function modernCall(url: string): Promise<Answer> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
  return send(url, 'POST', headers, {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'echo', arguments: {}, _meta },
  });
}

/** Opens a GET stream of `sessionId`; resolves once its headers came, with the way to drop it. */
async function getStream(url: string, sessionId: string): Promise<{ status: number; close: () => void }> {
  const req = httpRequest(url, {
    method: 'GET',
    agent: false,
    headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
  });
  req.end();
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  return { status: response.statusCode ?? 0, close: () => req.destroy() };
}

async function serving(options: ListenOptions, check: (http: ListeningServer) => Promise<void>): Promise<void> {
  const server = new Server({ name: 'sessions', version: '1' });
  server.tool('echo', {}, () => ({ content: [] }));
  const http = await listen(server, options);
  try {
    await check(http);
  } finally {
    await http.close();
  }
}

/** Resolves once `predicate` holds, checking after each turn of the event loop; fails after 5 s. */
async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!predicate()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('session exhaustion over a socket', () => {
  it('a client that fills the session table locks no one out: the session idle longest makes room', async () => {
    await serving({ maxSessions: 30 }, async (http) => {
      const flood: string[] = [];
      for (let i = 0; i < 30; i++) flood.push(await opened(http.url));
      const newcomer = await opened(http.url, '127.0.0.2');
      assert.equal(http.core.sessionCount, 30);
      assert.equal((await ping(http.url, flood[0]!)).status, 404, 'the session idle longest was closed');
      assert.equal((await ping(http.url, flood[1]!)).status, 200);
      assert.equal((await ping(http.url, newcomer, '127.0.0.2')).status, 200);
    });
  });

  it('serves modern requests while no session can be opened', async () => {
    await serving({ maxSessions: 2 }, async (http) => {
      const busy = await Promise.all([1, 2].map(() => opened(http.url)));
      const streams = await Promise.all(busy.map((id) => getStream(http.url, id)));
      assert.deepEqual(
        streams.map((s) => s.status),
        [200, 200],
      );
      const refused = await initialize(http.url);
      assert.equal(typeof refused === 'string' ? 200 : refused.status, 503);
      assert.equal(typeof refused === 'string' ? undefined : refused.headers['retry-after'], '5');
      const call = await modernCall(http.url);
      assert.equal(call.status, 200, call.body);
      for (const stream of streams) stream.close();
    });
  });

  it('caps the sessions of one client with 429, and gives the places back when they end', async () => {
    await serving({ maxSessionsPerClient: 3, clientKey: byAddress }, async (http) => {
      const mine = [await opened(http.url), await opened(http.url), await opened(http.url)];
      const refused = await initialize(http.url);
      assert.ok(typeof refused !== 'string', 'the fourth session was refused');
      assert.equal(refused.status, 429);
      assert.match(
        (JSON.parse(refused.body) as { error: { message: string } }).error.message,
        /this client has 3 sessions open/,
      );
      await opened(http.url, '127.0.0.2');
      const headers = { 'mcp-session-id': mine[0]!, 'mcp-protocol-version': '2025-11-25' };
      assert.equal((await send(http.url, 'DELETE', headers)).status, 200);
      await opened(http.url);
    });
  });

  it('counts no client by default on loopback, where every client shares the address', async () => {
    await serving({ maxSessions: 10, maxSessionsPerClient: 1 }, async (http) => {
      await opened(http.url);
      await opened(http.url);
    });
  });
});

describe('the HTTP+SSE endpoint under the same limits', () => {
  /** Opens `GET /sse` from `localAddress`; resolves once the answer's headers came. */
  async function sse(
    http: ListeningServer,
    localAddress = '127.0.0.1',
  ): Promise<{ status: number; retryAfter: string | undefined; close: () => void }> {
    const req = httpRequest(http.url.replace('/mcp', '/sse'), {
      method: 'GET',
      agent: false,
      localAddress,
      headers: { accept: 'text/event-stream' },
    });
    req.end();
    const [response] = (await once(req, 'response')) as [IncomingMessage];
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.statusCode ?? 0,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      close: () => req.destroy(),
    };
  }

  it('refuses a stream beyond maxSessions with 503 and Retry-After, and takes one again once a stream ends', async () => {
    await serving({ legacySse: true, maxSessions: 2 }, async (http) => {
      const open = [await sse(http), await sse(http)];
      assert.deepEqual(
        open.map((s) => s.status),
        [200, 200],
      );
      const refused = await sse(http);
      assert.equal(refused.status, 503);
      assert.equal(refused.retryAfter, '5');
      open[0]!.close();
      await until(() => http.legacy?.sessionCount === 1, 'the server to see the stream closed');
      const again = await sse(http);
      assert.equal(again.status, 200);
      again.close();
      open[1]!.close();
    });
  });

  it('caps the streams of one client with 429', async () => {
    await serving({ legacySse: true, maxSessionsPerClient: 1, clientKey: byAddress }, async (http) => {
      const first = await sse(http);
      assert.equal(first.status, 200);
      assert.equal((await sse(http)).status, 429);
      const other = await sse(http, '127.0.0.2');
      assert.equal(other.status, 200);
      first.close();
      await until(() => http.legacy?.sessionCount === 1, 'the server to see the stream closed');
      const again = await sse(http);
      assert.equal(again.status, 200);
      again.close();
      other.close();
    });
  });
});
