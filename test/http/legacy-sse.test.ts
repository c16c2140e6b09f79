// The legacy HTTP+SSE transport (2024-11-05) on a real node:http server, driven by a raw client:
// the endpoint event, messages posted and answered on the stream, and every refusal.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  createLegacySseCore,
  type LegacySseCore,
  type LegacySseOptions,
} from '../../src/http/server/legacy-sse/index.js';
import type { Server } from '../../src/server/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { listen, type ListeningServer } from '../helpers/http-legacy-node-adapter.js';
import { openSse, postJson, send, type SseStream } from '../helpers/http-legacy-sse-reader.js';
import { createLegacyTestServer } from '../helpers/http-legacy-server.js';

interface Fixture {
  server: Server;
  core: LegacySseCore;
  http: ListeningServer;
}

async function start(options: LegacySseOptions = {}): Promise<Fixture> {
  const server = createLegacyTestServer();
  const core = createLegacySseCore(server, options);
  const http = await listen(core.handle);
  return { server, core, http };
}

interface OpenSession {
  stream: SseStream;
  postUrl: string;
  post(message: unknown): Promise<void>;
}

/** Opens the stream and reads the endpoint event. */
async function openSession(f: Fixture, path = '/sse'): Promise<OpenSession> {
  const stream = await openSse(`${f.http.url}${path}`);
  assert.equal(stream.status, 200);
  const endpoint = await stream.next('the endpoint event');
  assert.equal(endpoint.event, 'endpoint');
  const postUrl = new URL(endpoint.data, `${f.http.url}${path}`).href;
  return {
    stream,
    postUrl,
    async post(message) {
      const response = await postJson(postUrl, message);
      assert.equal(response.status, 202, response.body);
    },
  };
}

/** Opens a session and completes the handshake (2024-11-05 unless told), declaring roots. */
async function initialized(f: Fixture, protocolVersion = '2024-11-05'): Promise<OpenSession> {
  const session = await openSession(f);
  await session.post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion,
      capabilities: { roots: {} },
      clientInfo: { name: 'raw-legacy-client', version: '0.0.1' },
    },
  });
  const answer = await session.stream.nextMessage('the initialize result');
  assert.equal(answer.id, 0);
  assert.equal((answer.result as { protocolVersion: string }).protocolVersion, protocolVersion);
  await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return session;
}

const textOf = (message: Record<string, unknown>): string =>
  (message.result as { content: { text: string }[] }).content[0]?.text ?? '';

describe('the legacy HTTP+SSE endpoint', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await start();
  });
  afterEach(async () => {
    await f.core.close();
    await f.http.close();
  });

  it('opens a session whose first event is the POST endpoint', async () => {
    const stream = await openSse(`${f.http.url}/sse`);
    assert.equal(stream.status, 200);
    assert.equal(stream.headers['content-type'], 'text/event-stream');
    const first = await stream.next();
    assert.equal(first.event, 'endpoint');
    assert.match(
      first.data,
      /^\/messages\?sessionId=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    assert.equal(f.server.sessions.size, 1);
    assert.equal(f.core.sessionCount, 1);
    const other = await openSession(f);
    assert.notEqual(other.postUrl, new URL(first.data, f.http.url).href);
    assert.equal(f.server.sessions.size, 2);
    stream.close();
    other.stream.close();
  });

  it('answers initialize, tools/list and tools/call on the stream', async () => {
    const session = await initialized(f);
    await session.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const listed = await session.stream.nextMessage();
    assert.equal(listed.id, 1);
    assert.deepEqual(
      (listed.result as { tools: { name: string }[] }).tools.map((t) => t.name),
      ['echo', 'count', 'roots'],
    );

    await session.post({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'over SSE ✓' } },
    });
    const called = await session.stream.nextMessage();
    assert.equal(called.id, 2);
    assert.equal(textOf(called), 'over SSE ✓');
    session.stream.close();
  });

  it('passes batches through to the session', async () => {
    // The transport carries any revision; 2025-03-26 is the one that allows batches, and their
    // responses come back as one event holding an array.
    const session = await initialized(f, '2025-03-26');
    const batch = await postJson(session.postUrl, [
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } },
    ]);
    assert.equal(batch.status, 202);
    const event = await session.stream.next();
    const answers = JSON.parse(event.data) as { id: number }[];
    assert.deepEqual(answers.map((a) => a.id).sort(), [3, 4]);
    session.stream.close();
  });

  it('answers a malformed message on the stream, not in the POST response', async () => {
    const session = await initialized(f);
    await session.post({ jsonrpc: '2.0', id: 5 });
    const answer = await session.stream.nextMessage();
    assert.equal((answer.error as { code: number }).code, -32600);
    session.stream.close();
  });

  it('delivers progress notifications on the stream before the result', async () => {
    const session = await initialized(f);
    await session.post({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'count', arguments: { n: 3 }, _meta: { progressToken: 'p' } },
    });
    const progress: number[] = [];
    for (;;) {
      const message = await session.stream.nextMessage();
      if (message.method === 'notifications/progress') {
        const params = message.params as { progressToken: string; progress: number; total: number };
        assert.equal(params.progressToken, 'p');
        assert.equal(params.total, 3);
        progress.push(params.progress);
        continue;
      }
      assert.equal(message.id, 7);
      assert.equal(textOf(message), 'counted to 3');
      break;
    }
    assert.deepEqual(progress, [1, 2, 3]);
    session.stream.close();
  });

  it('sends server requests on the stream and takes their answers by POST', async () => {
    const session = await initialized(f);
    await session.post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'roots', arguments: {} } });
    const request = await session.stream.nextMessage('the roots/list request');
    assert.equal(request.method, 'roots/list');
    assert.ok(request.id !== undefined);
    const roots = [{ uri: 'file:///work', name: 'work' }];
    await session.post({ jsonrpc: '2.0', id: request.id, result: { roots } });
    const result = await session.stream.nextMessage('the tool result');
    assert.equal(result.id, 8);
    assert.deepEqual(JSON.parse(textOf(result)), roots);
    session.stream.close();
  });

  it('ends the session when the client drops the stream', async () => {
    const session = await initialized(f);
    const [serverSession] = f.server.sessions;
    assert.ok(serverSession);
    session.stream.close();
    await serverSession.finished;
    assert.equal(f.server.sessions.size, 0);
    assert.equal(f.core.sessionCount, 0);
    const late = await postJson(session.postUrl, { jsonrpc: '2.0', id: 9, method: 'ping' });
    assert.equal(late.status, 404);
  });

  it('ends the streams when the server or the endpoint closes its sessions', async () => {
    const first = await initialized(f);
    await f.server.close();
    await first.stream.ended;
    assert.equal(f.core.sessionCount, 0);
    const second = await openSession(f);
    await f.core.close();
    await second.stream.ended;
    assert.equal(f.server.sessions.size, 0);
  });

  it('refuses unknown and missing sessions, wrong content types, invalid JSON, wrong methods and paths', async () => {
    const session = await openSession(f);
    const unknown = await postJson(`${f.http.url}/messages?sessionId=00000000-0000-4000-8000-000000000000`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    assert.equal(unknown.status, 404);
    assert.equal((JSON.parse(unknown.body) as { error: { code: number } }).error.code, -32001);
    assert.equal((await postJson(`${f.http.url}/messages`, { jsonrpc: '2.0', id: 1, method: 'ping' })).status, 400);

    const wrongType = await send('POST', session.postUrl, '{}', { 'content-type': 'text/plain' });
    assert.equal(wrongType.status, 415);
    assert.equal((await send('POST', session.postUrl, '{}')).status, 415);
    assert.equal(
      (
        await send('POST', session.postUrl, '{"jsonrpc":"2.0","method":"x"}', {
          'content-type': 'Application/JSON; charset=utf-8',
        })
      ).status,
      202,
    );

    const invalid = await postJson(session.postUrl, '{"jsonrpc": "2.0", ');
    assert.equal(invalid.status, 400);
    assert.equal(invalid.headers['content-type'], 'application/json');
    const parseError = JSON.parse(invalid.body) as { id: null; error: { code: number } };
    assert.equal(parseError.id, null);
    assert.equal(parseError.error.code, -32700);

    const wrongMethod = await send('GET', session.postUrl);
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.allow, 'POST');
    assert.equal((await send('POST', `${f.http.url}/sse`, '{}', { 'content-type': 'application/json' })).status, 405);
    assert.equal((await send('GET', `${f.http.url}/elsewhere`)).status, 404);
    session.stream.close();
  });

  it('refuses a body over the default limit of 4 MiB with 413', async () => {
    const session = await openSession(f);
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { pad: 'a'.repeat(4 * 1024 * 1024) } });
    const response = await postJson(session.postUrl, big);
    assert.equal(response.status, 413);
    session.stream.close();
  });

  it('refuses foreign hosts and origins with 403', async () => {
    const port = new URL(f.http.url).port;
    const foreignOrigin = await send('GET', `${f.http.url}/sse`, undefined, { origin: 'https://evil.example' });
    assert.equal(foreignOrigin.status, 403);
    const rebound = await send('GET', `${f.http.url}/sse`, undefined, { host: `evil.example:${port}` });
    assert.equal(rebound.status, 403);
    const session = await openSession(f);
    const post = await postJson(
      session.postUrl,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { origin: 'https://evil.example' },
    );
    assert.equal(post.status, 403);
    const local = await postJson(
      session.postUrl,
      { jsonrpc: '2.0', method: 'x' },
      { origin: `http://localhost:${port}` },
    );
    assert.equal(local.status, 202);
    assert.equal(f.server.sessions.size, 1);
    session.stream.close();
  });
});

describe('legacy HTTP+SSE endpoint options', () => {
  const fixtures: Fixture[] = [];
  async function started(options: LegacySseOptions): Promise<Fixture> {
    const f = await start(options);
    fixtures.push(f);
    return f;
  }
  afterEach(async () => {
    for (const f of fixtures.splice(0)) {
      await f.core.close();
      await f.http.close();
    }
  });

  it('serves custom paths and body limits', async () => {
    const f = await started({ ssePath: '/legacy/events', messagesPath: '/legacy/post', maxBodyBytes: 100 });
    const session = await openSession(f, '/legacy/events');
    assert.match(session.postUrl, /\/legacy\/post\?sessionId=/);
    assert.equal(
      (await postJson(session.postUrl, { jsonrpc: '2.0', method: 'x', params: { pad: 'a'.repeat(100) } })).status,
      413,
    );
    assert.equal((await send('GET', `${f.http.url}/sse`)).status, 404);
    session.stream.close();
  });

  it('accepts the hosts and origins it is told to', async () => {
    const f = await started({ allowedHosts: ['mcp.example'], allowedOrigins: ['https://app.example'] });
    assert.equal((await send('GET', `${f.http.url}/sse`)).status, 403);
    const stream = await openSse(`${f.http.url}/sse`, { host: 'mcp.example', origin: 'https://app.example' });
    assert.equal(stream.status, 200);
    assert.equal((await stream.next()).event, 'endpoint');
    const other = await send('GET', `${f.http.url}/sse`, undefined, {
      host: 'mcp.example',
      origin: 'https://mcp.example',
    });
    assert.equal(other.status, 403);
    stream.close();
  });

  it('writes keep-alive comments on an idle stream', async () => {
    const clock = new ManualClock();
    const f = await started({ keepAliveMs: 1000, clock });
    const session = await openSession(f);
    clock.advance(999);
    clock.advance(1);
    assert.deepEqual(await session.stream.next('a keep-alive'), { event: ':', data: 'keep-alive' });
    clock.advance(1000);
    assert.deepEqual(await session.stream.next('another keep-alive'), { event: ':', data: 'keep-alive' });
    const [serverSession] = f.server.sessions;
    session.stream.close();
    await serverSession?.finished;
    assert.equal(clock.pending, 0);
  });
});
