// The official SDK's Streamable HTTP client (@modelcontextprotocol/sdk) against our endpoint,
// over a real socket.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createStreamableHttpCore } from '../../src/http/index.js';
import { listen, toNodeListener, type ListeningServer } from '../../src/node/index.js';
import { within } from '../helpers/e2e.js';
import { until } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

const firstText = (result: unknown): string => (result as { content: { text: string }[] }).content[0]?.text ?? '';

describe('the official SDK Streamable HTTP client against our endpoint', () => {
  const fixture = createTestServer();
  let running: ListeningServer;
  const clients: SdkClient[] = [];

  before(async () => {
    running = await listen(fixture.server);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await running.close();
  });

  async function connect(): Promise<{ client: SdkClient; transport: StreamableHTTPClientTransport; errors: Error[] }> {
    const errors: Error[] = [];
    const client = new SdkClient({ name: 'sdk-http-client', version: '1.32.2' }, { capabilities: { elicitation: {} } });
    client.onerror = (error) => errors.push(error);
    client.setRequestHandler(ElicitRequestSchema, (request) => ({
      action: 'accept',
      content: { name: `SDK (asked: ${request.params.message})` },
    }));
    const transport = new StreamableHTTPClientTransport(new URL(running.url));
    clients.push(client);
    await within(client.connect(transport), 10_000, 'the SDK client to connect');
    return { client, transport, errors };
  }

  it('initializes, lists tools and calls one', async () => {
    const { client, transport } = await connect();
    assert.ok(transport.sessionId);
    assert.equal(transport.protocolVersion, '2025-11-25');
    assert.deepEqual(client.getServerVersion(), { name: 'http-fixture', version: '1.0.0' });
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['echo', 'count', 'ask', 'hold', 'log'],
    );
    assert.equal(firstText(await client.callTool({ name: 'echo', arguments: { text: 'hi SDK' } })), 'hi SDK');
  });

  it('receives progress on the call stream before the result', async () => {
    const { client } = await connect();
    const progress: number[] = [];
    const call = client.callTool({ name: 'hold', arguments: { tag: 'sdk-progress' } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    await within(
      until(() => progress.length > 0, 'progress to reach the SDK client'),
      10_000,
      'progress',
    );
    fixture.release('sdk-progress');
    assert.equal(firstText(await call), 'released sdk-progress');
    assert.deepEqual(progress, [1]);
  });

  it('answers a request from the server (elicitation) made while a call runs', async () => {
    const { client } = await connect();
    const result = await within(client.callTool({ name: 'ask', arguments: {} }), 10_000, 'the elicitation round trip');
    assert.equal(firstText(result), 'hello SDK (asked: What is your name?)');
  });

  it('fails its next call with 404 once the server ended the session', async () => {
    const { client, transport } = await connect();
    const sessionId = transport.sessionId;
    const session = [...fixture.server.sessions].at(-1);
    assert.ok(session);
    await session.close();
    assert.equal(session.closed, true);
    // SDK 1.32.2 does not start a new session by itself: the call fails with the 404.
    await assert.rejects(client.listTools(), (error: unknown) => {
      assert.ok(error instanceof StreamableHTTPError, String(error));
      assert.equal(error.code, 404);
      return true;
    });
    assert.equal(transport.sessionId, sessionId);
  });

  it('ends its session with DELETE', async () => {
    const { transport } = await connect();
    const before = running.core.sessionCount;
    await transport.terminateSession();
    assert.equal(transport.sessionId, undefined);
    assert.equal(running.core.sessionCount, before - 1);
  });
});

describe('the official SDK client polling a 2025-11-25 endpoint that closes streams early', () => {
  it('resumes the call stream with Last-Event-ID after the retry delay and gets the result', async () => {
    const fixture = createTestServer();
    const core = createStreamableHttpCore(fixture.server, { sseConnectionMaxMs: 20, sseRetryMs: 10 });
    const listener = toNodeListener(core);
    const resumptions: string[] = [];
    const httpServer = createServer((req, res) => {
      const lastEventId = req.headers['last-event-id'];
      if (req.method === 'GET' && typeof lastEventId === 'string') {
        resumptions.push(lastEventId);
        // The call may finish only once the client came back for it.
        fixture.release('polled');
      }
      listener(req, res);
    });
    httpServer.listen(0, '127.0.0.1');
    await once(httpServer, 'listening');
    const client = new SdkClient({ name: 'sdk-polling-client', version: '1.32.2' }, { capabilities: {} });
    try {
      await within(
        client.connect(
          new StreamableHTTPClientTransport(
            new URL(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`),
          ),
        ),
        10_000,
        'connect',
      );
      const result = await within(
        client.callTool({ name: 'hold', arguments: { tag: 'polled' } }, undefined, { onprogress: () => {} }),
        10_000,
        'the polled call',
      );
      assert.equal(firstText(result), 'released polled');
      assert.ok(
        resumptions.some((id) => id.startsWith('p')),
        `resumed a call stream: ${resumptions.join(', ')}`,
      );
    } finally {
      await client.close();
      await core.close();
      httpServer.closeAllConnections();
      httpServer.close();
    }
  });
});
