// The Streamable HTTP client transport against the official SDK's server on node:http:
// JSON and event-stream answers, the GET stream, server-to-client requests, resumption after
// the connection is cut mid-stream, a session the server ended, and DELETE on close.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { SessionExpiredError, StreamableHttpClientTransport } from '../../src/http/client/index.js';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import { within } from '../helpers/e2e.js';
import { deferred } from '../helpers/deferred.js';
import { recordingFetch, textOf } from '../helpers/recording-fetch.js';
import { startCuttingProxy } from '../helpers/http-client-proxy.js';
import { sdkHttpServerForSuite, startSdkHttpServer } from '../helpers/http-client-sdk-server.js';

const clientInfo = { name: 'http-client-test', version: '0.0.1' };
/** These tests are about the transport in the legacy era; the era probe has its own. */
const HANDSHAKE = { protocolVersion: '2025-11-25' } as const;
const LIMIT = 15_000;

for (const mode of ['event stream', 'JSON'] as const) {
  describe(`Streamable HTTP client, server answering with ${mode}`, () => {
    const server = sdkHttpServerForSuite({ jsonResponse: mode === 'JSON' });

    it('initializes, lists and calls tools, sending the session id and protocol version after initialize', async () => {
      const recorder = recordingFetch();
      const transport = new StreamableHttpClientTransport({ url: `${server.origin}/mcp`, fetch: recorder.fetch });
      const session = await within(new Client(clientInfo).connect(transport, HANDSHAKE), LIMIT, 'connect');
      try {
        assert.equal(session.serverInfo.name, 'sdk-http-fixture');
        assert.equal(session.protocolVersion, '2025-11-25');
        assert.ok(transport.sessionId && server.sessions().includes(transport.sessionId));
        assert.equal(transport.protocolVersion, '2025-11-25');

        const { tools } = await within(session.listTools(), LIMIT, 'tools/list');
        assert.deepEqual(tools.map((t) => t.name).sort(), ['ask', 'echo', 'gated', 'progress', 'roots', 'slow']);
        assert.equal(
          textOf(await within(session.callTool({ name: 'echo', arguments: { text: 'hi ✓' } }), LIMIT, 'echo')),
          'hi ✓',
        );

        const posts = recorder.exchanges.filter((e) => e.method === 'POST');
        const [first, ...later] = posts;
        assert.equal(first?.headers.get('accept'), 'application/json, text/event-stream');
        assert.equal(first?.headers.get('mcp-session-id'), null);
        assert.equal(first?.headers.get('mcp-protocol-version'), null);
        for (const post of later) {
          assert.equal(post.headers.get('mcp-session-id'), transport.sessionId);
          assert.equal(post.headers.get('mcp-protocol-version'), '2025-11-25');
          assert.equal(post.headers.get('content-type'), 'application/json');
        }
        const answers = posts.filter((e) => e.status === 200).map((e) => e.type.split(';')[0]);
        assert.ok(answers.length >= 3);
        for (const type of answers) assert.equal(type, mode === 'JSON' ? 'application/json' : 'text/event-stream');
        assert.deepEqual(
          posts.filter((e) => e.status === 202).length,
          1,
          'notifications/initialized is accepted with 202',
        );
      } finally {
        await session.close();
      }
    });

    it('ends the session with DELETE on close', async () => {
      const transport = new StreamableHttpClientTransport({ url: `${server.origin}/mcp` });
      const session = await within(new Client(clientInfo).connect(transport, HANDSHAKE), LIMIT, 'connect');
      const sessionId = transport.sessionId;
      assert.ok(sessionId && server.sessions().includes(sessionId));
      await within(session.close(), LIMIT, 'close');
      const deletes = server.requests.filter((r) => r.method === 'DELETE');
      assert.equal(deletes.at(-1)?.headers['mcp-session-id'], sessionId);
      assert.ok(!server.sessions().includes(sessionId));
      assert.equal(session.closed, true);
    });
  });
}

describe('Streamable HTTP client, streams', () => {
  const server = sdkHttpServerForSuite();

  it('delivers progress sent on the request’s event stream before the result', async () => {
    const session = await new Client(clientInfo).connect(
      new StreamableHttpClientTransport({ url: `${server.origin}/mcp` }),
      HANDSHAKE,
    );
    try {
      const seen: number[] = [];
      const result = await within(
        session.callTool({ name: 'progress', arguments: { n: 5 } }, { onprogress: (p) => seen.push(p.progress) }),
        LIMIT,
        'progress',
      );
      assert.equal(textOf(result), 'reported 5');
      assert.deepEqual(seen, [1, 2, 3, 4, 5]);
    } finally {
      await session.close();
    }
  });

  it('opens the GET stream after initialization and receives what the server sends unprompted on it', async () => {
    const recorder = recordingFetch();
    const transport = new StreamableHttpClientTransport({ url: `${server.origin}/mcp`, fetch: recorder.fetch });
    const session = await new Client(clientInfo).connect(transport, HANDSHAKE);
    try {
      const changed = deferred<void>();
      session.on('toolsListChanged', () => changed.resolve());
      await within(recorder.getStreamOpened, LIMIT, 'the GET stream to open');
      const get = recorder.exchanges.find((e) => e.method === 'GET');
      assert.equal(get?.headers.get('accept'), 'text/event-stream');
      assert.equal(get?.headers.get('mcp-session-id'), transport.sessionId);
      await server.announceToolsChanged();
      await within(changed.promise, LIMIT, 'notifications/tools/list_changed');
    } finally {
      await session.close();
    }
  });

  it('answers a request the server makes while handling a tool call', async () => {
    const client = new Client(clientInfo, { roots: [{ uri: 'file:///work/project', name: 'project' }] });
    const session = await client.connect(new StreamableHttpClientTransport({ url: `${server.origin}/mcp` }), HANDSHAKE);
    try {
      const result = await within(session.callTool({ name: 'roots', arguments: {} }), LIMIT, 'the roots tool');
      assert.deepEqual(JSON.parse(textOf(result)), [{ uri: 'file:///work/project', name: 'project' }]);
    } finally {
      await session.close();
    }
  });

  it('starts a new session after the server ended the old one (404), and goes on', async () => {
    const transport = new StreamableHttpClientTransport({ url: `${server.origin}/mcp` });
    const session = await new Client(clientInfo).connect(transport, HANDSHAKE);
    const first = transport.sessionId;
    await server.endSessions();
    const { tools } = await within(session.listTools(), LIMIT, 'tools/list after the session ended');
    assert.ok(tools.length > 0);
    assert.ok(transport.sessionId !== undefined && transport.sessionId !== first, 'a new session id');
    await session.close();
  });

  it('without renewal, fails every request with a clear error once the server ended the session (404)', async () => {
    const expired = deferred<SessionExpiredError>();
    const transport = new StreamableHttpClientTransport({
      url: `${server.origin}/mcp`,
      renewSession: false,
      onSessionExpired: (error) => expired.resolve(error),
    });
    const session = await new Client(clientInfo).connect(transport, HANDSHAKE);
    await server.endSessions();
    const failure = await within(session.listTools(), LIMIT, 'tools/list on an ended session').then(
      () => assert.fail('tools/list should fail'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof ConnectionClosedError, String(failure));
    assert.match((failure as Error).message, /session expired.*reconnect/i);
    const reported = await within(expired.promise, LIMIT, 'onSessionExpired');
    assert.ok(reported instanceof SessionExpiredError);
    assert.equal(reported.sessionId, transport.sessionId);
    await within(session.finished, LIMIT, 'the session to end');
    assert.equal(session.closed, true);
  });
});

describe('Streamable HTTP client, resumption', () => {
  it('resumes an event stream cut mid-way with Last-Event-ID, losing and repeating nothing', async () => {
    const server = await startSdkHttpServer({ resumable: true });
    const proxy = await startCuttingProxy(server.port);
    const recorder = recordingFetch();
    const transport = new StreamableHttpClientTransport({
      url: `${proxy.origin}/mcp`,
      fetch: recorder.fetch,
      reconnect: { initialDelayMs: 1, maxDelayMs: 50 },
      standaloneStream: false,
    });
    const session = await new Client(clientInfo).connect(transport, HANDSHAKE);
    try {
      const seen: number[] = [];
      const result = session.callTool(
        { name: 'gated', arguments: { before: 3, after: 4 } },
        {
          onprogress: ({ progress }) => {
            seen.push(progress);
            if (progress !== 3) return;
            // Three events are in; the server holds the rest until released.
            proxy.cut();
            server.release();
          },
        },
      );
      assert.equal(textOf(await within(result, LIMIT, 'the gated call')), 'gated done');
      assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7]);
      const resumes = recorder.exchanges.filter((e) => e.method === 'GET' && e.headers.has('last-event-id'));
      assert.ok(resumes.length >= 1, 'the stream was resumed with GET and Last-Event-ID');
      assert.equal(resumes[0]?.headers.get('mcp-session-id'), transport.sessionId);
      assert.equal(
        textOf(await within(session.callTool({ name: 'echo', arguments: { text: 'still here' } }), LIMIT, 'echo')),
        'still here',
      );
    } finally {
      await session.close();
      await proxy.close();
      await server.close();
    }
  });
});
