// OAuthClient's grants without a user, over real sockets against a small authorization server:
// client credentials with a secret, the JWT bearer grant of a workload's token (asked for
// afresh each time, never retried once refused), and enterprise-managed authorization (token
// exchange at an identity provider for an ID-JAG, then the JWT bearer grant of it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AuthorizationError,
  OAuthClient,
  clientCredentialsGrant,
  enterpriseManagedGrant,
  jwtBearerGrant,
  type AssertionContext,
} from '../../src/auth/index.js';
import { failed, ok, tokenRequests, oauthUpstream } from '../helpers/oauth-run.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-authorization-server.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const SECRET = 'a-secret-never-shown';

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('OAuthClient grants without a user', () => {
  const mcp = oauthUpstream();
  const run = mcp.run;

  /** An authorization server that knows `clients` (id to secret, `undefined` for none). */
  async function serverWith(
    clients: Record<string, string | undefined>,
    options: Parameters<typeof startScriptedServer>[0] = {},
  ): Promise<ScriptedServer> {
    const server = await startScriptedServer({ metadata: { registration_endpoint: undefined }, ...options });
    for (const [id, secret] of Object.entries(clients))
      server.clients.set(id, { client_id: id, ...(secret !== undefined && { client_secret: secret }) });
    return server;
  }

  describe('client credentials', () => {
    it('asks for a token as the client itself: HTTP Basic, the resource, the challenged scope', async () => {
      const server = await serverWith(
        { machine: SECRET },
        { grants: { client_credentials: (f, _id, issue) => [200, issue(f.get('scope') ?? '')] } },
      );
      try {
        const outcome = await run({
          server,
          challengeScope: 'mcp:read',
          oauth: { grant: clientCredentialsGrant({ clientId: 'machine', clientSecret: SECRET }) },
        });
        ok(outcome);
        assert.deepEqual(outcome.asked, []);
        const [request, ...more] = tokenRequests(outcome);
        assert.equal(more.length, 0);
        assert.equal(request!.headers.get('authorization'), basic('machine', SECRET));
        assert.deepEqual(form(request!.body), {
          grant_type: 'client_credentials',
          scope: 'mcp:read',
          resource: `${outcome.gate.url}`,
        });
        assert.ok(!outcome.asPaths.some((p) => p.includes('/register') || p.includes('/authorize')));
      } finally {
        await server.close();
      }
    });

    it('asks for a new token before the one it has expires, the server refusing nothing', async () => {
      const server = await serverWith(
        { machine: SECRET },
        {
          grants: {
            // As RFC 6749 §4.4.3 advises, no refresh token.
            client_credentials: (f, _id, issue) => [200, { ...issue(f.get('scope') ?? ''), refresh_token: undefined }],
          },
        },
      );
      let now = Date.now();
      try {
        const outcome = await run({
          server,
          oauth: { grant: clientCredentialsGrant({ clientId: 'machine', clientSecret: SECRET }), now: () => now },
          work: async (session) => {
            await session.listTools();
            now += 3600_000;
            await session.listTools();
          },
        });
        ok(outcome);
        assert.deepEqual(
          tokenRequests(outcome).map((r) => form(r.body).grant_type),
          ['client_credentials', 'client_credentials'],
        );
        const sent = outcome.gate.requests.filter((r) => r.path === '/mcp');
        assert.equal(sent.filter((r) => r.refused).length, 1, 'only the first request, without a token, is refused');
        assert.equal(new Set(sent.map((r) => r.authorization).filter(Boolean)).size, 2, 'the second token is used');
      } finally {
        await server.close();
      }
    });

    it('sends the secret in the body where the server takes only client_secret_post', async () => {
      const server = await serverWith(
        { machine: SECRET },
        {
          metadata: { registration_endpoint: undefined, token_endpoint_auth_methods_supported: ['client_secret_post'] },
          grants: { client_credentials: (_f, _id, issue) => [200, issue('')] },
        },
      );
      try {
        const outcome = await run({
          server,
          oauth: { grant: clientCredentialsGrant({ clientId: 'machine', clientSecret: SECRET }) },
        });
        ok(outcome);
        const [request] = tokenRequests(outcome);
        assert.equal(request!.headers.get('authorization'), null);
        assert.equal(form(request!.body).client_secret, SECRET);
      } finally {
        await server.close();
      }
    });

    it("fails with the server's error code, and never shows the secret", async () => {
      const server = await serverWith({ machine: 'another-secret' });
      try {
        const outcome = await run({
          server,
          oauth: { grant: clientCredentialsGrant({ clientId: 'machine', clientSecret: SECRET }) },
        });
        const error = failed(
          outcome,
          /client credentials grant at .*\/token failed: the server answered 401 "invalid_client"/,
        );
        assert.equal(error.step, 'token');
        assert.equal(error.oauthError, 'invalid_client');
        assert.ok(!error.message.includes(SECRET));
        assert.equal(tokenRequests(outcome).length, 1);
      } finally {
        await server.close();
      }
    });

    it('sends credentials bound to one authorization server to no other', async () => {
      const server = await serverWith({ machine: SECRET });
      try {
        const outcome = await run({
          server,
          oauth: {
            grant: clientCredentialsGrant({
              clientId: 'machine',
              clientSecret: SECRET,
              issuer: 'https://as.example.com',
            }),
          },
        });
        assert.equal(failed(outcome, /credentials are for another authorization server/).step, 'registration');
        assert.equal(tokenRequests(outcome).length, 0);
      } finally {
        await server.close();
      }
    });

    it('refuses a client that has nothing to authenticate with', () => {
      assert.throws(() => clientCredentialsGrant({ clientId: 'machine' }), /clientSecret or a privateKey/);
      assert.throws(
        () =>
          new OAuthClient({
            grant: clientCredentialsGrant({ clientId: 'machine', clientSecret: SECRET }),
            redirectUri: 'http://127.0.0.1:1/cb',
          }),
        /either a grant or authorize/,
      );
    });
  });

  describe('JWT bearer (workload identity)', () => {
    it('presents the JWT the application gives, read afresh for each token', async () => {
      let issued = 0;
      const contexts: AssertionContext[] = [];
      const server = await serverWith(
        { workload: undefined },
        {
          metadata: { registration_endpoint: undefined, token_endpoint_auth_methods_supported: ['none'] },
          grants: {
            [JWT_BEARER]: (f, _id, issue) =>
              // No refresh token: a new JWT is the way to a new token.
              f.get('assertion')?.startsWith('workload-jwt-')
                ? [200, { ...issue(''), refresh_token: undefined }]
                : [400, { error: 'invalid_grant' }],
          },
        },
      );
      try {
        const outcome = await run({
          server,
          oauth: {
            grant: jwtBearerGrant({
              client: { clientId: 'workload' },
              assertion: (context) => {
                contexts.push(context);
                return `workload-jwt-${++issued}`;
              },
            }),
          },
          work: async (session) => {
            await session.listTools();
            // The token is gone: the next request needs a new one, from a new JWT.
            server.revokeAccessTokens();
            await session.listTools();
          },
        });
        ok(outcome);
        const requests = tokenRequests(outcome).map((r) => form(r.body));
        assert.deepEqual(
          requests.map((r) => [r.grant_type, r.assertion, r.client_id]),
          [
            [JWT_BEARER, 'workload-jwt-1', 'workload'],
            [JWT_BEARER, 'workload-jwt-2', 'workload'],
          ],
        );
        assert.equal(requests[0]!.resource, `${outcome.gate.url}`);
        assert.deepEqual(contexts[0], { issuer: server.issuer, resource: `${outcome.gate.url}` });
      } finally {
        await server.close();
      }
    });

    it('fails at once on a refused grant: no second request, no other grant, no JWT in the message', async () => {
      const server = await serverWith(
        { workload: undefined },
        { grants: { [JWT_BEARER]: () => [400, { error: 'invalid_grant', error_description: 'expired' }] } },
      );
      try {
        const outcome = await run({
          server,
          oauth: { grant: jwtBearerGrant({ client: { clientId: 'workload' }, assertion: () => 'expired-jwt' }) },
        });
        const error = failed(outcome, /JWT bearer grant at .* failed: the server answered 400 "invalid_grant"/);
        assert.equal(error.oauthError, 'invalid_grant');
        assert.ok(!error.message.includes('expired-jwt'));
        assert.equal(tokenRequests(outcome).length, 1);
      } finally {
        await server.close();
      }
    });

    it('says so when the application gives no JWT', async () => {
      const server = await serverWith({ workload: undefined });
      try {
        const outcome = await run({
          server,
          oauth: {
            grant: jwtBearerGrant({
              client: { clientId: 'workload' },
              assertion: () => {
                throw new Error('the platform token file is missing');
              },
            }),
          },
        });
        failed(outcome, /Getting the JWT bearer assertion failed: the platform token file is missing/);
        assert.equal(tokenRequests(outcome).length, 0);
      } finally {
        await server.close();
      }
    });
  });

  describe('enterprise-managed authorization', () => {
    const ID_TOKEN = 'the-users-id-token';
    const JAG = 'an-id-jag';

    async function identityProvider(answer: (f: URLSearchParams) => [number, unknown]): Promise<ScriptedServer> {
      return serverWith({ 'idp-client': undefined }, { grants: { [TOKEN_EXCHANGE]: (f) => answer(f) } });
    }

    it('exchanges the ID token for an ID-JAG at the identity provider, then presents it', async () => {
      const idp = await identityProvider(() => [
        200,
        { access_token: JAG, issued_token_type: ID_JAG, token_type: 'N_A', expires_in: 300 },
      ]);
      const server = await serverWith(
        { 'mcp-client': SECRET },
        {
          grants: {
            [JWT_BEARER]: (f, _id, issue) =>
              f.get('assertion') === JAG ? [200, issue(f.get('scope') ?? '')] : [400, { error: 'invalid_grant' }],
          },
        },
      );
      try {
        const outcome = await run({
          server,
          challengeScope: 'mcp:read',
          oauth: {
            grant: enterpriseManagedGrant({
              client: { clientId: 'mcp-client', clientSecret: SECRET },
              identityProvider: { tokenEndpoint: `${idp.origin}/token`, client: { clientId: 'idp-client' } },
              subjectToken: () => ID_TOKEN,
            }),
          },
        });
        ok(outcome);
        const [exchange, ...moreExchanges] = idp.requests.filter((r) => r.url === '/token');
        assert.equal(moreExchanges.length, 0);
        assert.deepEqual(form(exchange!.body), {
          grant_type: TOKEN_EXCHANGE,
          requested_token_type: ID_JAG,
          audience: server.issuer,
          resource: `${outcome.gate.url}`,
          scope: 'mcp:read',
          subject_token: ID_TOKEN,
          subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
          client_id: 'idp-client',
        });
        const [grant] = tokenRequests(outcome);
        assert.equal(grant!.headers.get('authorization'), basic('mcp-client', SECRET));
        assert.deepEqual(form(grant!.body), {
          grant_type: JWT_BEARER,
          assertion: JAG,
          scope: 'mcp:read',
          resource: `${outcome.gate.url}`,
        });
      } finally {
        await idp.close();
        await server.close();
      }
    });

    it('presents nothing the identity provider did not issue as an ID-JAG', async () => {
      const idp = await identityProvider(() => [
        200,
        {
          access_token: 'an-access-token',
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
        },
      ]);
      const server = await serverWith({ 'mcp-client': SECRET });
      try {
        const outcome = await run({
          server,
          oauth: {
            grant: enterpriseManagedGrant({
              client: { clientId: 'mcp-client', clientSecret: SECRET },
              identityProvider: { tokenEndpoint: `${idp.origin}/token`, client: { clientId: 'idp-client' } },
              subjectToken: () => ID_TOKEN,
            }),
          },
        });
        const error = failed(outcome, /issued "urn:ietf:params:oauth:token-type:access_token", not an ID-JAG/);
        assert.ok(error instanceof AuthorizationError && !error.message.includes(ID_TOKEN));
        assert.equal(tokenRequests(outcome).length, 0);
      } finally {
        await idp.close();
        await server.close();
      }
    });

    it("fails with the identity provider's refusal", async () => {
      const idp = await identityProvider(() => [400, { error: 'access_denied' }]);
      const server = await serverWith({ 'mcp-client': SECRET });
      try {
        const outcome = await run({
          server,
          oauth: {
            grant: enterpriseManagedGrant({
              client: { clientId: 'mcp-client', clientSecret: SECRET },
              identityProvider: { tokenEndpoint: `${idp.origin}/token`, client: { clientId: 'idp-client' } },
              subjectToken: () => ID_TOKEN,
            }),
          },
        });
        const error = failed(
          outcome,
          /token exchange at the identity provider .* failed: the server answered 400 "access_denied"/,
        );
        assert.equal(error.oauthError, 'access_denied');
        assert.equal(tokenRequests(outcome).length, 0);
      } finally {
        await idp.close();
        await server.close();
      }
    });
  });
});
