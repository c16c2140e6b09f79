// The client's side of the modern revision's request headers, over real sockets: what the
// transport puts on each POST, the tool annotations it learns from tools/list (and the tools
// it drops for bad ones), refusals read from the body, and cancellation by closing the response.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { deferred } from '../helpers/deferred.js';
import { recordingFetch, textOf } from '../helpers/recording-fetch.js';

const clientInfo = { name: 'header-client', version: '1' };
const LIMIT = 15_000;
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

const ROUTE_SCHEMA = {
  type: 'object' as const,
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    priority: { type: 'integer', 'x-mcp-header': 'Priority' },
    verbose: { type: ['boolean', 'null'], 'x-mcp-header': 'Verbose' },
    query: { type: 'string' },
  },
};

describe('the HTTP client transport in the modern revision', () => {
  let running: ListeningServer;
  const cancelled = deferred<string>();
  const started = deferred<void>();
  before(async () => {
    const server = new Server({ name: 'headers', version: '1' });
    server.tool('route', { inputSchema: ROUTE_SCHEMA }, (args) => text(JSON.stringify(args)));
    server.tool('wait', {}, async (_args, ctx) => {
      started.resolve();
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      cancelled.resolve(String(ctx.signal.reason));
      return text('cancelled');
    });
    server.resource('file:///notes/ünïcode.txt', { name: 'notes' }, () => 'notes');
    running = await listen(server);
  });
  after(() => running.close());

  const connect = async (onError?: (error: Error) => void) => {
    const recorder = recordingFetch();
    const transport = new StreamableHttpClientTransport({ url: running.url, fetch: recorder.fetch });
    const client = new Client(clientInfo, onError ? { onError } : {});
    const session = await within(client.connect(transport, { protocolVersion: '2026-07-28' }), LIMIT, 'connect');
    return { session, recorder, transport };
  };

  it('sends the revision, the method and the name on every POST, and no session id', async () => {
    const { session, recorder } = await connect();
    try {
      assert.equal(session.protocolVersion, '2026-07-28');
      await session.readResource({ uri: 'file:///notes/ünïcode.txt' });
      const [discover, read] = recorder.exchanges;
      assert.equal(discover?.headers.get('mcp-protocol-version'), '2026-07-28');
      assert.equal(discover?.headers.get('mcp-method'), 'server/discover');
      assert.equal(discover?.headers.get('mcp-name'), null);
      assert.equal(read?.headers.get('mcp-method'), 'resources/read');
      assert.equal(
        read?.headers.get('mcp-name'),
        `=?base64?${Buffer.from('file:///notes/ünïcode.txt').toString('base64')}?=`,
      );
      assert.ok(recorder.exchanges.every((e) => e.method === 'POST' && e.headers.get('mcp-session-id') === null));
    } finally {
      await session.close();
    }
  });

  it('mirrors the arguments a listed tool annotates into Mcp-Param headers', async () => {
    const { session, recorder } = await connect();
    try {
      await session.listTools();
      const args = { region: 'us-west1', priority: 42, verbose: null, query: 'SELECT 1' };
      assert.equal(textOf(await session.callTool({ name: 'route', arguments: args })), JSON.stringify(args));
      const call = recorder.exchanges.at(-1);
      assert.equal(call?.status, 200);
      assert.equal(call?.headers.get('mcp-name'), 'route');
      assert.equal(call?.headers.get('mcp-param-region'), 'us-west1');
      assert.equal(call?.headers.get('mcp-param-priority'), '42');
      assert.equal(call?.headers.get('mcp-param-verbose'), null, 'null is not mirrored');
      assert.equal(call?.headers.get('mcp-param-query'), null, 'only annotated arguments are mirrored');
    } finally {
      await session.close();
    }
  });

  it('lists the tools again and retries once when a call is refused for its headers', async () => {
    const { session, recorder } = await connect();
    try {
      const args = { region: 'eu-central1', query: 'x' };
      // Never listed: the first call goes without Mcp-Param headers, and the server refuses it.
      assert.equal(textOf(await session.callTool({ name: 'route', arguments: args })), JSON.stringify(args));
      assert.deepEqual(
        recorder.exchanges
          .slice(1)
          .map((e) => [e.headers.get('mcp-method'), e.status, e.headers.get('mcp-param-region')]),
        [
          ['tools/call', 400, null],
          ['tools/list', 200, null],
          ['tools/call', 200, 'eu-central1'],
        ],
      );
    } finally {
      await session.close();
    }
  });

  it('relists and retries against an endpoint that answers with event streams too', async () => {
    const server = new Server({ name: 'headers-sse', version: '1' });
    server.tool('route', { inputSchema: ROUTE_SCHEMA }, (args) => text(JSON.stringify(args)));
    const streaming = await listen(server, { responseMode: 'sse' });
    const recorder = recordingFetch();
    const session = await new Client(clientInfo).connect(
      new StreamableHttpClientTransport({ url: streaming.url, fetch: recorder.fetch }),
      { protocolVersion: '2026-07-28' },
    );
    try {
      const args = { region: 'ap-south1' };
      assert.equal(textOf(await session.callTool({ name: 'route', arguments: args })), JSON.stringify(args));
      assert.deepEqual(
        recorder.exchanges.slice(1).map((e) => [e.headers.get('mcp-method'), e.status, e.type]),
        [
          ['tools/call', 400, 'application/json'],
          ['tools/list', 200, 'text/event-stream'],
          ['tools/call', 200, 'text/event-stream'],
        ],
      );
    } finally {
      await session.close();
      await streaming.close();
    }
  });

  it('gives a refusal in the body to the request as its error', async () => {
    const { session } = await connect();
    try {
      const failure = await session.request('tools/unknown', {}).then(
        () => assert.fail('should be refused'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof JsonRpcError);
      assert.equal(failure.code, -32601);
    } finally {
      await session.close();
    }
  });

  it('cancels a request by closing its response, without sending a notification', async () => {
    const { session, recorder } = await connect();
    try {
      const controller = new AbortController();
      const call = session.callTool({ name: 'wait', arguments: {} }, { signal: controller.signal });
      await within(started.promise, LIMIT, 'the tool to start');
      controller.abort(new Error('the user gave up'));
      await assert.rejects(call);
      await within(cancelled.promise, LIMIT, 'the server to see the cancellation');
      await session.listTools();
      // The aborted call never got a response; a notification POST would show up here.
      assert.deepEqual(
        recorder.exchanges.map((e) => e.headers.get('mcp-method')),
        ['server/discover', 'tools/list'],
      );
    } finally {
      await session.close();
    }
  });
});

describe('tools whose x-mcp-header annotations are invalid', () => {
  const seen: { method: string; headers: IncomingHttpHeaders }[] = [];
  let url: string;
  let close: () => Promise<void>;
  before(async () => {
    // A server of our own making: mcpkit refuses to register such tools.
    const tools = [
      {
        name: 'valid_tool',
        inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
      },
      {
        name: 'invalid_number_header',
        inputSchema: { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } },
      },
      {
        name: 'invalid_duplicate',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'string', 'x-mcp-header': 'a' } },
        },
      },
    ];
    const http = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const message = JSON.parse(body) as { id: number; method: string };
        seen.push({ method: message.method, headers: req.headers });
        const results: Record<string, unknown> = {
          'server/discover': {
            supportedVersions: ['2026-07-28'],
            capabilities: { tools: {} },
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'raw', version: '1' } },
          },
          'tools/list': { tools, ttlMs: 0, cacheScope: 'private' },
          'tools/call': { content: [] },
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: { resultType: 'complete', ...(results[message.method] as object) },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    close = () => new Promise((resolve) => http.close(() => resolve()));
  });
  after(() => close());

  it('are dropped from tools/list with a warning naming tool and property; the valid ones stay', async () => {
    const warnings: Error[] = [];
    const session = await new Client(clientInfo, { onError: (e) => warnings.push(e) }).connect(
      new StreamableHttpClientTransport({ url }),
      { protocolVersion: '2026-07-28' },
    );
    try {
      const { tools } = await session.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['valid_tool'],
      );
      assert.deepEqual(
        warnings.map((w) => w.message),
        [
          'Dropped tool "invalid_number_header" from tools/list: inputSchema property "score": x-mcp-header may only annotate a property of type string, integer or boolean, not "number"',
          'Dropped tool "invalid_duplicate" from tools/list: inputSchema property "b": x-mcp-header "a" repeats the one on "a": header names must be unique, ignoring case',
        ],
      );
      await session.callTool({ name: 'valid_tool', arguments: { region: 'r1' } });
      assert.equal(seen.at(-1)?.headers['mcp-param-region'], 'r1');
    } finally {
      await session.close();
    }
  });
});
