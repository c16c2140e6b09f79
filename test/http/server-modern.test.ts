// Modern (2026-07-28) requests over Streamable HTTP: no session, the envelope in _meta, the
// answer on the request's own response, and nothing left behind.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createStreamableHttpHandler } from '../../src/http/index.js';
import { Server } from '../../src/server/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A gate a tool waits on until the test opens it, with the reason it was aborted, if it was. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let aborted!: (reason: unknown) => void;
  const abort = new Promise<unknown>((resolve) => (aborted = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  return { open, opened, aborted, abort, entered, inside };
}

function setup() {
  const server = new Server({ name: 'http-modern', version: '1' });
  const gates = new Map<string, ReturnType<typeof gate>>();
  server.tool(
    'wait',
    { inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] } },
    async ({ tag }, ctx) => {
      const g = gates.get(String(tag))!;
      ctx.signal.addEventListener('abort', () => g.aborted(ctx.signal.reason), { once: true });
      g.entered();
      await Promise.race([g.opened, g.abort]);
      return { content: [{ type: 'text', text: `released ${String(tag)}` }] };
    },
  );
  server.tool('steps', {}, async (_args, ctx) => {
    await ctx.progress(1, 2);
    await ctx.progress(2, 2);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const handler = createStreamableHttpHandler(server);
  const post = (body: ModernRequest, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    handler(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...standardHeaders(body),
          ...headers,
        },
        body: JSON.stringify(body),
        ...(signal && { signal }),
      }),
    );
  const gateFor = (tag: string) => {
    const g = gate();
    gates.set(tag, g);
    return g;
  };
  return { server, handler, post, gateFor };
}

interface ModernRequest {
  jsonrpc: '2.0';
  id: number | string;
  method: string;
  params: { name?: string; arguments?: Record<string, unknown>; _meta: Record<string, unknown> };
}

/** The headers the revision requires, mirrored from the body. */
function standardHeaders(body: ModernRequest): Record<string, string> {
  const headers: Record<string, string> = {
    'mcp-protocol-version': String(body.params._meta['io.modelcontextprotocol/protocolVersion']),
    'mcp-method': body.method,
  };
  if (body.params.name !== undefined) headers['mcp-name'] = body.params.name;
  return headers;
}

describe('modern requests over Streamable HTTP', () => {
  it('answers server/discover without a session and keeps none', async () => {
    const { server, post } = setup();
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      { 'mcp-protocol-version': '2026-07-28' },
    );
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('mcp-session-id'), null);
    const reply = (await response.json()) as { result: { supportedVersions: string[]; resultType: string } };
    assert.equal(reply.result.resultType, 'complete');
    assert.ok(reply.result.supportedVersions.includes('2026-07-28'));
    assert.equal(server.sessions.size, 0);
  });

  it("streams progress and the result on the request's own response", async () => {
    const { server, post } = setup();
    const response = await post({
      jsonrpc: '2.0',
      id: 'c',
      method: 'tools/call',
      params: { name: 'steps', _meta: { ...META, progressToken: 'p' } },
    });
    assert.equal(response.headers.get('content-type')?.startsWith('text/event-stream'), true);
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.length > 6)
      .map((line) => JSON.parse(line.slice(6)) as { method?: string; id?: string; result?: { resultType: string } });
    assert.deepEqual(
      events.map((e) => e.method ?? `result ${String(e.id)}`),
      ['notifications/progress', 'notifications/progress', 'result c'],
    );
    assert.equal(events[2]?.result?.resultType, 'complete');
    assert.equal(server.sessions.size, 0);
  });

  it('refuses a version header that disagrees with the body with -32020', async () => {
    const { post } = setup();
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: number } }).error.code, -32020);
  });

  it('answers an unsupported version in the body with -32022', async () => {
    const { post } = setup();
    const response = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' } },
    });
    const reply = (await response.json()) as { error: { code: number; data: { supported: string[] } } };
    assert.equal(reply.error.code, -32022);
    assert.deepEqual(reply.error.data.supported, ['2026-07-28']);
  });

  it('answers two requests of different clients that share an id, each with its own answer', async () => {
    const { server, post, gateFor } = setup();
    const first = gateFor('first');
    const second = gateFor('second');
    const call = (tag: string) =>
      post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'wait', arguments: { tag }, _meta: META } });
    const firstResponse = call('first');
    await first.inside;
    const secondResponse = call('second');
    await second.inside;
    second.open();
    const secondReply = (await (await secondResponse).json()) as {
      id: number;
      result: { content: Array<{ text: string }> };
    };
    assert.deepEqual([secondReply.id, secondReply.result.content[0]?.text], [7, 'released second']);
    first.open();
    const firstReply = (await (await firstResponse).json()) as {
      id: number;
      result: { content: Array<{ text: string }> };
    };
    assert.deepEqual([firstReply.id, firstReply.result.content[0]?.text], [7, 'released first']);
    assert.equal(server.sessions.size, 0);
  });

  it('cancels a request whose client leaves before the answer, and serves its id again', async () => {
    const { post, gateFor } = setup();
    const left = gateFor('left');
    const controller = new AbortController();
    const body = {
      jsonrpc: '2.0' as const,
      id: 3,
      method: 'tools/call',
      params: { name: 'wait', arguments: { tag: 'left' }, _meta: META },
    };
    const leaving = post(body, {}, controller.signal);
    await left.inside;
    controller.abort();
    const reason = await left.abort;
    assert.equal(
      String(reason),
      'RequestCancelledError: Request cancelled by the peer: the client closed its HTTP request',
    );
    assert.equal((await leaving).status, 499, 'no answer is given to a client that left');
    const next = gateFor('next');
    const again = post({ ...body, params: { ...body.params, arguments: { tag: 'next' } } });
    await next.inside;
    next.open();
    const reply = (await (await again).json()) as { id: number; result: { content: Array<{ text: string }> } };
    assert.deepEqual([reply.id, reply.result.content[0]?.text], [3, 'released next']);
  });
});
