// OAuthClient from registration to tokens, over real sockets against a small authorization
// server: the order of registration mechanisms and what a registration says, the authorization
// response checked before its code goes anywhere (RFC 9207 `iss`, `state`), the scopes asked
// for and asked for again (step-up), refresh, and an MCP server that moves to another
// authorization server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryAuthStore, OAuthClient, type AuthStore } from '../../src/auth/index.js';
import { Client } from '../../src/client/index.js';
import { connectHttp, HttpStatusError } from '../../src/http/index.js';
import { PRM_PATH, startGate } from '../helpers/bearer-gate.js';
import { failed, ok, REDIRECT, tokenRequests, oauthUpstream } from '../helpers/oauth-run.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-authorization-server.js';
import { within } from '../helpers/e2e.js';

const LIMIT = 15_000;

describe('OAuthClient', () => {
  const mcp = oauthUpstream();
  const run = mcp.run;
  const registrations = (as: ScriptedServer) => as.requests.filter((r) => r.url === '/register');

  describe('registration', () => {
    for (const [redirectUri, type] of [
      [REDIRECT, 'native'],
      ['http://localhost:9999/cb', 'native'],
      ['com.example.app:/oauth/callback', 'native'],
      ['https://app.example.com/oauth/callback', 'web'],
    ] as const) {
      it(`registers dynamically as a ${type} client for ${redirectUri}, asking for refresh tokens`, async () => {
        const outcome = await run({ oauth: { redirectUri, clientMetadata: { client_name: 'Test app' } } });
        ok(outcome);
        const [registration] = registrations(outcome.as);
        assert.deepEqual(JSON.parse(registration!.body), {
          client_name: 'Test app',
          redirect_uris: [redirectUri],
          response_types: ['code'],
          grant_types: ['authorization_code', 'refresh_token'],
          application_type: type,
          token_endpoint_auth_method: 'none',
        });
      });
    }

    it('keeps a registration under its issuer, and registers nothing the next time', async () => {
      const server = await startScriptedServer();
      const store = new MemoryAuthStore();
      try {
        ok(await run({ server, oauth: { store } }));
        // Another MCP server on the same authorization server, another client object.
        ok(await run({ server, oauth: { store } }));
        assert.equal(registrations(server).length, 1);
        assert.equal(server.authorizations.length, 2);
        assert.equal(
          server.authorizations[1]!.searchParams.get('client_id'),
          server.authorizations[0]!.searchParams.get('client_id'),
        );
      } finally {
        await server.close();
      }
    });

    it('registers again when the server no longer knows the client (invalid_client)', async () => {
      const server = await startScriptedServer();
      const store = new MemoryAuthStore();
      try {
        ok(await run({ server, oauth: { store } }));
        server.forgetClients();
        const outcome = await run({ server, oauth: { store } });
        ok(outcome);
        assert.equal(registrations(server).length, 2);
        // The code of the stale client was spent: the user is asked once more, then no more.
        assert.equal(outcome.asked.length, 2);
      } finally {
        await server.close();
      }
    });

    it('uses a client ID metadata document URL where the server takes one', async () => {
      const url = 'https://app.example.com/oauth/client.json';
      const outcome = await run({
        as: { metadata: { client_id_metadata_document_supported: true } },
        oauth: { clientMetadataUrl: url },
        hook: (authorizeUrl, as) => {
          // The server would fetch the document; this one takes the client as it is.
          as.clients.set(url, { client_id: url });
          return as.authorize(authorizeUrl);
        },
      });
      ok(outcome);
      assert.equal(outcome.asked[0]!.searchParams.get('client_id'), url);
      assert.equal(registrations(outcome.as).length, 0);
      assert.equal(new URLSearchParams(tokenRequests(outcome)[0]!.body).get('client_id'), url);
    });

    it('uses pre-registered credentials first, authenticating as the server lists (client_secret_basic)', async () => {
      const server = await startScriptedServer({
        metadata: { token_endpoint_auth_methods_supported: ['client_secret_basic'] },
      });
      server.clients.set('pre-registered-client', {
        client_id: 'pre-registered-client',
        client_secret: 'pre-registered-secret',
      });
      try {
        const outcome = await run({
          server,
          oauth: { client: { clientId: 'pre-registered-client', clientSecret: 'pre-registered-secret' } },
        });
        ok(outcome);
        assert.equal(registrations(server).length, 0);
        const [token] = tokenRequests(outcome);
        const basic = Buffer.from(/^Basic (.+)$/.exec(token!.headers.get('authorization') ?? '')![1]!, 'base64');
        // Form-encoded, as RFC 6749 §2.3.1 says: dashes stay dashes.
        assert.equal(basic.toString(), 'pre-registered-client:pre-registered-secret');
        assert.equal(new URLSearchParams(token!.body).has('client_secret'), false);
      } finally {
        await server.close();
      }
    });

    it('sends pre-registered credentials bound to another issuer nowhere else', async () => {
      const outcome = await run({
        oauth: { client: { clientId: 'elsewhere', clientSecret: 'secret', issuer: 'https://other-as.example.com' } },
      });
      ok(outcome);
      assert.equal(registrations(outcome.as).length, 1);
      assert.ok(outcome.as.requests.every((r) => !r.url.includes('elsewhere') && !r.body.includes('elsewhere')));
      assert.ok(
        outcome.as.requests.every((r) => !(r.headers.get('authorization') ?? '').startsWith('Basic ZWxzZXdoZXJl')),
      );
    });
  });

  describe('the authorization response', () => {
    const cases = [
      { advertised: true, iss: 'correct', accepted: true },
      { advertised: true, iss: 'absent', accepted: false },
      { advertised: true, iss: 'wrong', accepted: false },
      { advertised: true, iss: 'slash', accepted: false },
      { advertised: false, iss: 'correct', accepted: true },
      { advertised: false, iss: 'absent', accepted: true },
      { advertised: false, iss: 'wrong', accepted: false },
      { advertised: false, iss: 'slash', accepted: false },
    ] as const;
    for (const { advertised, iss, accepted } of cases) {
      it(`${accepted ? 'is taken' : 'is refused'} with iss ${iss} from a server that ${advertised ? 'says it sends iss' : 'says nothing of iss'}`, async () => {
        const outcome = await run({
          as: {
            iss,
            ...(!advertised && { metadata: { authorization_response_iss_parameter_supported: undefined } }),
          },
        });
        if (accepted) return ok(outcome);
        failed(
          outcome,
          iss === 'absent' ? /carries no iss/ : /names another issuer than http:\/\/127\.0\.0\.1:\d+ \(RFC 9207\)/,
        );
        // The code went to no token endpoint.
        assert.equal(tokenRequests(outcome).length, 0);
      });
    }

    it('from another issuer is not read further, not even its error', async () => {
      const outcome = await run({
        as: { iss: 'wrong' },
        hook: (url, as) =>
          as.authorize(url, { error: 'access_denied', error_description: 'Call +1 555 0100 to unlock' }),
      });
      const error = failed(outcome, /names another issuer/);
      assert.doesNotMatch(error.message, /555|access_denied/);
      assert.equal(error.oauthError, undefined);
    });

    it('is refused when its state is not the request’s', async () => {
      const outcome = await run({ hook: (url, as) => as.authorize(url, { state: 'forged' }) });
      failed(outcome, /carries another state than the request: refused/);
      assert.equal(tokenRequests(outcome).length, 0);
    });

    it('with an error says the error code, not the server’s description of it', async () => {
      const outcome = await run({
        hook: (url, as) => {
          const back = as.authorize(url, { error: 'access_denied', error_description: 'Visit evil.example to retry' });
          back.searchParams.delete('code');
          return back;
        },
      });
      const error = failed(outcome, /did not authorize: "access_denied"/);
      assert.equal(error.oauthError, 'access_denied');
      assert.doesNotMatch(error.message, /evil/);
    });

    it('may come back as a query string', async () => {
      ok(await run({ hook: (url, as) => as.authorize(url).search }));
    });
  });

  describe('scopes', () => {
    const scopeOf = (url: URL | undefined) => url?.searchParams.get('scope') ?? null;

    it('come from the challenge first', async () => {
      const outcome = await run({
        challengeScope: 'mcp:read',
        route: (request, origin, as) =>
          request.path === PRM_PATH
            ? {
                json: {
                  resource: `${origin}/mcp`,
                  authorization_servers: [as.issuer],
                  scopes_supported: ['mcp:other'],
                },
              }
            : undefined,
      });
      ok(outcome);
      assert.equal(scopeOf(outcome.asked[0]), 'mcp:read');
    });

    it('else from the protected resource’s scopes_supported, else are left out', async () => {
      const listed = await run({
        route: (request, origin, as) =>
          request.path === PRM_PATH
            ? { json: { resource: `${origin}/mcp`, authorization_servers: [as.issuer], scopes_supported: ['a', 'b'] } }
            : undefined,
      });
      ok(listed);
      assert.equal(scopeOf(listed.asked[0]), 'a b');
      const none = await run();
      ok(none);
      assert.equal(scopeOf(none.asked[0]), null);
    });

    it('include offline_access where the authorization server lists it and refresh tokens are wanted', async () => {
      const as = { metadata: { scopes_supported: ['mcp:read', 'offline_access'] } };
      const wanted = await run({ as, challengeScope: 'mcp:read' });
      ok(wanted);
      assert.equal(scopeOf(wanted.asked[0]), 'mcp:read offline_access');
      assert.equal(wanted.asked[0]!.searchParams.get('prompt'), 'consent');
      const unwanted = await run({ as, challengeScope: 'mcp:read', oauth: { refreshTokens: false } });
      ok(unwanted);
      assert.equal(scopeOf(unwanted.asked[0]), 'mcp:read');
      // Alone it would narrow what the server grants by default.
      const alone = await run({ as });
      ok(alone);
      assert.equal(scopeOf(alone.asked[0]), null);
    });

    it('are stepped up on 403 insufficient_scope to the union of those asked before and those challenged', async () => {
      const outcome = await run({
        challengeScope: 'mcp:read',
        scopeFor: (method) => (method === 'tools/call' ? 'mcp:write' : undefined),
        work: (session) => session.callTool({ name: 'write', arguments: {} }),
      });
      ok(outcome);
      assert.deepEqual(outcome.asked.map(scopeOf), ['mcp:read', 'mcp:read mcp:write']);
    });

    it('are not asked for again when a challenge adds nothing new', async () => {
      const outcome = await run({
        as: { grant: (requested) => requested.replace('mcp:admin', '').trim() },
        challengeScope: 'mcp:read',
        scopeFor: (method) => (method === 'tools/call' ? 'mcp:admin' : undefined),
        work: (session) => session.callTool({ name: 'write', arguments: {} }),
      });
      assert.ok(outcome.error instanceof HttpStatusError && outcome.error.status === 403, String(outcome.error));
      assert.match(outcome.error.message, /the server requires more scope \(Bearer, scope "mcp:admin"/);
      assert.deepEqual(outcome.asked.map(scopeOf), ['mcp:read', 'mcp:read mcp:admin']);
    });
  });

  describe('tokens', () => {
    it('send the same resource in the authorization and the token request, and appear in no URL', async () => {
      const outcome = await run();
      ok(outcome);
      const resource = outcome.asked[0]!.searchParams.get('resource');
      assert.equal(resource, outcome.gate.url);
      assert.equal(new URLSearchParams(tokenRequests(outcome)[0]!.body).get('resource'), resource);
      const token = /^Bearer (.+)$/.exec(
        outcome.gate.requests.find((r) => r.refused === undefined && r.path === '/mcp')!.authorization!,
      )![1]!;
      assert.ok(
        [...outcome.gate.requests.map((r) => r.path), ...outcome.as.requests.map((r) => r.url)].every(
          (u) => !u.includes(token),
        ),
      );
    });

    it('are refreshed before they expire, keeping the rotated refresh token, and asking the user nothing', async () => {
      let now = Date.now();
      const store = new RecordingStore();
      const outcome = await run({
        oauth: { store, now: () => now },
        work: async (session) => {
          await session.listTools();
          now += 3600_000;
          await session.listTools();
        },
      });
      ok(outcome);
      assert.equal(outcome.asked.length, 1);
      const grants = tokenRequests(outcome).map((r) => new URLSearchParams(r.body));
      assert.deepEqual(
        grants.map((g) => g.get('grant_type')),
        ['authorization_code', 'refresh_token'],
      );
      assert.equal(grants[1]!.get('resource'), outcome.gate.url);
      // What is kept names its server and issuer, under a key that names both too.
      const tokens = [...store.kept].filter(([, value]) => (value as { refreshToken?: unknown }).refreshToken);
      assert.equal(tokens.length, 1);
      const [key, value] = tokens[0]! as [string, Record<string, unknown>];
      assert.ok(key.includes(outcome.gate.url) && key.includes(outcome.as.issuer), key);
      assert.equal(value.serverUrl, outcome.gate.url);
      assert.equal(value.issuer, outcome.as.issuer);
      // The server rotated the refresh token: the new one is kept, the spent one is not.
      assert.notEqual(value.refreshToken, grants[1]!.get('refresh_token'));
      assert.match(String(value.refreshToken), /^refresh-/);
    });

    it('are refreshed when the application asks, and not without a refresh token', async () => {
      const refreshed: boolean[] = [];
      const outcome = await run({
        work: async (session, auth, serverUrl) => {
          await session.listTools();
          refreshed.push(await auth.refresh(serverUrl));
          await session.listTools();
          await auth.forget(serverUrl);
          refreshed.push(await auth.refresh(serverUrl));
        },
      });
      ok(outcome);
      assert.deepEqual(refreshed, [true, false]);
      assert.equal(outcome.asked.length, 1);
      assert.deepEqual(
        tokenRequests(outcome).map((r) => new URLSearchParams(r.body).get('grant_type')),
        ['authorization_code', 'refresh_token'],
      );
    });

    it('are refreshed once on a 401 before the user is asked again', async () => {
      const server = await startScriptedServer();
      try {
        const outcome = await run({
          server,
          work: async (session) => {
            await session.listTools();
            server.revokeAccessTokens();
            await session.listTools();
          },
        });
        ok(outcome);
        assert.equal(outcome.asked.length, 1);
        assert.deepEqual(
          tokenRequests(outcome).map((r) => new URLSearchParams(r.body).get('grant_type')),
          ['authorization_code', 'refresh_token'],
        );
      } finally {
        await server.close();
      }
    });

    it('kept in the store serve the next client without asking the user, until forgotten', async () => {
      const server = await startScriptedServer();
      const gate = await startGate({
        upstream: mcp.url,
        verify: (token) => server.scopesOf(token),
        resourceMetadata: PRM_PATH,
        route: (request, origin) =>
          request.path === PRM_PATH
            ? { json: { resource: `${origin}/mcp`, authorization_servers: [server.issuer] } }
            : undefined,
      });
      const store = new MemoryAuthStore();
      let asked = 0;
      const oauth = (kept: AuthStore) =>
        new OAuthClient({
          redirectUri: REDIRECT,
          store: kept,
          authorize: async (url) => (asked++, server.authorize(url)),
        });
      const connect = async (auth: OAuthClient) => {
        const { session } = await within(
          connectHttp(new Client({ name: 'kept', version: '1' }), gate.url, { eraCache: false, auth }),
          LIMIT,
          'connect',
        );
        await session.listTools();
        await session.close();
      };
      try {
        await connect(oauth(store));
        await connect(oauth(store));
        assert.equal(asked, 1);
        const refused = gate.requests.filter((r) => r.refused !== undefined);
        assert.equal(refused.length, 1, 'only the first connection is refused');
        // Signing out: the tokens are gone from the store, the registration stays.
        const third = oauth(store);
        await third.forget(gate.url);
        await connect(third);
        assert.equal(asked, 2);
        assert.equal(server.requests.filter((r) => r.url === '/register').length, 1);
      } finally {
        await gate.close();
        await server.close();
      }
    });
  });

  it('registers again at the authorization server a server moves to, sending it nothing of the old one', async () => {
    const first = await startScriptedServer();
    const second = await startScriptedServer();
    let current = first;
    const gate = await startGate({
      upstream: mcp.url,
      verify: (token) => current.scopesOf(token),
      resourceMetadata: PRM_PATH,
      route: (request, origin) =>
        request.path === PRM_PATH
          ? { json: { resource: `${origin}/mcp`, authorization_servers: [current.issuer] } }
          : undefined,
    });
    const auth = new OAuthClient({
      redirectUri: REDIRECT,
      authorize: async (url) => (url.origin === first.origin ? first : second).authorize(url),
    });
    try {
      const { session } = await within(
        connectHttp(new Client({ name: 'moving', version: '1' }), gate.url, { eraCache: false, auth }),
        LIMIT,
        'connect',
      );
      await session.listTools();
      current = second;
      await within(session.callTool({ name: 'write', arguments: {} }), LIMIT, 'tools/call');
      await session.close();
      const firstClient = [...first.clients.keys()][0]!;
      assert.equal(registrations(second).length, 1);
      const secret = String(first.clients.get(firstClient)!.client_secret ?? '');
      for (const request of second.requests) {
        const seen = `${request.url} ${request.body} ${request.headers.get('authorization') ?? ''}`;
        assert.ok(!seen.includes(firstClient) && (secret === '' || !seen.includes(secret)), seen);
      }
      assert.ok(second.authorizations.every((url) => url.searchParams.get('client_id') !== firstClient));
    } finally {
      await gate.close();
      await first.close();
      await second.close();
    }
  });
});

/** An AuthStore that shows what was kept in it, as an application's own store could. */
class RecordingStore extends MemoryAuthStore {
  readonly kept = new Map<string, unknown>();

  override set(key: string, value: unknown): Promise<void> {
    this.kept.set(key, structuredClone(value));
    return super.set(key, value);
  }

  override delete(key: string): Promise<void> {
    this.kept.delete(key);
    return super.delete(key);
  }
}
