// Machine clients end to end against a real authorization server (oidc-provider, in this
// process) and mcpkit's own resource server: the client credentials grant with a secret and
// with a private key (`private_key_jwt`), and DPoP-bound tokens, the authorization server
// demanding a nonce in every proof, the resource server checking each request's proof.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import {
  AuthorizationError,
  OAuthClient,
  clientCredentialsGrant,
  jwtVerifier,
  type OAuthGrant,
} from '../../src/auth/index.js';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';

const LIMIT = 20_000;
const SECRET = 'machine-secret-value';

type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => { callback(): RequestListener };

/** What went to the authorization server: path, status, and whether a proof came along. */
interface Seen {
  readonly path: string;
  readonly status: number;
  readonly proof: boolean;
  readonly body: URLSearchParams;
}

describe('machine clients against oidc-provider and mcpkit resource server', () => {
  let issuer: string;
  let http: ReturnType<typeof createServer>;
  let mcp: ListeningServer;
  let keys: CryptoKeyPair;

  before(async () => {
    keys = await generateKeyPair('ES256', { extractable: true });
    const { privateKey: signing } = await generateKeyPair('ES256', { extractable: true });
    http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const name = 'oidc-provider';
    const Provider = ((await import(name)) as { default: ProviderClass }).default;
    const common = { grant_types: ['client_credentials'], redirect_uris: [], response_types: [], scope: 'mcp' };
    const provider = new Provider(issuer, {
      clients: [
        { ...common, client_id: 'with-secret', client_secret: SECRET, id_token_signed_response_alg: 'ES256' },
        {
          ...common,
          client_id: 'with-key',
          token_endpoint_auth_method: 'private_key_jwt',
          token_endpoint_auth_signing_alg: 'ES256',
          id_token_signed_response_alg: 'ES256',
          jwks: { keys: [{ ...(await exportJWK(keys.publicKey)), alg: 'ES256', use: 'sig' }] },
        },
      ],
      scopes: ['mcp'],
      ttl: { ClientCredentials: 600 },
      jwks: { keys: [{ ...(await exportJWK(signing)), kid: 'as-key', alg: 'ES256', use: 'sig' }] },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        // Every proof must carry the server's nonce: the first always fails.
        dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true },
        resourceIndicators: {
          enabled: true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => ({
            scope: 'mcp',
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 600,
            jwt: { sign: { alg: 'ES256' } },
          }),
        },
      },
    });
    http.on('request', provider.callback());

    const server = new Server({ name: 'machine', version: '1' });
    server.tool('whoami', {}, (_args, ctx) => ({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ client: ctx.auth?.clientId, scopes: ctx.auth?.scopes, cnf: ctx.auth?.claims.cnf }),
        },
      ],
    }));
    mcp = await listen(server, {
      auth: {
        authorizationServers: [issuer],
        scopes: ['mcp'],
        verifier: jwtVerifier({ issuer, type: 'at+jwt' }),
        dpop: {},
      },
    });
  });
  after(async () => {
    await mcp.close();
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  });

  /** Connects with `grant` (and DPoP when asked), calls whoami, and says what the tool saw. */
  async function whoami(grant: OAuthGrant, dpop = false) {
    const seen: Seen[] = [];
    const auth = new OAuthClient({
      grant,
      dpop,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        seen.push({
          path: new URL(url).pathname,
          status: response.status,
          proof: new Headers(init.headers).has('dpop'),
          body: new URLSearchParams(
            typeof init.body === 'string' ? init.body : (init.body as URLSearchParams)?.toString(),
          ),
        });
        return response;
      },
    });
    const { session } = await within(
      connectHttp(new Client({ name: 'machine', version: '1' }), mcp.url, { eraCache: false, auth }),
      LIMIT,
      'connect',
    );
    try {
      const result = await within(session.callTool({ name: 'whoami', arguments: {} }), LIMIT, 'whoami');
      const text = (result.content[0] as { text: string }).text;
      return { saw: JSON.parse(text) as { client?: string; scopes?: string[]; cnf?: { jkt?: string } }, seen };
    } finally {
      await session.close();
    }
  }

  it('gets a token with a secret, for the resource and the scope the server asks for', async () => {
    const { saw, seen } = await whoami(clientCredentialsGrant({ clientId: 'with-secret', clientSecret: SECRET }));
    assert.deepEqual(saw, { client: 'with-secret', scopes: ['mcp'] });
    const token = seen.filter((s) => s.path === '/token');
    assert.equal(token.length, 1);
    assert.equal(token[0]!.body.get('resource'), mcp.url);
    assert.equal(token[0]!.body.get('scope'), 'mcp');
  });

  it('gets a token with a private key (PKCS#8 PEM, or a JWK) by private_key_jwt', async () => {
    const pem = await exportPKCS8(keys.privateKey);
    const fromPem = await whoami(clientCredentialsGrant({ clientId: 'with-key', privateKey: pem }));
    assert.equal(fromPem.saw.client, 'with-key');
    const [request] = fromPem.seen.filter((s) => s.path === '/token');
    assert.equal(request!.body.get('client_assertion_type'), 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const jwk = await exportJWK(keys.privateKey);
    assert.equal(
      (await whoami(clientCredentialsGrant({ clientId: 'with-key', privateKey: jwk }))).saw.client,
      'with-key',
    );
    assert.equal(
      (await whoami(clientCredentialsGrant({ clientId: 'with-key', privateKey: keys.privateKey }))).saw.client,
      'with-key',
    );
  });

  it('binds the token to its DPoP key, following the nonce the server demands', async () => {
    const { saw, seen } = await whoami(clientCredentialsGrant({ clientId: 'with-secret', clientSecret: SECRET }), true);
    assert.equal(saw.client, 'with-secret');
    assert.match(saw.cnf?.jkt ?? '', /^[\w-]{43}$/);
    // The first proof has no nonce and is refused; the second carries it.
    assert.deepEqual(
      seen.filter((s) => s.path === '/token').map((s) => [s.status, s.proof]),
      [
        [400, true],
        [200, true],
      ],
    );
  });

  it("fails with the server's error code and without the secret", async () => {
    const error = await whoami(clientCredentialsGrant({ clientId: 'with-secret', clientSecret: 'wrong-secret' })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof AuthorizationError, String(error));
    assert.equal(error.oauthError, 'invalid_client');
    assert.ok(!error.message.includes('wrong-secret'));
  });

  it('says which key does not fit, and shows none of it', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const error = await whoami(
      clientCredentialsGrant({
        clientId: 'with-key',
        privateKey: { key: await exportPKCS8(privateKey), algorithm: 'ES256' },
      }),
    ).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof AuthorizationError, String(error));
    assert.match(
      error.message,
      /private key of the client "with-key" cannot be used: it is not a PKCS#8 PEM key for ES256/,
    );
    assert.ok(!error.message.includes('PRIVATE KEY'));
  });
});
