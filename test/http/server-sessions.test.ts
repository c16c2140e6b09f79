// The Streamable HTTP endpoint driven through its fetch handler (no socket): sessions, the
// headers the transport defines, refusals, limits and idle expiry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStreamableHttpHandler, type StreamableHttpOptions } from '../../src/http/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { RawClient, viaHandler } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

const URL = 'http://localhost/mcp';

function setup(options: StreamableHttpOptions = {}) {
  const fixture = createTestServer();
  const handler = createStreamableHttpHandler(fixture.server, options);
  const fetch = viaHandler(handler);
  return { ...fixture, handler, fetch, client: () => new RawClient(fetch, URL) };
}

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  assert.equal(response.headers.get('content-type'), 'application/json');
  const body = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.id, null);
  return body.error;
}

describe('Streamable HTTP sessions', () => {
  it('initialize opens a session whose id comes back in Mcp-Session-Id', async () => {
    const { client, handler, server } = setup();
    const c = client();
    const result = await c.initialize('2025-11-25');
    assert.equal(result.protocolVersion, '2025-11-25');
    assert.match(c.sessionId ?? '', /^[\x21-\x7e]{32,}$/);
    assert.equal(handler.sessionCount, 1);
    assert.equal(server.sessions.size, 1);
    const other = client();
    await other.initialize('2025-06-18');
    assert.notEqual(other.sessionId, c.sessionId);
    assert.equal(handler.sessionCount, 2);
  });

  it('answers a plain tools/call with one JSON body', async () => {
    const c = setup().client();
    await c.initialize();
    const answer = await c.callTool('echo', { text: 'hi' });
    assert.deepEqual(answer, { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi' }] } });
  });

  it('answers notifications and responses alone with 202 and no body', async () => {
    const c = setup().client();
    await c.initialize();
    const response = await c.post({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    assert.equal(response.status, 202);
    assert.equal(await response.text(), '');
  });

  it('refuses requests without a session id (400), and with an unknown one (404)', async () => {
    const c = setup().client();
    const without = await c.post(c.request('tools/list'));
    assert.equal(without.status, 400);
    assert.match((await errorOf(without)).message, /Mcp-Session-Id/);
    c.sessionId = 'no-such-session';
    const unknown = await c.post(c.request('tools/list'));
    assert.equal(unknown.status, 404);
    assert.equal((await errorOf(unknown)).code, -32001);
    assert.equal((await c.get()).status, 404);
    assert.equal((await c.delete()).status, 404);
  });

  it('DELETE ends the session; its id then answers 404', async () => {
    const { client, handler, server } = setup();
    const c = client();
    await c.initialize();
    const [serverSession] = server.sessions;
    const deleted = await c.delete();
    assert.equal(deleted.status, 200);
    assert.equal(serverSession?.closed, true);
    assert.equal(handler.sessionCount, 0);
    assert.equal(server.sessions.size, 0);
    assert.equal((await c.post(c.request('tools/list'))).status, 404);
  });

  it('a session closed by the server answers 404', async () => {
    const { client, server } = setup();
    const c = client();
    await c.initialize();
    await [...server.sessions][0]?.close();
    assert.equal((await c.post(c.request('ping'))).status, 404);
  });

  it('a failed initialize opens no session', async () => {
    const { client, handler } = setup();
    const c = client();
    const response = await c.post(c.request('initialize', { protocolVersion: 42 }));
    assert.equal(response.headers.get('mcp-session-id'), null);
    const body = (await response.json()) as { error: { code: number } };
    assert.equal(body.error.code, -32602);
    assert.equal(handler.sessionCount, 0);
  });

  it('checks MCP-Protocol-Version against the negotiated revision from 2025-06-18 on', async () => {
    const c = setup().client();
    await c.initialize('2025-06-18');
    const mismatch = await c.post(c.request('tools/list'), { 'mcp-protocol-version': '2025-11-25' });
    assert.equal(mismatch.status, 400);
    assert.match((await errorOf(mismatch)).message, /MCP-Protocol-Version/);
    const headers = c.headers();
    delete headers['mcp-protocol-version'];
    const absent = await c.fetch(URL, { method: 'POST', headers, body: JSON.stringify(c.request('tools/list')) });
    assert.equal(absent.status, 200, 'no header means 2025-03-26, which the session knows better: accepted');
    const getMismatch = await c.get({ 'mcp-protocol-version': 'garbage' });
    assert.equal(getMismatch.status, 400);
  });

  it('ignores MCP-Protocol-Version in 2025-03-26 sessions, where it did not exist yet', async () => {
    const c = setup().client();
    await c.initialize('2025-03-26');
    const response = await c.post(c.request('ping'), { 'mcp-protocol-version': '2025-06-18' });
    assert.equal(response.status, 200);
  });

  it('refuses an initialize naming an unknown MCP-Protocol-Version', async () => {
    const c = setup().client();
    const response = await c.post(
      c.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      }),
      {
        'mcp-protocol-version': '1999-01-01',
      },
    );
    assert.equal(response.status, 400);
  });

  it('requires Accept to list both JSON and SSE for POST (406) and SSE for GET', async () => {
    const c = setup().client();
    await c.initialize();
    for (const accept of [
      'application/json',
      'text/event-stream',
      'text/html',
      'application/json, text/event-stream;q=0',
    ]) {
      const response = await c.post(c.request('ping'), { accept });
      assert.equal(response.status, 406, accept);
      await errorOf(response);
    }
    const wildcard = await c.post(c.request('ping'), { accept: '*/*' });
    assert.equal(wildcard.status, 200);
    const get = await c.get({ accept: 'application/json' });
    assert.equal(get.status, 406);
  });

  it('requires Content-Type application/json (415)', async () => {
    const c = setup().client();
    await c.initialize();
    const response = await c.post(c.request('ping'), { 'content-type': 'text/plain' });
    assert.equal(response.status, 415);
    await errorOf(response);
    const withCharset = await c.post(c.request('ping'), { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(withCharset.status, 200);
  });

  it('answers invalid JSON with 400 and a -32700 error', async () => {
    const c = setup().client();
    await c.initialize();
    const response = await c.post('{"jsonrpc": "2.0", "id": 1, "method": ');
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).code, -32700);
    const before = await c.post('not json at all');
    assert.equal(before.status, 400);
  });

  it('refuses a body over maxBodyBytes with 413', async () => {
    const c = setup({ maxBodyBytes: 1024 }).client();
    await c.initialize();
    const response = await c.post(c.request('tools/call', { name: 'echo', arguments: { text: 'x'.repeat(2000) } }));
    assert.equal(response.status, 413);
    await errorOf(response);
  });

  it('refuses foreign Host and Origin headers with 403', async () => {
    const { fetch } = setup();
    const c = new RawClient(fetch, URL);
    const evilHost = await c.post(c.request('ping'), { host: 'evil.example:80' });
    assert.equal(evilHost.status, 403);
    await errorOf(evilHost);
    const evilOrigin = await c.post(c.request('ping'), { origin: 'https://evil.example' });
    assert.equal(evilOrigin.status, 403);
    const localOrigin = new RawClient(fetch, 'http://127.0.0.1:3000/mcp');
    await localOrigin.initialize();
    assert.equal(
      (await localOrigin.post(localOrigin.request('ping'), { origin: 'http://localhost:5173' })).status,
      200,
    );
    const ipv6 = new RawClient(fetch, 'http://[::1]:8080/mcp');
    await ipv6.initialize();
  });

  it('accepts the hosts and origins it is told to', async () => {
    const { fetch } = setup({ allowedHosts: ['mcp.example.com'], allowedOrigins: ['https://app.example.com'] });
    const c = new RawClient(fetch, 'https://mcp.example.com/mcp');
    await c.initialize();
    assert.equal((await c.post(c.request('ping'), { origin: 'https://app.example.com' })).status, 200);
    assert.equal((await c.post(c.request('ping'), { origin: 'https://mcp.example.com' })).status, 403);
    assert.equal((await new RawClient(fetch, URL).post({})).status, 403, 'localhost is no longer allowed');
  });

  it('answers other methods with 405 and Allow', async () => {
    const { fetch } = setup();
    const response = await fetch(URL, { method: 'PUT', body: '{}' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, POST, DELETE');
  });

  it('refuses initialize inside a batch, and a batch without a session', async () => {
    const c = setup().client();
    const batch = await c.post([
      c.request('initialize', {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      }),
    ]);
    assert.equal(batch.status, 400);
    assert.equal((await errorOf(batch)).code, -32600);
  });

  it('makes room for a new session by closing the one idle longest', async () => {
    const clock = new ManualClock();
    const { client, handler } = setup({ maxSessions: 2, clock });
    const oldest = client();
    await oldest.initialize();
    clock.advance(1000);
    const recent = client();
    await recent.initialize();
    clock.advance(1000);
    assert.equal(
      (await oldest.post(oldest.request('ping'))).status,
      200,
      'used again: now the recent one is idle longest',
    );
    await client().initialize();
    assert.equal(handler.sessionCount, 2);
    assert.equal((await recent.post(recent.request('ping'))).status, 404);
    assert.equal((await oldest.post(oldest.request('ping'))).status, 200);
  });

  it('refuses a new session with 503 and Retry-After when every session is busy', async () => {
    const { client, held, release } = setup({ maxSessions: 2 });
    const streaming = client();
    await streaming.initialize();
    const stream = await streaming.get();
    const calling = client();
    await calling.initialize();
    const call = calling.post({
      jsonrpc: '2.0',
      id: 'h',
      method: 'tools/call',
      params: { name: 'hold', arguments: { tag: 'busy' } },
    });
    await held('busy');
    const c = client();
    const response = await c.post(
      c.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      }),
    );
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '5');
    assert.match((await errorOf(response)).message, /none is idle/);
    release('busy');
    assert.equal((await call).status, 200);
    await c.initialize();
    assert.equal(
      (await streaming.post(streaming.request('ping'))).status,
      200,
      'the session with its stream open was kept',
    );
    await stream.body?.cancel();
  });

  it('bounds the requests in flight per session (429) and refuses an id already in use (409)', async () => {
    const { client, held, release } = setup({ maxInFlightRequests: 2 });
    const c = client();
    await c.initialize();
    const first = c.post({
      jsonrpc: '2.0',
      id: 'a',
      method: 'tools/call',
      params: { name: 'hold', arguments: { tag: 'a' } },
    });
    const second = c.post({
      jsonrpc: '2.0',
      id: 'b',
      method: 'tools/call',
      params: { name: 'hold', arguments: { tag: 'b' } },
    });
    await Promise.all([held('a'), held('b')]);
    const third = await c.post(c.request('ping'));
    assert.equal(third.status, 429);
    await errorOf(third);
    release('a');
    assert.equal((await first).status, 200);
    const reused = await c.post({ jsonrpc: '2.0', id: 'b', method: 'ping' });
    assert.equal(reused.status, 409);
    release('b');
    assert.equal((await second).status, 200);
    assert.equal((await c.post(c.request('ping'))).status, 200);
  });

  it('closes a session idle for sessionIdleTimeoutMs, counting from its last request', async () => {
    const clock = new ManualClock();
    const { client, handler, server } = setup({ clock, sessionIdleTimeoutMs: 60_000 });
    const c = client();
    await c.initialize();
    const [serverSession] = server.sessions;
    clock.advance(59_000);
    assert.equal((await c.post(c.request('ping'))).status, 200);
    clock.advance(59_000);
    assert.equal(handler.sessionCount, 1, 'the ping restarted the idle time');
    clock.advance(1_000);
    assert.equal(handler.sessionCount, 0);
    assert.equal(serverSession?.closed, true);
    assert.equal((await c.post(c.request('ping'))).status, 404);
  });

  it('does not expire a session while requests wait, and does once the several it had at once are answered', async () => {
    const clock = new ManualClock();
    const { client, handler, held, release } = setup({ clock, sessionIdleTimeoutMs: 1_000 });
    const c = client();
    await c.initialize();
    const calls = ['x', 'y'].map((tag) =>
      c.post({ jsonrpc: '2.0', id: tag, method: 'tools/call', params: { name: 'hold', arguments: { tag } } }),
    );
    await Promise.all([held('x'), held('y')]);
    clock.advance(5_000);
    assert.equal(handler.sessionCount, 1, 'two requests wait');
    release('x');
    assert.equal((await calls[0])?.status, 200);
    clock.advance(5_000);
    assert.equal(handler.sessionCount, 1, 'one request still waits');
    release('y');
    assert.equal((await calls[1])?.status, 200);
    clock.advance(999);
    assert.equal(handler.sessionCount, 1);
    clock.advance(1);
    assert.equal(handler.sessionCount, 0, 'nothing waits any more: the session is idle');
  });

  it('does not expire a session while its GET stream is open', async () => {
    const clock = new ManualClock();
    const { client, handler } = setup({ clock, sessionIdleTimeoutMs: 1_000, keepAliveMs: 0 });
    const c = client();
    await c.initialize();
    const stream = await c.get();
    assert.equal(stream.status, 200);
    clock.advance(5_000);
    assert.equal(handler.sessionCount, 1);
    await stream.body?.cancel();
    clock.advance(999);
    assert.equal(handler.sessionCount, 1);
    clock.advance(1);
    assert.equal(handler.sessionCount, 0);
  });

  it('close() ends every session', async () => {
    const { client, handler, server } = setup();
    await client().initialize();
    await client().initialize();
    await handler.close();
    assert.equal(handler.sessionCount, 0);
    assert.equal(server.sessions.size, 0);
  });
});
