// The server's side of the modern revision's request headers, over a real socket: the
// standard headers and the Mcp-Param-* headers checked against the body (400, -32020), the
// other statuses of the revision, and tools refused at registration for bad annotations.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { HeaderAnnotationError } from '../../src/protocol/tool-headers.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { missingClientCapability } from '../../src/protocol/modern.js';
import { Server } from '../../src/server/index.js';
import type { ToolInputSchema } from '../../src/types/tools.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const META = modernEnvelope('header-test');

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function headerServer(options: ConstructorParameters<typeof Server>[1] = {}): Server {
  const server = new Server({ name: 'headers', version: '1' }, options);
  server.tool(
    'route',
    {
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          priority: { type: 'integer', 'x-mcp-header': 'Priority' },
          dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
          target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
          query: { type: 'string' },
        },
      },
    },
    (args) => text(JSON.stringify(args)),
  );
  server.tool('needs-sampling', {}, () => {
    throw missingClientCapability({ sampling: {} }, 'Server requires the sampling capability for this request');
  });
  server.prompt('greet', {}, () => ({ messages: [] }));
  server.resource('file:///a b.txt', { name: 'spaced' }, () => 'x');
  return server;
}

interface Answer {
  status: number;
  body: {
    id?: unknown;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

let nextId = 1;

/** The request as a conforming client sends it: envelope in `_meta`, standard headers set. */
function modern(method: string, params: Record<string, unknown> = {}) {
  const body = { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: META } };
  const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
  const name = method === 'resources/read' ? params.uri : params.name;
  if (typeof name === 'string') headers['mcp-name'] = name;
  return { body, headers };
}

describe('request headers of the modern revision, on the server', () => {
  let running: ListeningServer;
  before(async () => {
    running = await listen(headerServer());
  });
  after(() => running.close());

  const post = async (body: unknown, headers: Record<string, string>): Promise<Answer> => {
    const response = await fetch(running.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const send = (request: ReturnType<typeof modern>, change: (headers: Record<string, string>) => void = () => {}) => {
    change(request.headers);
    return post(request.body, request.headers);
  };
  const assertMismatch = (answer: Answer, message: RegExp) => {
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error?.code, -32020);
    assert.match(answer.body.error.message, message);
  };
  const call = (args: Record<string, unknown>) => modern('tools/call', { name: 'route', arguments: args });

  it('serves a request whose headers mirror its body; header names in any case, values trimmed', async () => {
    const ok = await send(modern('tools/list'));
    assert.equal(ok.status, 200);
    assert.ok(Array.isArray(ok.body.result?.tools));
    const renamed = await send(modern('tools/list'), (h) => {
      h['MCP-METHOD'] = h['mcp-method']!;
      delete h['mcp-method'];
    });
    assert.equal(renamed.status, 200);
    const padded = await send(modern('prompts/get', { name: 'greet' }), (h) => (h['mcp-name'] = '  greet  '));
    assert.equal(padded.status, 200);
  });

  it('refuses a missing or different Mcp-Method, values compared case-sensitively', async () => {
    assertMismatch(await send(modern('tools/list'), (h) => delete h['mcp-method']), /Mcp-Method header is required/);
    assertMismatch(
      await send(modern('tools/list'), (h) => (h['mcp-method'] = 'prompts/list')),
      /Mcp-Method header value 'prompts\/list' does not match body value 'tools\/list'/,
    );
    assertMismatch(await send(modern('tools/list'), (h) => (h['mcp-method'] = 'TOOLS/LIST')), /does not match/);
  });

  it('refuses a missing or different version header, carrying the request id', async () => {
    const request = modern('tools/list');
    const missing = await send(request, (h) => delete h['mcp-protocol-version']);
    assertMismatch(missing, /MCP-Protocol-Version header is required/);
    assert.equal(missing.body.id, request.body.id);
  });

  it('checks Mcp-Name against params.name or params.uri, decoding the sentinel', async () => {
    assertMismatch(
      await send(modern('tools/call', { name: 'route', arguments: {} }), (h) => delete h['mcp-name']),
      /Mcp-Name header is required when the body has params.name/,
    );
    assertMismatch(
      await send(modern('tools/call', { name: 'route', arguments: {} }), (h) => (h['mcp-name'] = 'other')),
      /Mcp-Name header value 'other' does not match body value 'route'/,
    );
    const uri = 'file:///a b.txt';
    assert.equal((await send(modern('resources/read', { uri }))).status, 200);
    assert.equal(
      (await send(modern('resources/read', { uri }), (h) => (h['mcp-name'] = '=?base64?ZmlsZTovLy9hIGIudHh0?=')))
        .status,
      200,
    );
    assertMismatch(
      await send(modern('resources/read', { uri }), (h) => (h['mcp-name'] = 'file:///c.txt')),
      /params.uri|body value/,
    );
  });

  it('checks each annotated argument against its Mcp-Param header', async () => {
    const args = { region: 'us-west1', priority: 42, dry: false, target: { zone: 'Zürich' }, query: 'SELECT 1' };
    const mirrored = {
      'mcp-param-region': 'us-west1',
      'mcp-param-priority': '42',
      'mcp-param-dry-run': 'false',
      'mcp-param-zone': '=?base64?WsO8cmljaA==?=',
    };
    const ok = await send(call(args), (h) => Object.assign(h, mirrored));
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.result?.content, text(JSON.stringify(args)).content);
    assert.equal(
      (await send(call(args), (h) => Object.assign(h, mirrored, { 'mcp-param-priority': '42.0' }))).status,
      200,
      'numbers compare as numbers',
    );
    assert.equal((await send(call({ query: 'x' }))).status, 200, 'no annotated argument, no header expected');
    assert.equal((await send(call({ region: null, query: 'x' }))).status, 200, 'a null argument expects no header');

    assertMismatch(
      await send(call(args), (h) => Object.assign(h, mirrored, { 'mcp-param-region': 'eu-west1' })),
      /Mcp-Param-Region header value 'eu-west1' does not match body value 'us-west1'/,
    );
    assertMismatch(
      await send(call(args), (h) => {
        Object.assign(h, mirrored);
        delete h['mcp-param-zone'];
      }),
      /Mcp-Param-Zone header is required when the body has arguments.target.zone/,
    );
    assertMismatch(
      await send(call(args), (h) => Object.assign(h, mirrored, { 'mcp-param-dry-run': 'False' })),
      /Mcp-Param-Dry-Run/,
    );
    assertMismatch(
      await send(call(args), (h) => Object.assign(h, mirrored, { 'mcp-param-zone': '=?base64?WsO8cmljaA?=' })),
      /malformed Base64/,
    );
    assertMismatch(
      await send(call({ query: 'x' }), (h) => (h['mcp-param-region'] = 'us-west1')),
      /Mcp-Param-Region header is sent but arguments.region is absent/,
    );
    const unannotated = await send(call(args), (h) => Object.assign(h, mirrored, { 'mcp-param-query': 'anything' }));
    assert.equal(unannotated.status, 200, 'a header no annotation asks for is ignored');
  });

  it('refuses a header value with characters a header may not hold', async () => {
    const request = call({ region: 'x' });
    const answer = await new Promise<Answer>((resolve, reject) => {
      const body = JSON.stringify(request.body);
      const req = httpRequest(
        running.url,
        {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            ...request.headers,
            // node:http sends it as latin-1: the server sees a character above 0x7e.
            'mcp-param-region': 'r\u00e9gion',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    assertMismatch(answer, /invalid characters/);
  });

  it('answers with the statuses the transport gives the revision, each error with the request id', async () => {
    const unknown = modern('tools/unknown');
    const notFound = await send(unknown);
    assert.equal(notFound.status, 404);
    assert.equal(notFound.body.error?.code, -32601);
    assert.equal(notFound.body.id, unknown.body.id);
    for (const removed of ['initialize', 'ping', 'logging/setLevel']) {
      const answer = await send(modern(removed));
      assert.deepEqual([answer.status, answer.body.error?.code], [404, -32601], removed);
    }
    const future = modern('tools/list');
    future.body.params._meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const unsupported = await send(future, (h) => (h['mcp-protocol-version'] = '2099-01-01'));
    assert.deepEqual(
      [unsupported.status, unsupported.body.error?.code, unsupported.body.id],
      [400, -32022, future.body.id],
    );
    assert.deepEqual(unsupported.body.error?.data, { supported: ['2026-07-28'], requested: '2099-01-01' });
    const bare = await post(
      { jsonrpc: '2.0', id: 'bare', method: 'tools/list', params: {} },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    assert.deepEqual([bare.status, bare.body.error?.code, bare.body.id], [400, -32602, 'bare']);
    assert.match(bare.body.error?.message ?? '', /params._meta/);
    const capability = await send(modern('tools/call', { name: 'needs-sampling', arguments: {} }));
    assert.deepEqual([capability.status, capability.body.error?.code], [400, -32021]);
    const failedTool = await send(modern('tools/call', { name: 'missing', arguments: {} }));
    assert.deepEqual(
      [failedTool.status, failedTool.body.error?.code],
      [200, -32602],
      'other errors are answers like any other',
    );
  });

  it('ignores a session id on a request of the revision, and answers its GET and DELETE with 405', async () => {
    const answer = await send(modern('tools/list'), (h) => (h['mcp-session-id'] = 'no-such-session'));
    assert.equal(answer.status, 200);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(running.url, {
        method,
        headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28' },
      });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST');
      await response.body?.cancel();
    }
  });
});

describe('servers that speak only one era, over HTTP', () => {
  it('a server of the modern revision alone refuses GET and DELETE with 405', async () => {
    const running = await listen(headerServer({ versions: [] }));
    try {
      const response = await fetch(running.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
      assert.equal(response.status, 405);
      await response.body?.cancel();
    } finally {
      await running.close();
    }
  });

  it('a server with modern: false treats a modern request as a request without a session', async () => {
    const running = await listen(headerServer({ modern: false }));
    try {
      const { body, headers } = modern('server/discover');
      const response = await fetch(running.url, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as Answer['body']).error?.code, -32000);
    } finally {
      await running.close();
    }
  });
});

describe('refusals of the revision on an endpoint that answers with event streams', () => {
  it('go out as JSON with their status, and a version no revision has is answered with the supported list', async () => {
    const running = await listen(headerServer(), { responseMode: 'sse' });
    try {
      const post = async (body: unknown, headers: Record<string, string>) => {
        const response = await fetch(running.url, {
          method: 'POST',
          headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          body: (await response.json()) as Answer['body'],
        };
      };
      const { body, headers } = modern('tools/unknown');
      const unknown = await post(body, headers);
      assert.deepEqual([unknown.status, unknown.type, unknown.body.error?.code], [404, 'application/json', -32601]);
      const odd = {
        jsonrpc: '2.0',
        id: 301,
        method: 'server/discover',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      };
      const refused = await post(odd, { 'mcp-protocol-version': 'v999.0.0', 'mcp-method': 'server/discover' });
      assert.deepEqual([refused.status, refused.body.id, refused.body.error?.code], [400, 301, -32022]);
      assert.deepEqual(refused.body.error?.data, { supported: ['2026-07-28'], requested: 'v999.0.0' });
    } finally {
      await running.close();
    }
  });
});

describe('tools with x-mcp-header annotations, at registration', () => {
  it('refuses a tool whose annotations are invalid, naming the tool and the property', () => {
    const server = new Server({ name: 's', version: '1' });
    assert.throws(
      () =>
        server.tool(
          'bad',
          { inputSchema: { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } } },
          () => text(''),
        ),
      (error: unknown) =>
        error instanceof HeaderAnnotationError &&
        /^Tool "bad": inputSchema property "score": x-mcp-header may only annotate a property of type string, integer or boolean/.test(
          error.message,
        ),
    );
    assert.equal(server.toolDefinition('bad'), undefined);
  });

  it('refuses an update that would make them invalid, and keeps the tool as it was', () => {
    const server = new Server({ name: 's', version: '1' });
    const inputSchema: ToolInputSchema = {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    };
    const tool = server.tool('ok', { inputSchema }, () => text(''));
    assert.throws(
      () =>
        tool.update({
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } },
          },
        }),
      /Tool "ok": inputSchema property "b": x-mcp-header "x" repeats the one on "a"/,
    );
    assert.deepEqual(server.toolDefinition('ok')?.inputSchema, inputSchema);
  });
});
