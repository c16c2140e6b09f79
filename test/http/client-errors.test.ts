// How the Streamable HTTP client transport turns HTTP failures into the failure of the right
// request, against a scripted fetch: error statuses, odd answers, streams that end early or
// cannot be resumed, network errors, and DELETE on close.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import {
  HttpStatusError,
  StreamableHttpClientTransport,
  type FetchLike,
  type StreamableHttpClientOptions,
} from '../../src/http/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { within } from '../helpers/e2e.js';

const URL = 'http://fake.test/mcp';
const LIMIT = 10_000;

interface Seen {
  method: string;
  headers: Headers;
  body: Record<string, unknown> | undefined;
}

/** Answers `rpc` (the JSON-RPC method, or the HTTP method for GET and DELETE) for a request. */
type Script = (seen: Seen, rpc: string) => Response | Promise<Response> | undefined;

function scriptedFetch(script: Script): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (_url, init) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const entry: Seen = { method: init.method ?? 'GET', headers: new Headers(init.headers), body };
    seen.push(entry);
    const rpc = typeof body?.method === 'string' ? body.method : entry.method;
    const scripted = await script(entry, rpc);
    if (scripted) return scripted;
    if (rpc === 'initialize') {
      const result = {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'scripted', version: '1' },
      };
      return Response.json({ jsonrpc: '2.0', id: body?.id, result }, { headers: { 'mcp-session-id': 'session-1' } });
    }
    if (body && !('id' in body)) return new Response(null, { status: 202 });
    if (rpc === 'ping') return Response.json({ jsonrpc: '2.0', id: body?.id, result: {} });
    return new Response(null, { status: 405 });
  };
  return { fetch, seen };
}

const sse = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });

async function open(
  script: Script,
  options: Partial<StreamableHttpClientOptions> = {},
): Promise<{ session: ClientSession; seen: Seen[]; errors: Error[] }> {
  const { fetch, seen } = scriptedFetch(script);
  const errors: Error[] = [];
  const client = new Client({ name: 'errors-test', version: '0' }, { onError: (error) => errors.push(error) });
  const session = await within(
    client.connect(new StreamableHttpClientTransport({ url: URL, fetch, ...options })),
    LIMIT,
    'connect',
  );
  return { session, seen, errors };
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  return within(promise, LIMIT, 'the request to settle').then(
    () => assert.fail('the request should fail'),
    (error: unknown) => error as Error,
  );
}

describe('Streamable HTTP client errors', () => {
  it('fails a request whose POST is answered with an error status, naming status and body', async () => {
    const { session } = await open((_seen, rpc) => {
      if (rpc === 'tools/list')
        return Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'database on fire' } },
          { status: 500, statusText: 'Internal Server Error' },
        );
    });
    const failure = await failureOf(session.listTools());
    assert.ok(failure instanceof HttpStatusError);
    assert.equal(failure.status, 500);
    assert.equal(failure.message, `POST ${URL} answered 500 Internal Server Error: database on fire`);
    // Only that request failed: the session goes on.
    await within(session.ping(), LIMIT, 'ping');
    await session.close();
  });

  it('fails a request whose event stream ends before the response and cannot be resumed', async () => {
    const { session } = await open((_seen, rpc) => {
      if (rpc === 'tools/list') return sse(': no id, no response\n\n');
    });
    const failure = await failureOf(session.listTools());
    assert.ok(failure instanceof JsonRpcError);
    assert.equal(failure.code, -32000);
    assert.match(failure.message, /ended before the response, and gave no event id to resume from/);
    await session.close();
  });

  it('resumes with Last-Event-ID, and fails the request once the attempts are used up', async () => {
    const { session, seen } = await open(
      (entry, rpc) => {
        if (rpc === 'tools/list') return sse('id: ev-1\ndata: \n\n');
        if (rpc === 'GET' && entry.headers.has('last-event-id'))
          return new Response('overloaded', { status: 503, statusText: 'Service Unavailable' });
      },
      { reconnect: { initialDelayMs: 0, maxRetries: 3 }, standaloneStream: false },
    );
    const failure = await failureOf(session.listTools());
    assert.match(
      failure.message,
      /gave up reconnecting the event stream of .* after 3 attempts: GET .* answered 503 Service Unavailable: overloaded/,
    );
    const resumes = seen.filter((s) => s.method === 'GET');
    assert.equal(resumes.length, 3);
    for (const resume of resumes) {
      assert.equal(resume.headers.get('last-event-id'), 'ev-1');
      assert.equal(resume.headers.get('mcp-session-id'), 'session-1');
    }
    await session.close();
  });

  it('completes a request whose response arrives on the resumed stream', async () => {
    const { session, seen } = await open(
      (entry, rpc) => {
        if (rpc === 'tools/list') return sse('id: ev-1\nretry: 0\ndata: \n\n');
        if (rpc === 'GET' && entry.headers.get('last-event-id') === 'ev-1') {
          const request = seen.find((s) => s.body?.method === 'tools/list');
          return sse(
            `id: ev-2\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: request?.body?.id, result: { tools: [] } })}\n\n`,
          );
        }
      },
      { standaloneStream: false },
    );
    assert.deepEqual(await within(session.listTools(), LIMIT, 'tools/list'), { tools: [] });
    await session.close();
  });

  it('fails a request answered with neither JSON nor an event stream, or with JSON lacking its response', async () => {
    const { session } = await open((_seen, rpc) => {
      if (rpc === 'tools/list') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
      if (rpc === 'x/custom')
        return Response.json({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    });
    assert.match(
      (await failureOf(session.listTools())).message,
      /answered 200 with text\/html: expected JSON or an event stream/,
    );
    assert.match(
      (await failureOf(session.request('x/custom', {}))).message,
      /answered without a response to request \d+/,
    );
    await session.close();
  });

  it('names the cause of a network failure', async () => {
    const { session } = await open((_seen, rpc) => {
      if (rpc === 'tools/list')
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    });
    assert.equal(
      (await failureOf(session.listTools())).message,
      `POST ${URL} failed: fetch failed: connect ECONNREFUSED 127.0.0.1:9`,
    );
    await session.close();
  });

  it('asks for the GET stream once and takes 405 as "none"', async () => {
    const { session, seen, errors } = await open(() => undefined);
    await within(session.ping(), LIMIT, 'ping');
    await session.close();
    assert.equal(seen.filter((s) => s.method === 'GET').length, 1);
    assert.deepEqual(errors, []);
  });

  it('sends DELETE with the session id on close, and takes 405 as allowed', async () => {
    const { session, seen, errors } = await open(() => undefined, { standaloneStream: false });
    await session.close();
    const deletes = seen.filter((s) => s.method === 'DELETE');
    assert.equal(deletes.length, 1);
    assert.equal(deletes[0]?.headers.get('mcp-session-id'), 'session-1');
    assert.equal(deletes[0]?.headers.get('mcp-protocol-version'), '2025-11-25');
    assert.deepEqual(errors, []);
  });

  it('sends the application’s headers on every request, under its own', async () => {
    const { session, seen } = await open(() => undefined, {
      headers: () => ({ authorization: 'Bearer t0ken', accept: 'text/plain' }),
      standaloneStream: false,
    });
    await session.ping();
    await session.close();
    for (const entry of seen) assert.equal(entry.headers.get('authorization'), 'Bearer t0ken');
    assert.equal(seen[0]?.headers.get('accept'), 'application/json, text/event-stream');
  });
});
