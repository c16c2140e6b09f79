// A request that carries twice a header that must occur once (Host, Authorization,
// Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID,
// DPoP) is answered 400 naming the header, before anything else is done with it: no token is
// checked, no body read (the POSTs below announce a body and never send it), no session looked
// up; on every path `listen` serves, in both eras. The requests go byte for byte over a socket:
// node:http keeps the first of some repeats and joins others, and an HTTP client merges them.
// The fetch front sees repeats joined, and tells apart what no single value can hold.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerifier, parseChallenges, type TokenVerifier } from '../../src/auth/index.js';
import { createStreamableHttpHandler } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { TokenIssuer, type SigningKey } from '../helpers/token-issuer.js';
import { RawClient } from '../helpers/http-streamable-client.js';
import { openSse, type SseStream } from '../helpers/http-legacy-sse-reader.js';
import { rawHttpRequest, sendRaw, type RawResponse } from '../helpers/raw-http.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const ACCEPT = 'application/json, text/event-stream';
const META = modernEnvelope('repeats');

type HeaderList = [string, string][];

type ProbeName = 'sessionPost' | 'sessionGet' | 'sessionDelete' | 'modernPost' | 'sseGet' | 'ssePost' | 'metadata';

/** One request the endpoint serves, as its headers, and its body when it has one. */
interface Probe {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly headers: HeaderList;
  readonly body?: string;
}

describe('a header that must occur once, repeated, at listen', () => {
  let issuer: TokenIssuer;
  let http: ListeningServer;
  let port: number;
  let token: string;
  let checks = 0;
  let runs = 0;
  let session: RawClient;
  let sse: SseStream;
  let messagesPath: string;

  before(async () => {
    let key: SigningKey;
    ({ issuer, key } = await TokenIssuer.startWithKey());
    const jwt = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri });
    const verifier: TokenVerifier = (presented, request) => {
      checks++;
      return jwt(presented, request);
    };
    const server = new Server({ name: 'repeats', version: '1' });
    server.tool('whoami', {}, (_args, ctx) => {
      runs++;
      return { content: [{ type: 'text', text: ctx.auth?.subject ?? 'nobody' }] };
    });
    http = await listen(server, { legacySse: true, auth: { authorizationServers: [issuer.url], verifier } });
    port = Number(new URL(http.url).port);
    token = await issuer.token(key, { sub: 'alice', aud: http.url });
    const withToken = (url: string, init: RequestInit) =>
      fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
    session = new RawClient(withToken, http.url);
    await session.initialize(LEGACY);
    sse = await openSse(http.url.replace('/mcp', '/sse'), { authorization: `Bearer ${token}` });
    messagesPath = (await sse.next('the endpoint event')).data;
  });
  after(async () => {
    sse.close();
    await http.close();
    await issuer.close();
  });

  const host = (): [string, string] => ['Host', `127.0.0.1:${port}`];
  const bearer = (): [string, string] => ['Authorization', `Bearer ${token}`];
  const call = (params: Record<string, unknown> = {}) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'whoami', arguments: {}, ...params },
    });
  const inSession = (): HeaderList => [
    host(),
    bearer(),
    ['Mcp-Session-Id', session.sessionId!],
    ['MCP-Protocol-Version', LEGACY],
  ];

  /** Every request of the endpoint, served as such when no header is repeated. */
  const probes = (): Record<ProbeName, Probe> => ({
    sessionPost: {
      what: `a ${LEGACY} session POST`,
      method: 'POST',
      path: '/mcp',
      headers: [...inSession(), ['Content-Type', 'application/json'], ['Accept', ACCEPT]],
      body: call(),
    },
    sessionGet: {
      what: `a ${LEGACY} session GET`,
      method: 'GET',
      path: '/mcp',
      headers: [...inSession(), ['Accept', 'text/event-stream']],
    },
    sessionDelete: { what: `a ${LEGACY} session DELETE`, method: 'DELETE', path: '/mcp', headers: inSession() },
    modernPost: {
      what: `a ${MODERN} POST`,
      method: 'POST',
      path: '/mcp',
      headers: [
        host(),
        bearer(),
        ['Content-Type', 'application/json'],
        ['Accept', ACCEPT],
        ['MCP-Protocol-Version', MODERN],
        ['Mcp-Method', 'tools/call'],
        ['Mcp-Name', 'whoami'],
      ],
      body: call({ _meta: META }),
    },
    sseGet: {
      what: 'an HTTP+SSE stream',
      method: 'GET',
      path: '/sse',
      headers: [host(), bearer(), ['Accept', 'text/event-stream']],
    },
    ssePost: {
      what: 'an HTTP+SSE message',
      method: 'POST',
      path: messagesPath,
      headers: [host(), bearer(), ['Content-Type', 'application/json']],
      body: call(),
    },
    metadata: {
      what: 'the Protected Resource Metadata',
      method: 'GET',
      path: '/.well-known/oauth-protected-resource/mcp',
      headers: [host()],
    },
  });

  /**
   * `probe` with `name` sent twice (`second` the other value; the probe's own value, or
   * `first`, comes first). A POST announces its body and never sends it.
   */
  function repeated(probe: Probe, name: string, second: string, first?: string): string {
    const headers: HeaderList = [];
    let added = false;
    for (const [header, value] of probe.headers) {
      headers.push([header, value]);
      if (header === name) {
        headers.push([name, second]);
        added = true;
      }
    }
    if (!added) headers.push([name, first ?? second], [name, second]);
    if (probe.body !== undefined) headers.push(['Content-Length', String(Buffer.byteLength(probe.body))]);
    return rawHttpRequest(probe.method, probe.path, headers);
  }

  /** Sends each of `probes` with `name` repeated; each is refused 400 naming it, and nothing was checked or run. */
  async function refusedEach(
    chosen: readonly Probe[],
    name: string,
    second: string,
    first?: string,
  ): Promise<RawResponse[]> {
    const before = { checks, runs };
    const responses: RawResponse[] = [];
    for (const probe of chosen) {
      const response = await sendRaw(port, repeated(probe, name, second, first));
      assert.equal(response.status, 400, `${probe.what} with ${name} twice: ${response.body}`);
      const body = JSON.parse(response.body) as { jsonrpc: string; id: unknown; error: { message: string } };
      assert.equal(body.jsonrpc, '2.0');
      assert.equal(body.id, null);
      assert.equal(body.error.message, `Bad Request: the ${name} header occurs more than once`, probe.what);
      responses.push(response);
    }
    assert.deepEqual({ checks, runs }, before, 'no token was checked and nothing ran');
    return responses;
  }

  it('serves each probe when no header is repeated', async () => {
    const p = probes();
    for (const probe of [p.sessionPost, p.modernPost, p.ssePost, p.metadata]) {
      const response = await sendRaw(port, rawHttpRequest(probe.method, probe.path, probe.headers, probe.body));
      assert.ok(
        response.status === 200 || response.status === 202,
        `${probe.what}: ${response.status} ${response.body}`,
      );
    }
    const stream = await session.get();
    assert.equal(stream.status, 200);
    await stream.body?.cancel();
    const opened = await openSse(http.url.replace('/mcp', '/sse'), { authorization: `Bearer ${token}` });
    assert.equal(opened.status, 200);
    opened.close();
  });

  it('answers 400 invalid_request with the challenge to two Authorization headers, a valid one first', async () => {
    for (const probe of Object.values(probes())) {
      const before = checks;
      const response = await sendRaw(port, repeated(probe, 'Authorization', 'Bearer garbage', `Bearer ${token}`));
      assert.equal(response.status, 400, `${probe.what}: ${response.body}`);
      const [challenge] = parseChallenges(response.headers['www-authenticate']?.[0] ?? '');
      assert.equal(challenge?.scheme, 'Bearer', probe.what);
      assert.deepEqual(challenge.params, {
        error: 'invalid_request',
        error_description: 'The Authorization header occurs more than once',
        resource_metadata: http.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'),
      });
      const body = JSON.parse(response.body) as { error: { message: string } };
      assert.equal(body.error.message, 'Bad Request: The Authorization header occurs more than once');
      assert.equal(checks, before, 'the token was not checked');
    }
  });

  it('answers 400 to two Host headers', async () => {
    await refusedEach(Object.values(probes()), 'Host', 'evil.example');
  });

  it('answers 400 to two Content-Type headers', async () => {
    const p = probes();
    await refusedEach([p.sessionPost, p.modernPost, p.ssePost], 'Content-Type', 'text/plain');
  });

  it('answers 400 to two Mcp-Session-Id headers, before looking either up', async () => {
    const p = probes();
    await refusedEach([p.sessionPost, p.sessionGet, p.sessionDelete], 'Mcp-Session-Id', 'no-such-session');
  });

  it('answers 400 to two MCP-Protocol-Version headers', async () => {
    const p = probes();
    await refusedEach([p.sessionPost, p.sessionGet, p.sessionDelete], 'MCP-Protocol-Version', '2025-06-18');
    await refusedEach([p.modernPost], 'MCP-Protocol-Version', MODERN);
  });

  it('answers 400 to two Mcp-Method headers', async () => {
    await refusedEach([probes().modernPost], 'Mcp-Method', 'tools/list');
  });

  it('answers 400 to two Mcp-Name headers', async () => {
    await refusedEach([probes().modernPost], 'Mcp-Name', 'whoami');
  });

  it('answers 400 to two Last-Event-ID headers', async () => {
    const p = probes();
    await refusedEach([p.sessionGet, p.sseGet], 'Last-Event-ID', 'b', 'a');
  });

  it('answers 400 to two DPoP headers', async () => {
    const p = probes();
    await refusedEach([p.sessionPost, p.modernPost, p.ssePost], 'DPoP', 'proof-b', 'proof-a');
  });

  it('loses nothing: the session and the HTTP+SSE stream still serve', async () => {
    assert.equal((await session.post(session.request('ping'))).status, 200);
    const posted = await sendRaw(port, rawHttpRequest('POST', messagesPath, probes().ssePost.headers, call()));
    assert.equal(posted.status, 202);
    assert.equal((await session.delete()).status, 200);
  });
});

describe('a header that must occur once, repeated, at the fetch handler', () => {
  const handler = createStreamableHttpHandler(new Server({ name: 'fetch-repeats', version: '1' }));
  after(() => handler.close());

  const post = (headers: [string, string][]) =>
    handler(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: [
          ['host', '127.0.0.1'],
          ['content-type', 'application/json'],
          ['accept', ACCEPT],
          ['mcp-protocol-version', MODERN],
          ['mcp-method', 'tools/list'],
          ...headers,
        ],
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }),
      }),
    );

  it('answers 400 to a repeat it can tell from a joined value', async () => {
    for (const [name, spelled, first, second] of [
      ['content-type', 'Content-Type', 'application/json', 'application/json'],
      ['mcp-protocol-version', 'MCP-Protocol-Version', MODERN, MODERN],
      ['mcp-session-id', 'Mcp-Session-Id', 'a', 'b'],
      ['dpop', 'DPoP', 'proof-a', 'proof-b'],
    ] as const) {
      const response = await post([
        [name, first],
        [name, second],
      ]);
      assert.equal(response.status, 400, name);
      const body = (await response.json()) as { error: { message: string } };
      assert.equal(body.error.message, `Bad Request: the ${spelled} header occurs more than once`);
    }
  });

  it('leaves a repeated Mcp-Method to the check against the body, which refuses it', async () => {
    const response = await post([['mcp-method', 'tools/list']]);
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { code: number } };
    assert.equal(body.error.code, -32020);
  });
});
