// Tools whose results JSON cannot write (nested 10,000 or 100,000 levels deep, a cycle, a
// BigInt, a toJSON that throws, 20,000-deep arguments echoed back), called on a real server
// process over stdio, Streamable HTTP and HTTP+SSE, in both eras and in a 2025-03-26 batch.
// Each call is answered -32603 with its id, saying why, the rest of a batch as usual, and the
// server answers the next request.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, within } from '../helpers/e2e.js';
import { startHttpChild, type HttpChild } from '../helpers/http-child.js';
import { RawChild } from '../helpers/raw-child.js';
import { openSse } from '../helpers/http-legacy-sse-reader.js';
import { RawClient, readAnswer, SseReader } from '../helpers/http-streamable-client.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const MODERN = '2026-07-28';
const ENVELOPE = modernEnvelope('unwritable');
/** Stands for the deep value in arguments; `callText` puts it there. */
const DEEP = '<deep>';
const STACK = /^Maximum call stack size exceeded$/;

interface Case {
  tool: string;
  args: Record<string, unknown>;
  /** How deep the value {@link DEEP} stands for nests. */
  levels?: number;
  /** What JSON.stringify says about the result. */
  reason: RegExp;
  /** What the message says before the reason, when not the connection's own words. */
  prefix?: string;
  /** The call asks for progress, which goes before the answer (a stream, over HTTP). */
  progress?: boolean;
}

const CASES: readonly Case[] = [
  { tool: 'deep-result', args: { levels: 10_000 }, reason: STACK },
  { tool: 'deep-result', args: { levels: 100_000 }, reason: STACK },
  { tool: 'cycle', args: {}, reason: /^Converting circular structure to JSON --> .* closes the circle$/ },
  { tool: 'bigint', args: {}, reason: /^Do not know how to serialize a BigInt$/ },
  { tool: 'throwing-tojson', args: {}, reason: /^this value refuses to be written$/ },
  { tool: 'echo', args: { x: DEEP }, levels: 20_000, reason: STACK },
  {
    tool: 'deep-mirrored',
    args: { levels: 10_000 },
    reason: STACK,
    prefix: 'Tool deep-mirrored returned structuredContent that could not be serialized: ',
  },
  { tool: 'progress-then-deep', args: { levels: 10_000 }, reason: STACK, progress: true },
];

const INTERNAL = 'Internal error: the result could not be serialized: ';

/** A tools/call request as text, `DEEP` in its arguments replaced by a value `levels` deep. */
function callText(id: number, c: Case, modern: boolean): string {
  const meta = { ...(modern && ENVELOPE), ...(c.progress && { progressToken: `p${id}` }) };
  const params = { name: c.tool, arguments: c.args, ...(Object.keys(meta).length > 0 && { _meta: meta }) };
  const text = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
  const levels = c.levels ?? 0;
  return text.replace(`"${DEEP}"`, '{"a":'.repeat(levels) + '1' + '}'.repeat(levels));
}

type Reply = Record<string, unknown> & { error?: { code: number; message: string } };

/** Sends one request as text and returns its answer; `streamed` says whether it came on an event stream. */
type Send = (id: number, c: Case, text: string) => Promise<{ reply: Reply; streamed?: boolean }>;

/** Every case: -32603 with the id and the reason, and progress before the answer where asked. */
async function callEach(send: Send, modern: boolean, overHttp = false): Promise<void> {
  let id = 100;
  for (const c of CASES) {
    const { reply, streamed } = await send(++id, c, callText(id, c, modern));
    const what = `${c.tool} ${JSON.stringify(c.args)}: ${JSON.stringify(reply).slice(0, 300)}`;
    assert.equal(reply.id, id, what);
    assert.equal(reply.error?.code, -32603, what);
    const prefix = c.prefix ?? INTERNAL;
    const message = reply.error.message;
    assert.ok(message.startsWith(prefix), what);
    assert.match(message.slice(prefix.length), c.reason, what);
    if (overHttp) assert.equal(streamed, c.progress === true, `${what}: answered on a stream`);
  }
}

describe('results JSON cannot write, over stdio', () => {
  for (const version of ['2025-11-25', MODERN]) {
    it(`are answered -32603 with their ids in ${version}, and the server serves on`, async () => {
      const modern = version === MODERN;
      const child = new RawChild([fixture('deep-input-server')]);
      try {
        if (!modern) await child.initialize(version);
        await callEach(async (id, c, text) => {
          await child.write(`${text}\n`);
          const reply = (await child.response(id, 30_000)) as Reply;
          if (c.progress) {
            const progress = child.lines.findIndex((l) => l.includes(`"progressToken":"p${id}"`));
            const answer = child.lines.findIndex((l) => l.startsWith(`{"jsonrpc":"2.0","id":${id},`));
            assert.ok(progress !== -1 && progress < answer, 'progress goes before the answer');
          }
          return { reply };
        }, modern);
        const after = modern
          ? { jsonrpc: '2.0', id: 'after', method: 'server/discover', params: { _meta: ENVELOPE } }
          : { jsonrpc: '2.0', id: 'after', method: 'ping' };
        await child.send(after);
        assert.ok('result' in (await child.response('after')), child.stderr);
        assert.deepEqual(await child.endInput(), { code: 0, signal: null });
      } finally {
        child.kill();
      }
    });
  }

  it('in a 2025-03-26 batch, only the answers that cannot be written become -32603', async () => {
    const child = new RawChild([fixture('deep-input-server')]);
    try {
      await child.initialize('2025-03-26');
      await child.write(`${batchText()}\n`);
      await child.until(() => child.lines.some((l) => l.startsWith('[')), 'the batch answer', 30_000);
      checkBatch(JSON.parse(child.lines.find((l) => l.startsWith('['))!) as Reply[]);
      await child.send({ jsonrpc: '2.0', id: 'after', method: 'ping' });
      await child.response('after');
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
    } finally {
      child.kill();
    }
  });
});

/** A batch: a good call, a deep result, a notification, a cycle, and a good call again. */
function batchText(): string {
  const call = (id: number, tool: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: tool, arguments: args },
  });
  return JSON.stringify([
    call(1, 'depth', { x: [] }),
    call(2, 'deep-result', { levels: 10_000 }),
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'none', progress: 1 } },
    call(3, 'cycle'),
    call(4, 'depth', { x: {} }),
  ]);
}

function checkBatch(answers: Reply[]): void {
  assert.deepEqual(
    answers.map((a) => a.id),
    [1, 2, 3, 4],
  );
  assert.deepEqual(answers[0]!.result, { content: [{ type: 'text', text: 'x is 1 deep' }] });
  assert.deepEqual(answers[1]!.error, {
    code: -32603,
    message: `${INTERNAL}Maximum call stack size exceeded`,
  });
  assert.equal(answers[2]!.error?.code, -32603);
  assert.match(answers[2]!.error?.message ?? '', /^Internal error: the result could not be serialized: Converting/);
  assert.deepEqual(answers[3]!.result, { content: [{ type: 'text', text: 'x is 1 deep' }] });
}

describe('results JSON cannot write, over HTTP', () => {
  /** Sends on `client`, reading a JSON answer or the last message of an event stream. */
  const sender =
    (client: RawClient, modern: boolean): Send =>
    async (_id, c, text) => {
      const headers = modern
        ? { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': c.tool }
        : undefined;
      const response = await within(client.post(text, headers), 30_000, `the answer to ${c.tool}`);
      assert.equal(response.status, 200);
      const streamed = response.headers.get('content-type') === 'text/event-stream';
      if (!streamed) return { reply: (await response.json()) as Reply, streamed };
      const messages = await within(new SseReader(response).messages(), 30_000, `the stream of ${c.tool}`);
      assert.equal(messages[0]?.method, 'notifications/progress', 'progress goes before the answer');
      return { reply: messages.at(-1) as Reply, streamed };
    };

  /** Runs `body` against the fixture over HTTP, then checks the server still answers. */
  async function withServer(body: (http: HttpChild) => Promise<void>): Promise<void> {
    const http = await startHttpChild('deep-input-server');
    try {
      await body(http);
    } finally {
      await http.close();
    }
  }

  it('are answered -32603 with their ids in a 2025-11-25 session, the streamed one too', () =>
    withServer(async (http) => {
      const client = new RawClient((url, init) => fetch(url, init), http.url);
      await client.initialize('2025-11-25');
      await callEach(sender(client, false), false, true);
      const ping = await client.post({ jsonrpc: '2.0', id: 'after', method: 'ping' });
      assert.deepEqual(await readAnswer(ping), { jsonrpc: '2.0', id: 'after', result: {} }, http.stderr());
    }));

  it('are answered -32603 with their ids in 2026-07-28, the streamed one too', () =>
    withServer(async (http) => {
      const client = new RawClient((url, init) => fetch(url, init), http.url);
      await callEach(sender(client, true), true, true);
      const discover = await client.post(
        { jsonrpc: '2.0', id: 'after', method: 'server/discover', params: { _meta: ENVELOPE } },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' },
      );
      assert.ok('result' in ((await readAnswer(discover)) as Reply), http.stderr());
    }));

  it('in a 2025-03-26 batch, only the answers that cannot be written become -32603', () =>
    withServer(async (http) => {
      const client = new RawClient((url, init) => fetch(url, init), http.url);
      await client.initialize('2025-03-26');
      const response = await within(client.post(batchText()), 30_000, 'the batch answer');
      assert.equal(response.status, 200);
      checkBatch((await readAnswer(response)) as Reply[]);
    }));

  it('are answered -32603 with their ids over HTTP+SSE (2024-11-05)', () =>
    withServer(async (http) => {
      const origin = new URL(http.url).origin;
      const stream = await openSse(`${origin}/sse`);
      try {
        const endpoint = await stream.next('the endpoint event');
        assert.equal(endpoint.event, 'endpoint');
        const post = (text: string) =>
          fetch(new URL(endpoint.data, origin), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          }).then((r) => assert.equal(r.status, 202));
        await post(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'sse', version: '1' } },
          }),
        );
        assert.equal((await stream.nextMessage('the initialize answer')).id, 0);
        await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        // The one stream carries progress and answers alike: a message without the id is skipped.
        await callEach(async (id, _c, text) => {
          await post(text);
          let reply = await stream.nextMessage(`the answer to ${id}`);
          while (reply.id !== id) reply = await stream.nextMessage(`the answer to ${id}`);
          return { reply: reply as Reply };
        }, false);
        await post(JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' }));
        assert.deepEqual(await stream.nextMessage('the ping'), { jsonrpc: '2.0', id: 'after', result: {} });
      } finally {
        stream.close();
      }
    }));
});
