// connectHttp picks Streamable HTTP or falls back to the 2024-11-05 HTTP+SSE transport, here
// against the official SDK's servers of both; and the HTTP+SSE transport on its own.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { connectHttp, LegacySseClientTransport } from '../../src/http/client/index.js';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import { within } from '../helpers/e2e.js';
import { recordingFetch, textOf } from '../helpers/recording-fetch.js';
import { sdkHttpServerForSuite, startSdkHttpServer } from '../helpers/http-client-sdk-server.js';
import { messageReceiver } from '../helpers/receiver.js';

const clientInfo = { name: 'http-connect-test', version: '0.0.1' };
const LIMIT = 15_000;

describe('connectHttp', () => {
  const server = sdkHttpServerForSuite();

  it('uses Streamable HTTP when the server speaks it', async () => {
    const { session, kind, transport } = await within(
      connectHttp(new Client(clientInfo), `${server.origin}/mcp`),
      LIMIT,
      'connect',
    );
    try {
      assert.equal(kind, 'streamable-http');
      assert.equal(session.protocolVersion, '2025-11-25');
      assert.equal(textOf(await session.callTool({ name: 'echo', arguments: { text: 'new' } })), 'new');
      assert.ok(transport.url.endsWith('/mcp'));
    } finally {
      await session.close();
    }
  });

  it('falls back to HTTP+SSE when the POST of initialize is refused with 405', async () => {
    const recorder = recordingFetch();
    const url = `${server.origin}/sse`;
    const { session, kind, transport } = await within(
      connectHttp(new Client(clientInfo), url, { fetch: recorder.fetch }),
      LIMIT,
      'connect',
    );
    try {
      assert.equal(kind, 'sse');
      assert.ok(transport instanceof LegacySseClientTransport);
      assert.match(transport.endpoint ?? '', new RegExp(`^${server.origin}/messages\\?sessionId=`));
      // The modern probe and the initialize are both refused; then the old transport's GET.
      assert.deepEqual(
        recorder.exchanges.slice(0, 3).map((e) => [e.method, e.url, e.status]),
        [
          ['POST', url, 405],
          ['POST', url, 405],
          ['GET', url, 200],
        ],
      );
      const { tools } = await session.listTools();
      assert.ok(tools.some((t) => t.name === 'echo'));
      assert.equal(textOf(await session.callTool({ name: 'echo', arguments: { text: 'old' } })), 'old');
      const seen: number[] = [];
      await session.callTool({ name: 'progress', arguments: { n: 3 } }, { onprogress: (p) => seen.push(p.progress) });
      assert.deepEqual(seen, [1, 2, 3]);
    } finally {
      await session.close();
    }
  });

  it('tells its tap of the messages of each transport it tries', async () => {
    const seen: { direction: string; message: { method?: string; result?: Record<string, unknown> } }[] = [];
    const { session, kind } = await within(
      connectHttp(new Client(clientInfo), `${server.origin}/sse`, {
        // Nothing remembered of the endpoint: every attempt is made.
        eraCache: false,
        tap: (direction, message) => seen.push({ direction, message: message as (typeof seen)[number]['message'] }),
      }),
      LIMIT,
      'connect',
    );
    try {
      assert.equal(kind, 'sse');
      await session.listTools();
      const sent = seen.filter((s) => s.direction === 'sent').map((s) => s.message.method);
      // The probe and the handshake refused over Streamable HTTP, then the handshake over HTTP+SSE.
      assert.deepEqual(sent, [
        'server/discover',
        'initialize',
        'initialize',
        'notifications/initialized',
        'tools/list',
      ]);
      const results = seen.flatMap((s) =>
        s.direction === 'received' && s.message.result !== undefined ? [s.message.result] : [],
      );
      assert.ok(
        results.some((result) => typeof result.protocolVersion === 'string'),
        'the answer to initialize',
      );
      assert.ok(
        results.some((result) => Array.isArray(result.tools)),
        'the answer to tools/list',
      );
    } finally {
      await session.close();
    }
  });

  it('uses only the transport asked for', async () => {
    const failure = await connectHttp(new Client(clientInfo), `${server.origin}/sse`, {
      transport: 'streamable-http',
    }).then(
      () => assert.fail('should not connect'),
      (error: unknown) => error as Error,
    );
    assert.match(failure.message, /POST .*\/sse answered 405/);
    const { session, kind } = await connectHttp(new Client(clientInfo), `${server.origin}/sse`, { transport: 'sse' });
    assert.equal(kind, 'sse');
    await session.close();
  });

  it('says why when the URL serves neither transport', async () => {
    const failure = await connectHttp(new Client(clientInfo), `${server.origin}/nothing-here`).then(
      () => assert.fail('should not connect'),
      (error: unknown) => error as Error,
    );
    assert.ok(failure instanceof AggregateError);
    assert.match(
      failure.message,
      /neither a Streamable HTTP endpoint \(POST .* answered 404 Not Found: Not found\) nor an HTTP\+SSE endpoint \(GET .* answered 404/,
    );
  });
});

describe('LegacySseClientTransport', () => {
  it('ends the session with an error when the server closes the event stream', async () => {
    const server = await startSdkHttpServer();
    try {
      const transport = new LegacySseClientTransport({ url: `${server.origin}/sse` });
      const session = await new Client(clientInfo).connect(transport);
      await server.close();
      await within(session.finished, LIMIT, 'the session to end');
      const failure = await session.ping().then(
        () => assert.fail('ping should fail'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof ConnectionClosedError);
    } finally {
      await server.close();
    }
  });

  it('refuses an endpoint on another origin', async () => {
    const http = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: endpoint\ndata: http://elsewhere.example/messages\n\n');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    try {
      const transport = new LegacySseClientTransport({ url: `http://127.0.0.1:${port}/sse` });
      await assert.rejects(
        transport.start(messageReceiver(() => {})),
        /refused the endpoint http:\/\/elsewhere\.example\/messages, which is on another origin/,
      );
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
