// The whole authorization of an MCP client against a real authorization server (oidc-provider,
// in this process): an mcpkit server served by `listen`, behind a gate that verifies the JWT
// access tokens the authorization server issues for it. The client discovers, registers,
// sends the user through login and consent, steps up for more scope, refreshes, and a second
// client with the same store needs no one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MemoryAuthStore, OAuthClient, type AuthStore } from '../../src/auth/index.js';
import { Client } from '../../src/client/index.js';
import type { ProtocolVersion } from '../../src/index.js';
import { connectHttp } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { PRM_PATH, startGate, type Gate } from '../helpers/bearer-gate.js';
import { startOidcServer, type OidcServer } from '../helpers/oidc-authorization-server.js';
import { within } from '../helpers/e2e.js';

const LIMIT = 20_000;
const REDIRECT = 'http://127.0.0.1:8123/callback';

describe('OAuthClient against oidc-provider', () => {
  let mcp: ListeningServer;
  let as: OidcServer;
  let gate: Gate;

  before(async () => {
    const server = new Server({ name: 'protected', version: '1' });
    server.tool('read', {}, () => ({ content: [{ type: 'text', text: 'read' }] }));
    server.tool('write', {}, () => ({ content: [{ type: 'text', text: 'written' }] }));
    mcp = await listen(server);
    let resource = '';
    as = await startOidcServer(() => resource);
    gate = await startGate({
      upstream: mcp.url,
      verify: (token) => as.verify(token, resource),
      // A call takes more scope than the rest, which the challenge names.
      scopeFor: (method) => (method === 'tools/call' ? 'mcp:read mcp:write' : 'mcp:read'),
      challengeScope: 'mcp:read',
      resourceMetadata: PRM_PATH,
      route: (request, origin) =>
        request.path === PRM_PATH
          ? {
              json: {
                resource: `${origin}/mcp`,
                authorization_servers: [as.issuer],
                scopes_supported: ['mcp:read', 'mcp:write'],
              },
            }
          : undefined,
    });
    resource = gate.url;
  });
  after(async () => {
    await gate.close();
    await as.close();
    await mcp.close();
  });

  function oauth(store: AuthStore, now: () => number = Date.now) {
    const asked: URL[] = [];
    const auth = new OAuthClient({
      redirectUri: REDIRECT,
      store,
      now,
      clientMetadata: { client_name: 'mcpkit test client' },
      authorize: async (url) => {
        asked.push(url);
        return as.browse(url);
      },
    });
    return { auth, asked };
  }

  const connect = (auth: OAuthClient, protocolVersion?: ProtocolVersion) =>
    within(
      connectHttp(new Client({ name: 'e2e', version: '1' }), gate.url, {
        eraCache: false,
        auth,
        ...(protocolVersion && { protocolVersion }),
      }),
      LIMIT,
      'connect',
    );

  for (const protocolVersion of ['2026-07-28', '2025-11-25'] as const) {
    it(`authorizes, steps up, refreshes, and keeps what it got (${protocolVersion})`, async () => {
      let now = Date.now();
      const store = new MemoryAuthStore();
      const { auth, asked } = oauth(store, () => now);
      const { session } = await connect(auth, protocolVersion);
      try {
        const { tools } = await within(session.listTools(), LIMIT, 'tools/list');
        assert.deepEqual(tools.map((t) => t.name).sort(), ['read', 'write']);
        assert.equal(asked.length, 1);
        const first = asked[0]!.searchParams;
        assert.equal(first.get('resource'), gate.url);
        assert.equal(first.get('scope'), 'mcp:read offline_access');
        assert.equal(first.get('code_challenge_method'), 'S256');

        // tools/call needs mcp:write, which the server asks for with a 403: the user consents again.
        const written = await within(session.callTool({ name: 'write', arguments: {} }), LIMIT, 'tools/call');
        assert.deepEqual(written.content, [{ type: 'text', text: 'written' }]);
        assert.equal(asked.length, 2);
        assert.equal(asked[1]!.searchParams.get('scope'), 'mcp:read offline_access mcp:write');

        // An hour on, the token is about to expire: it is refreshed, and the user is not asked.
        const before = gate.requests.length;
        const tokenBefore = gate.requests.at(-1)!.authorization;
        now += 3600_000;
        await within(session.callTool({ name: 'read', arguments: {} }), LIMIT, 'tools/call after an hour');
        assert.equal(asked.length, 2);
        const after = gate.requests.slice(before);
        assert.deepEqual(
          after.map((r) => r.refused),
          [undefined],
        );
        assert.notEqual(after[0]!.authorization, tokenBefore);
      } finally {
        await session.close();
      }

      // Another client with the same store starts with the tokens kept there.
      const again = oauth(store);
      const refusedBefore = gate.requests.filter((r) => r.refused !== undefined).length;
      const second = await connect(again.auth, protocolVersion);
      await within(second.session.listTools(), LIMIT, 'tools/list');
      await second.session.close();
      assert.equal(again.asked.length, 0);
      assert.equal(gate.requests.filter((r) => r.refused !== undefined).length, refusedBefore);
    });
  }
});
