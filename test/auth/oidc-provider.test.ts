// The verifiers against a real authorization server (oidc-provider, certified OpenID Connect
// and OAuth 2.1), on real sockets: it issues tokens for a resource (RFC 8707) with the client
// credentials grant, as JWT access tokens (RFC 9068) or opaque ones, and the MCP server checks
// them through its metadata, its JWK set and its introspection endpoint.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type RequestListener, type Server as NodeHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import {
  introspectionVerifier,
  jwtVerifier,
  type ResourceServerOptions,
  type TokenVerifier,
} from '../../src/auth/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { modernEnvelope, modernHeaders } from '../helpers/modern-post.js';

/** The part of oidc-provider used here (the package ships no types). */
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => { callback(): RequestListener };

async function loadProvider(): Promise<ProviderClass> {
  const name = 'oidc-provider';
  return ((await import(name)) as { default: ProviderClass }).default;
}

const APP = { id: 'mcp-app', secret: 'app-secret-value' };
const RS = { id: 'mcp-server', secret: 'server-secret-value' };

/** An authorization server on a free loopback port; `audience(resource)` says how it issues tokens for it. */
async function startAuthorizationServer(format: (resource: string) => 'jwt' | 'opaque') {
  const http: NodeHttpServer = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const Provider = await loadProvider();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: APP.id,
        client_secret: APP.secret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        scope: 'mcp files:write',
        // The only key is an ES256 one.
        id_token_signed_response_alg: 'ES256',
      },
      {
        client_id: RS.id,
        client_secret: RS.secret,
        grant_types: [],
        redirect_uris: [],
        response_types: [],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    scopes: ['mcp', 'files:write'],
    ttl: { ClientCredentials: 600 },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'as-key', alg: 'ES256', use: 'sig' }] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: 'mcp files:write',
          audience: resource,
          accessTokenFormat: format(resource),
          accessTokenTTL: 600,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  http.on('request', provider.callback());
  return {
    issuer,
    /** A token for `resource` with `scope`, through the client credentials grant. */
    async token(resource: string, scope: string): Promise<string> {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${APP.id}:${APP.secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
      });
      const body = (await response.json()) as { access_token?: string };
      assert.equal(response.status, 200, JSON.stringify(body));
      return body.access_token!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

function call(url: string, token: string, tool: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...modernHeaders('tools/call', tool), authorization: `Bearer ${token}` },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: tool, arguments: {}, _meta: modernEnvelope('oidc-test') },
    }),
  });
}

async function mcpServer(auth: Omit<ResourceServerOptions, 'verifier'>, verifier: TokenVerifier) {
  const server = new Server({ name: 'oidc', version: '1' });
  server.tool('whoami', {}, (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify({ client: ctx.auth?.clientId, scopes: ctx.auth?.scopes }) }],
  }));
  server.tool('write', { scopes: ['files:write'] }, () => ({ content: [{ type: 'text', text: 'written' }] }));
  return listen(server, { auth: { ...auth, verifier } });
}

describe('against oidc-provider', () => {
  let as: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let jwtServer: ListeningServer;
  let opaqueServer: ListeningServer;

  before(async () => {
    // The two MCP servers are on ports known only once they listen: the authorization server
    // decides each token's format when asked, by the resource's path.
    as = await startAuthorizationServer((resource) => (resource.endsWith('/opaque') ? 'opaque' : 'jwt'));
    jwtServer = await mcpServer(
      { authorizationServers: [as.issuer], scopes: ['mcp'] },
      jwtVerifier({ issuer: as.issuer, type: 'at+jwt' }),
    );
    opaqueServer = await mcpServer(
      { authorizationServers: [as.issuer], scopes: ['mcp'] },
      introspectionVerifier({ issuer: as.issuer, clientId: RS.id, clientSecret: RS.secret }),
    );
  });
  after(async () => {
    await jwtServer.close();
    await opaqueServer.close();
    await as.close();
  });

  it('accepts its JWT access tokens for this resource, found through its metadata and keys', async () => {
    const token = await as.token(jwtServer.url, 'mcp');
    const response = await call(jwtServer.url, token, 'whoami');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { result: { content: { text: string }[] } };
    assert.deepEqual(JSON.parse(body.result.content[0]!.text), { client: APP.id, scopes: ['mcp'] });
  });

  it('refuses its tokens for another resource, and asks for the scope a tool needs', async () => {
    const elsewhere = await as.token(`${jwtServer.url}/other`, 'mcp');
    const refused = await call(jwtServer.url, elsewhere, 'whoami');
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', /error="invalid_token".*not meant for this resource/);
    await refused.text();
    const narrow = await call(jwtServer.url, await as.token(jwtServer.url, 'mcp'), 'write');
    assert.equal(narrow.status, 403);
    assert.match(narrow.headers.get('www-authenticate') ?? '', /scope="mcp files:write"/);
    await narrow.text();
    const wide = await call(jwtServer.url, await as.token(jwtServer.url, 'mcp files:write'), 'write');
    assert.equal(wide.status, 200);
    await wide.text();
  });

  it('refuses an opaque token for another resource once introspection names its audience', async () => {
    const url = opaqueServer.url.replace(/\/mcp$/, '/opaque');
    // The opaque server's endpoint is /mcp; a token for its /opaque twin is opaque, but not for it.
    const foreign = await as.token(url, 'mcp');
    const refused = await call(opaqueServer.url, foreign, 'whoami');
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', /not meant for this resource/);
    await refused.text();
  });
});

describe('against oidc-provider, opaque tokens', () => {
  it('accepts an opaque token for this resource through introspection', async () => {
    const as = await startAuthorizationServer(() => 'opaque');
    const server = await mcpServer(
      { authorizationServers: [as.issuer], scopes: ['mcp'] },
      introspectionVerifier({ issuer: as.issuer, clientId: RS.id, clientSecret: RS.secret }),
    );
    try {
      const token = await as.token(server.url, 'mcp files:write');
      assert.doesNotMatch(token, /^eyJ/, 'an opaque token');
      const response = await call(server.url, token, 'write');
      assert.equal(response.status, 200, await response.clone().text());
      await response.text();
    } finally {
      await server.close();
      await as.close();
    }
  });
});
