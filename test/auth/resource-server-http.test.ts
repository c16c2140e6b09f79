// An MCP server over HTTP as an OAuth resource server, on real sockets: its Protected Resource
// Metadata, the 401, 400, 403 and 503 it answers (headers and bodies), scopes per tool,
// resource and prompt checked before anything runs, the principal in `ctx.auth` in both eras
// and over HTTP+SSE, sessions bound to whoever opened them, and `requestState` bound to the
// principal.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerifier, parseChallenges, type AuthInfo, type ResourceServerOptions } from '../../src/auth/index.js';
import { Client } from '../../src/client/index.js';
import { connectHttp, createStreamableHttpHandler } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { signingKey, TokenIssuer, type SigningKey } from '../helpers/token-issuer.js';
import { within } from '../helpers/e2e.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'auth-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const ACCEPT = 'application/json, text/event-stream';

interface Fixture {
  issuer: TokenIssuer;
  key: SigningKey;
  http: ListeningServer;
  /** Handler runs, by tool, resource or prompt. */
  runs: Map<string, number>;
  errors: Error[];
  /** A token for the endpoint, with `scope` and `sub`. */
  token(scope: string, sub?: string, claims?: Record<string, unknown>): Promise<string>;
}

function whoami(auth: AuthInfo | undefined): string {
  return JSON.stringify(auth && { sub: auth.subject, scopes: auth.scopes, iss: auth.issuer });
}

async function start(auth: Partial<ResourceServerOptions> = {}): Promise<Fixture> {
  const { issuer, key } = await TokenIssuer.startWithKey();
  const runs = new Map<string, number>();
  const ran = (what: string) => runs.set(what, (runs.get(what) ?? 0) + 1);
  const server = new Server({ name: 'protected', version: '1' });
  server.tool('whoami', {}, (_args, ctx) => {
    ran('whoami');
    return { content: [{ type: 'text', text: whoami(ctx.auth) }] };
  });
  server.tool('write', { scopes: ['files:write'] }, () => {
    ran('write');
    return { content: [{ type: 'text', text: 'written' }] };
  });
  server.tool('ask', {}, async (_args, ctx) => {
    ran('ask');
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return { content: [{ type: 'text', text: `hello ${String(answer.content?.name)}` }] };
  });
  server.resource('file:///secret', { name: 'secret', scopes: ['files:read'] }, () => {
    ran('secret');
    return 'the secret';
  });
  server.resourceTemplate('notes://{id}', { name: 'note', scopes: ['notes:read'] }, (_uri, { id }) => {
    ran('note');
    return `note ${id}`;
  });
  server.prompt('review', { scopes: ['prompts:use'] }, () => {
    ran('review');
    return 'Review this';
  });
  const errors: Error[] = [];
  const http = await listen(server, {
    legacySse: true,
    onError: (error) => errors.push(error),
    auth: {
      authorizationServers: [issuer.url],
      verifier: jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri }),
      scopes: ['mcp'],
      impliedScopes: { 'files:admin': ['files:write', 'files:read'] },
      ...auth,
    },
  });
  return {
    issuer,
    key,
    http,
    runs,
    errors,
    token: (scope, sub = 'alice', claims = {}) => issuer.token(key, { sub, scope, aud: http.url, ...claims }),
  };
}

async function stop(f: Fixture): Promise<void> {
  await f.http.close();
  await f.issuer.close();
}

/** A modern request, raw, with the headers the revision asks for. */
function modern(
  url: string,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const name = (params.name ?? params.uri) as string | undefined;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name !== undefined && { 'mcp-name': name }),
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: META } }),
  });
}

/** A legacy POST, raw. */
function legacy(url: string, token: string | undefined, body: unknown, session?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      ...(session !== undefined && { 'mcp-session-id': session, 'mcp-protocol-version': LEGACY }),
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** Opens a legacy session with `token`; its id. */
async function openSession(url: string, token: string): Promise<string> {
  const response = await legacy(url, token, INITIALIZE);
  assert.equal(response.status, 200, await response.clone().text());
  await response.text();
  const id = response.headers.get('mcp-session-id');
  assert.ok(id);
  const initialized = await legacy(url, token, { jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  assert.equal(initialized.status, 202);
  return id;
}

function metadataUrl(f: Fixture): string {
  return f.http.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
}

/** The one challenge of a response's WWW-Authenticate, its parameters by name. */
function challenge(response: Response): { scheme: string; params: Record<string, string> } {
  const header = response.headers.get('www-authenticate');
  assert.ok(header, `a WWW-Authenticate header on the ${response.status}`);
  const challenges = parseChallenges(header);
  assert.equal(challenges.length, 1, header);
  return challenges[0]!;
}

async function toolText(response: Response): Promise<string> {
  assert.equal(response.status, 200);
  const body = (await response.json()) as { result: { content: { text: string }[] } };
  return body.result.content[0]!.text;
}

describe('a resource server over HTTP', () => {
  let f: Fixture;
  before(async () => (f = await start()));
  after(() => stop(f));

  it('serves its Protected Resource Metadata at the well-known path of its endpoint, without a token', async () => {
    const response = await fetch(metadataUrl(f));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await response.json(), {
      resource: f.http.url,
      authorization_servers: [f.issuer.url],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp', 'files:write', 'files:read', 'notes:read', 'prompts:use'],
    });
    const root = await fetch(f.http.url.replace('/mcp', '/.well-known/oauth-protected-resource'));
    assert.equal(root.status, 404, 'the root document would describe another resource');
    await root.text();
  });

  it('names the URL it listens at as its resource, whatever host the client addressed', async () => {
    const url = metadataUrl(f).replace('127.0.0.1', 'localhost');
    const response = await fetch(url);
    assert.equal(((await response.json()) as { resource: string }).resource, f.http.url);
  });

  it('answers 401 with the metadata and the scopes every request needs to a request without a token', async () => {
    const expected = `Bearer resource_metadata="${metadataUrl(f)}", scope="mcp"`;
    const responses = [
      await modern(f.http.url, undefined, 'tools/list'),
      await legacy(f.http.url, undefined, INITIALIZE),
      await fetch(f.http.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'x' } }),
      await fetch(f.http.url, { method: 'DELETE', headers: { 'mcp-session-id': 'x' } }),
      await fetch(f.http.url.replace('/mcp', '/sse'), { headers: { accept: 'text/event-stream' } }),
      await fetch(f.http.url.replace('/mcp', '/messages?sessionId=x'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    ];
    for (const response of responses) {
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), expected);
      const body = (await response.json()) as { error: { code: number; message: string } };
      assert.equal(body.error.code, -32000);
      assert.match(body.error.message, /^Unauthorized/);
    }
  });

  it('never takes a token from the query string', async () => {
    const token = await f.token('mcp');
    const response = await modern(`${f.http.url}?access_token=${token}`, undefined, 'tools/list');
    assert.equal(response.status, 401);
    assert.equal(challenge(response).params.error, undefined);
    await response.text();
  });

  it('answers 401 invalid_token, saying why, for an expired, foreign, forged or misdirected token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string][] = [
      [await f.token('mcp', 'alice', { exp: now - 3600 }), 'The access token expired'],
      [
        await f.token('mcp', 'alice', { aud: 'http://127.0.0.1:1/mcp' }),
        'The access token is not meant for this resource (aud)',
      ],
      [
        await f.issuer.token(await signingKey('k1'), { aud: f.http.url, scope: 'mcp' }),
        'The access token signature does not verify',
      ],
      ['opaque-garbage', 'The access token is not a well-formed JWT'],
    ];
    for (const [token, description] of cases) {
      const response = await modern(f.http.url, token, 'tools/list');
      assert.equal(response.status, 401);
      const { scheme, params } = challenge(response);
      assert.equal(scheme, 'Bearer');
      assert.deepEqual(params, {
        error: 'invalid_token',
        error_description: description,
        scope: 'mcp',
        resource_metadata: metadataUrl(f),
      });
      const text = await response.text();
      assert.ok(!text.includes(token), 'the token is never echoed');
    }
  });

  it('answers 400 invalid_request to an Authorization header that holds no single token', async () => {
    const response = await modern(f.http.url, undefined, 'tools/list', {}, { authorization: 'Bearer a b' });
    assert.equal(response.status, 400);
    assert.equal(challenge(response).params.error, 'invalid_request');
    await response.text();
  });

  it('answers 403 insufficient_scope to a token without the scopes every request needs', async () => {
    const response = await modern(f.http.url, await f.token('files:write'), 'tools/list');
    assert.equal(response.status, 403);
    assert.deepEqual(challenge(response).params, {
      error: 'insufficient_scope',
      error_description: 'This request needs the scopes: mcp',
      scope: 'mcp',
      resource_metadata: metadataUrl(f),
    });
    await response.text();
  });

  it('answers 403 naming every scope a tool, resource, template or prompt needs, before it runs', async () => {
    const token = await f.token('mcp');
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['tools/call', { name: 'write', arguments: {} }, 'mcp files:write', 'write'],
      ['resources/read', { uri: 'file:///secret' }, 'mcp files:read', 'secret'],
      ['resources/read', { uri: 'notes://42' }, 'mcp notes:read', 'note'],
      ['prompts/get', { name: 'review' }, 'mcp prompts:use', 'review'],
    ];
    for (const [method, params, scope, what] of cases) {
      const response = await modern(f.http.url, token, method, params);
      assert.equal(response.status, 403, `${method} ${JSON.stringify(params)}`);
      const { params: challenged } = challenge(response);
      assert.equal(challenged.error, 'insufficient_scope');
      assert.equal(challenged.scope, scope);
      const body = (await response.json()) as { id: unknown; error: { message: string } };
      assert.equal(body.id, 7, 'the refusal answers the request by its id');
      assert.match(body.error.message, /^Forbidden: This request needs the scopes/);
      assert.equal(f.runs.get(what), undefined, `${what} never ran`);
    }
    // The scopes at last, and the handlers run.
    const granted = await f.token('mcp files:write files:read notes:read prompts:use');
    assert.equal(
      await toolText(await modern(f.http.url, granted, 'tools/call', { name: 'write', arguments: {} })),
      'written',
    );
    for (const [method, params] of cases.slice(1)) {
      assert.equal((await modern(f.http.url, granted, method, params)).status, 200);
    }
    assert.deepEqual([...f.runs.keys()].sort(), ['note', 'review', 'secret', 'write']);
  });

  it('counts the scopes a broader one implies', async () => {
    const token = await f.token('mcp files:admin');
    assert.equal(
      await toolText(await modern(f.http.url, token, 'tools/call', { name: 'write', arguments: {} })),
      'written',
    );
  });

  it('lists every tool, resource and prompt whatever the token may call', async () => {
    const token = await f.token('mcp');
    const tools = (await (await modern(f.http.url, token, 'tools/list')).json()) as {
      result: { tools: { name: string }[] };
    };
    assert.deepEqual(
      tools.result.tools.map((t) => t.name),
      ['whoami', 'write', 'ask'],
    );
    assert.ok(
      tools.result.tools.every((t) => !('scopes' in t)),
      'scopes are not part of a definition',
    );
    const resources = (await (await modern(f.http.url, token, 'resources/list')).json()) as {
      result: { resources: Record<string, unknown>[] };
    };
    assert.deepEqual(resources.result.resources, [{ uri: 'file:///secret', name: 'secret' }]);
  });

  it('hands handlers the principal in ctx.auth, in a modern request', async () => {
    const token = await f.token('mcp', 'carol');
    const text = await toolText(await modern(f.http.url, token, 'tools/call', { name: 'whoami', arguments: {} }));
    assert.deepEqual(JSON.parse(text), { sub: 'carol', scopes: ['mcp'], iss: f.issuer.url });
  });

  it('hands handlers the principal in ctx.auth, in a session and over HTTP+SSE, through the client', async () => {
    const token = await f.token('mcp', 'dave');
    for (const [url, transport] of [
      [f.http.url, 'streamable-http'],
      [f.http.url.replace('/mcp', '/sse'), 'sse'],
    ] as const) {
      const { session } = await connectHttp(new Client({ name: 'c', version: '1' }), url, {
        transport,
        era: 'legacy',
        eraCache: false,
        headers: { authorization: `Bearer ${token}` },
      });
      try {
        const result = await session.callTool({ name: 'whoami', arguments: {} });
        const text = (result.content[0] as { text: string }).text;
        assert.deepEqual(JSON.parse(text), { sub: 'dave', scopes: ['mcp'], iss: f.issuer.url }, transport);
      } finally {
        await session.close();
      }
    }
  });

  it('keeps a session to the principal that opened it: another user finds no such session', async () => {
    const alice = await f.token('mcp', 'alice');
    const mallory = await f.token('mcp', 'mallory');
    const session = await openSession(f.http.url, alice);
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } };
    const stolen = await legacy(f.http.url, mallory, call, session);
    assert.equal(stolen.status, 404);
    assert.equal(((await stolen.json()) as { error: { message: string } }).error.message, 'Session not found');
    const get = await fetch(f.http.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': session, authorization: `Bearer ${mallory}` },
    });
    assert.equal(get.status, 404);
    await get.text();
    const del = await fetch(f.http.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': session, authorization: `Bearer ${mallory}` },
    });
    assert.equal(del.status, 404);
    await del.text();
    // Alice's own next token (a refresh, more scopes) still reaches it.
    const refreshed = await f.token('mcp files:write', 'alice');
    assert.deepEqual(JSON.parse(await toolText(await legacy(f.http.url, refreshed, call, session))), {
      sub: 'alice',
      scopes: ['mcp', 'files:write'],
      iss: f.issuer.url,
    });
  });

  it('keeps an HTTP+SSE session to the principal that opened it', async () => {
    const alice = await f.token('mcp', 'alice');
    const controller = new AbortController();
    const stream = await fetch(f.http.url.replace('/mcp', '/sse'), {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${alice}` },
      signal: controller.signal,
    });
    try {
      assert.equal(stream.status, 200);
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('\n\n')) text += (await within(reader.read(), 5000, 'the endpoint event')).value ?? '';
      const endpoint = /data: (.*)/.exec(text)![1]!;
      const post = (token: string) =>
        fetch(new URL(endpoint, f.http.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(INITIALIZE),
        });
      const stolen = await post(await f.token('mcp', 'mallory'));
      assert.equal(stolen.status, 404);
      await stolen.text();
      const own = await post(alice);
      assert.equal(own.status, 202);
      await own.text();
    } finally {
      controller.abort();
    }
  });

  it('refuses a requestState replayed by another principal', async () => {
    const alice = await f.token('mcp', 'alice');
    const first = (await (await modern(f.http.url, alice, 'tools/call', { name: 'ask', arguments: {} })).json()) as {
      result: { requestState: string; inputRequests: Record<string, unknown> };
    };
    const requestState = first.result.requestState;
    assert.ok(requestState);
    const [key] = Object.keys(first.result.inputRequests);
    const retry = {
      name: 'ask',
      arguments: {},
      requestState,
      inputResponses: { [key!]: { action: 'accept', content: { name: 'Ada' } } },
    };
    const replayed = await modern(f.http.url, await f.token('mcp', 'mallory'), 'tools/call', retry);
    const refused = (await replayed.json()) as { error: { code: number; message: string } };
    assert.equal(refused.error.code, -32602);
    assert.match(refused.error.message, /issued to a different caller/);
    assert.equal(await toolText(await modern(f.http.url, alice, 'tools/call', retry)), 'hello Ada');
  });
});

describe('a resource server whose verifier fails', () => {
  it('answers 503 and reports the failure, never 401', async () => {
    const f = await start({
      verifier: () => {
        throw new Error('the authorization server is down');
      },
    });
    try {
      const response = await modern(f.http.url, 'any', 'tools/list');
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '5');
      assert.equal(response.headers.get('www-authenticate'), null);
      await response.text();
      assert.deepEqual(
        f.errors.map((e) => e.message),
        ['the authorization server is down'],
      );
    } finally {
      await stop(f);
    }
  });

  it("takes the application's own verdicts: an AuthInfo, a refusal, or nothing", async () => {
    const f = await start({
      verifier: (token) =>
        token === 'good'
          ? {
              issuer: 'me',
              subject: 'u',
              clientId: undefined,
              scopes: ['mcp'],
              audience: [],
              expiresAt: undefined,
              claims: {},
            }
          : undefined,
    });
    try {
      assert.equal(
        JSON.parse(await toolText(await modern(f.http.url, 'good', 'tools/call', { name: 'whoami', arguments: {} })))
          .sub,
        'u',
      );
      const bad = await modern(f.http.url, 'bad', 'tools/list');
      assert.equal(bad.status, 401);
      assert.equal(challenge(bad).params.error_description, 'The access token is not valid');
      await bad.text();
    } finally {
      await stop(f);
    }
  });
});

describe('a resource server with a configured resource', () => {
  it('serves the metadata at the path of that resource and checks tokens against it', async () => {
    const resource = 'https://mcp.example.com/tools/mcp';
    const f = await start({ resource });
    try {
      const path = f.http.url.replace('/mcp', '/.well-known/oauth-protected-resource/tools/mcp');
      assert.equal(((await (await fetch(path)).json()) as { resource: string }).resource, resource);
      const response = await modern(f.http.url, undefined, 'tools/list');
      assert.equal(
        challenge(response).params.resource_metadata,
        'https://mcp.example.com/.well-known/oauth-protected-resource/tools/mcp',
      );
      await response.text();
      const local = await modern(f.http.url, await f.token('mcp'), 'tools/list');
      assert.equal(local.status, 401, 'a token for the local URL is not for the configured resource');
      await local.text();
      const token = await f.issuer.token(f.key, { sub: 'a', scope: 'mcp', aud: resource });
      assert.equal((await modern(f.http.url, token, 'tools/list')).status, 200);
    } finally {
      await stop(f);
    }
  });
});

describe('the fetch handler as a resource server', () => {
  it('checks tokens for its configured resource and serves the metadata', async () => {
    const { issuer, key } = await TokenIssuer.startWithKey('k');
    const server = new Server({ name: 'fetch', version: '1' });
    server.tool('t', { scopes: ['x'] }, () => ({ content: [] }));
    const handler = createStreamableHttpHandler(server, {
      allowedHosts: ['mcp.example.com'],
      auth: {
        resource: 'https://mcp.example.com/mcp',
        authorizationServers: [issuer.url],
        verifier: jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri }),
      },
    });
    try {
      const metadata = await handler(new Request('https://mcp.example.com/.well-known/oauth-protected-resource/mcp'));
      assert.deepEqual(await metadata.json(), {
        resource: 'https://mcp.example.com/mcp',
        authorization_servers: [issuer.url],
        bearer_methods_supported: ['header'],
        scopes_supported: ['x'],
      });
      const token = await issuer.token(key, { aud: 'https://mcp.example.com/mcp', sub: 's', scope: 'x' });
      const response = await handler(
        new Request('https://mcp.example.com/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: ACCEPT,
            'mcp-protocol-version': MODERN,
            'mcp-method': 'tools/call',
            'mcp-name': 't',
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', _meta: META } }),
        }),
      );
      assert.equal(response.status, 200);
      await response.text();
    } finally {
      await handler.close();
      await issuer.close();
    }
  });
});
