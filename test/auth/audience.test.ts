// The resource a token must be meant for is the one the server is, fixed when it starts
// (`auth.resource`, else the URL `listen` bound), never what a request's Host header says: a
// token minted for another server on this machine, or for a name the client chose, is refused
// whatever Host it comes with. Where the server cannot know its URL, it refuses to start
// without `auth.resource`. Real sockets, real JWTs; requests are written byte for byte, since
// an HTTP client would not send a Host of our choosing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerifier, parseChallenges, type ResourceServerOptions } from '../../src/auth/index.js';
import { createLegacySseCore, createStreamableHttpCore, createStreamableHttpHandler } from '../../src/http/index.js';
import { listen, type ListenOptions, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { TokenIssuer, type SigningKey } from '../helpers/token-issuer.js';
import { rawHttpRequest, sendRaw, type RawResponse } from '../helpers/raw-http.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const MODERN = '2026-07-28';
const META = modernEnvelope('audience-test');
const METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';
const NOT_FOR_THIS_RESOURCE = 'The access token is not meant for this resource (aud)';

let issuer: TokenIssuer;
let key: SigningKey;
before(async () => {
  ({ issuer, key } = await TokenIssuer.startWithKey());
});
after(() => issuer.close());

const auth = (extra: Partial<ResourceServerOptions> = {}): ResourceServerOptions => ({
  authorizationServers: [issuer.url],
  verifier: jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri }),
  ...extra,
});

/** A token of the issuer for `aud`. */
const tokenFor = (aud: string): Promise<string> => issuer.token(key, { sub: 'alice', aud });

/** A server whose one tool counts its runs. */
function counted(): { server: Server; runs: () => number } {
  let runs = 0;
  const server = new Server({ name: 'audience', version: '1' });
  server.tool('whoami', {}, (_args, ctx) => {
    runs++;
    return { content: [{ type: 'text', text: ctx.auth?.subject ?? 'nobody' }] };
  });
  return { server, runs: () => runs };
}

/** A modern `tools/call whoami`, written with `host` and, when given, `token`. */
function call(host: string, token?: string): string {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'whoami', arguments: {}, _meta: META },
  });
  return rawHttpRequest(
    'POST',
    '/mcp',
    [
      ['Host', host],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
      ['MCP-Protocol-Version', MODERN],
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 'whoami'],
      ...(token === undefined ? [] : [['Authorization', `Bearer ${token}`] as const]),
    ],
    body,
  );
}

/** The one challenge of a response, its parameters by name. */
function challenge(response: RawResponse): Record<string, string> {
  const header = response.headers['www-authenticate'];
  assert.equal(header?.length, 1, `one WWW-Authenticate on the ${response.status}`);
  const [only] = parseChallenges(header![0]!);
  return only!.params;
}

const portOf = (url: string): number => Number(new URL(url).port);

describe('listen without auth.resource: the URL it bound is the resource', () => {
  let ours: ListeningServer;
  let other: ListeningServer;
  let runs: () => number;
  before(async () => {
    const served = counted();
    runs = served.runs;
    ours = await listen(served.server, { legacySse: true, auth: auth() });
    // Another MCP server on this machine, taking tokens of the same issuer for itself.
    other = await listen(counted().server, { auth: auth() });
  });
  after(async () => {
    await ours.close();
    await other.close();
  });

  it("refuses a token minted for another port's server, sent with that server's Host", async () => {
    const otherPort = portOf(other.url);
    const theirs = await tokenFor(other.url);
    // The token is good where it belongs.
    const there = await sendRaw(otherPort, call(`127.0.0.1:${otherPort}`, theirs));
    assert.equal(there.status, 200, there.body);
    for (const [aud, host] of [
      [other.url, `127.0.0.1:${otherPort}`],
      [other.url.replace('127.0.0.1', 'localhost'), `localhost:${otherPort}`],
    ] as const) {
      const response = await sendRaw(portOf(ours.url), call(host, await tokenFor(aud)));
      assert.equal(response.status, 401, `${aud} with Host ${host}: ${response.body}`);
      assert.deepEqual(challenge(response), {
        error: 'invalid_token',
        error_description: NOT_FOR_THIS_RESOURCE,
        resource_metadata: ours.url.replace('/mcp', METADATA_PATH),
      });
    }
    assert.equal(runs(), 0, 'the tool never ran');
  });

  it('refuses such a token on the HTTP+SSE endpoint too', async () => {
    const otherPort = portOf(other.url);
    const request = rawHttpRequest('GET', '/sse', [
      ['Host', `127.0.0.1:${otherPort}`],
      ['Accept', 'text/event-stream'],
      ['Authorization', `Bearer ${await tokenFor(other.url)}`],
    ]);
    const response = await sendRaw(portOf(ours.url), request);
    assert.equal(response.status, 401);
    assert.equal(challenge(response).error_description, NOT_FOR_THIS_RESOURCE);
  });

  it('takes no loopback alias: a token for localhost at its own port is refused', async () => {
    const port = portOf(ours.url);
    const alias = ours.url.replace('127.0.0.1', 'localhost');
    const response = await sendRaw(port, call(`localhost:${port}`, await tokenFor(alias)));
    assert.equal(response.status, 401);
    assert.equal(challenge(response).error_description, NOT_FOR_THIS_RESOURCE);
    // A client that typed localhost is told the resource's own URL, which its token must name.
    const metadata = await sendRaw(port, rawHttpRequest('GET', METADATA_PATH, [['Host', `localhost:${port}`]]));
    assert.equal((JSON.parse(metadata.body) as { resource: string }).resource, ours.url);
  });

  it('takes its own token whatever loopback Host it comes with: the Host decides nothing', async () => {
    const response = await sendRaw(portOf(ours.url), call(`localhost:${portOf(other.url)}`, await tokenFor(ours.url)));
    assert.equal(response.status, 200, response.body);
    assert.equal(runs(), 1);
  });
});

describe('listen where the URL clients use cannot be known', () => {
  const refusals: [string, ListenOptions, RegExp][] = [
    ["allowedHosts ['*']", { allowedHosts: ['*'] }, /auth\.resource is required with allowedHosts \['\*'\]/],
    ['allowedHosts naming another host', { allowedHosts: ['mcp.example.com'] }, /naming mcp\.example\.com/],
    ['a wildcard for HTTP+SSE', { legacySse: { allowedHosts: ['*'] } }, /allowedHosts \['\*'\]/],
    ['all interfaces', { host: '0.0.0.0' }, /when listening on 0\.0\.0\.0, not a loopback address/],
    ['localhost', { host: 'localhost' }, /when listening on localhost/],
  ];
  for (const [what, options, message] of refusals) {
    it(`refuses to start without auth.resource with ${what}`, async () => {
      // A server that starts after all is closed, so a failing test ends.
      const outcome = await listen(counted().server, { ...options, auth: auth() }).then(
        (http) => http.close().then(() => 'it started'),
        (error: unknown) => error,
      );
      assert.ok(outcome instanceof TypeError, String(outcome));
      assert.match(outcome.message, message);
      assert.match(outcome.message, /Set it to the URL clients use to reach the MCP endpoint/);
    });
  }

  it('starts with loopback names in allowedHosts, and with auth.resource whatever the hosts', async () => {
    for (const options of [
      { allowedHosts: ['localhost', '127.0.0.1:3000', '[::1]'], auth: auth() },
      { allowedHosts: ['*'], auth: auth({ resource: 'https://mcp.example.com/mcp' }) },
      { allowedHosts: ['*'] },
    ]) {
      const http = await listen(counted().server, options);
      await http.close();
    }
  });
});

describe('listen with auth.resource and any Host allowed', () => {
  const resource = 'https://mcp.example.com/mcp';
  const metadataUrl = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
  let http: ListeningServer;
  let runs: () => number;
  before(async () => {
    const served = counted();
    runs = served.runs;
    http = await listen(served.server, { allowedHosts: ['*'], auth: auth({ resource }) });
  });
  after(() => http.close());

  it('refuses a token for the Host the request names', async () => {
    const response = await sendRaw(portOf(http.url), call('evil.example', await tokenFor('http://evil.example/mcp')));
    assert.equal(response.status, 401);
    assert.deepEqual(challenge(response), {
      error: 'invalid_token',
      error_description: NOT_FOR_THIS_RESOURCE,
      resource_metadata: metadataUrl,
    });
    assert.equal(runs(), 0);
  });

  it('names its resource in the metadata and the challenge whatever the Host', async () => {
    for (const host of ['evil.example', 'mcp.example.com', `127.0.0.1:${portOf(http.url)}`]) {
      const metadata = await sendRaw(portOf(http.url), rawHttpRequest('GET', METADATA_PATH, [['Host', host]]));
      assert.equal(metadata.status, 200, host);
      assert.equal((JSON.parse(metadata.body) as { resource: string }).resource, resource, host);
      const refused = await sendRaw(portOf(http.url), call(host));
      assert.equal(refused.status, 401);
      assert.equal(refused.headers['www-authenticate']?.[0], `Bearer resource_metadata="${metadataUrl}"`, host);
    }
  });

  it('takes a token for its resource', async () => {
    const response = await sendRaw(portOf(http.url), call('evil.example', await tokenFor(resource)));
    assert.equal(response.status, 200, response.body);
  });
});

describe('endpoints not made by listen', () => {
  const required = (error: unknown) => error instanceof TypeError && /^auth\.resource is required/.test(error.message);

  it('refuse auth without resource when they are made', async () => {
    const server = counted().server;
    // What gets made after all is closed, so a failing test ends.
    const made: { close(): Promise<void> }[] = [];
    try {
      assert.throws(() => made.push(createStreamableHttpHandler(server, { auth: auth() })), required);
      assert.throws(() => made.push(createStreamableHttpCore(server, { auth: auth() })), required);
      assert.throws(() => made.push(createLegacySseCore(server, { auth: auth() })), required);
    } finally {
      await Promise.all(made.map((endpoint) => endpoint.close()));
    }
  });

  it("check the fetch handler's tokens against its resource, not the URL the request names", async () => {
    const resource = 'https://mcp.example.com/mcp';
    const handler = createStreamableHttpHandler(counted().server, { allowedHosts: ['*'], auth: auth({ resource }) });
    try {
      const post = async (url: string, aud: string) =>
        handler(
          new Request(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'mcp-protocol-version': MODERN,
              'mcp-method': 'tools/call',
              'mcp-name': 'whoami',
              authorization: `Bearer ${await tokenFor(aud)}`,
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'whoami', _meta: META },
            }),
          }),
        );
      const foreign = await post('https://evil.example/mcp', 'https://evil.example/mcp');
      assert.equal(foreign.status, 401);
      await foreign.text();
      const own = await post('https://evil.example/mcp', resource);
      assert.equal(own.status, 200);
      await own.text();
      const metadata = await handler(new Request(`https://evil.example${METADATA_PATH}`));
      assert.equal(((await metadata.json()) as { resource: string }).resource, resource);
    } finally {
      await handler.close();
    }
  });
});
