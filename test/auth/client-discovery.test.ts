// OAuthClient's discovery, registration and authorization rules, over real sockets: an MCP
// server behind a gate that checks tokens, and a small authorization server whose metadata sits
// where each test puts it. What the client asked for, of whom and in what order, is read from
// what the servers recorded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpStatusError } from '../../src/http/index.js';
import { PRM_PATH } from '../helpers/bearer-gate.js';
import { failed, ok, tokenRequests, oauthUpstream } from '../helpers/oauth-run.js';

describe('OAuthClient', () => {
  const mcp = oauthUpstream();
  const run = mcp.run;

  describe('protected resource metadata', () => {
    it('is read from the URL the challenge names, and from nowhere else', async () => {
      const outcome = await run({
        resourceMetadata: '/custom/metadata.json',
        route: (request, origin, as) =>
          request.path === '/custom/metadata.json'
            ? { json: { resource: `${origin}/mcp`, authorization_servers: [as.issuer] } }
            : undefined,
      });
      ok(outcome);
      assert.deepEqual(outcome.rsPaths, ['GET /custom/metadata.json']);
    });

    it('is looked for at the path-aware well-known URL, then at the root one', async () => {
      const outcome = await run({
        resourceMetadata: false,
        // At the root only, naming the origin: a resource that covers the endpoint below it.
        route: (request, origin, as) =>
          request.path === '/.well-known/oauth-protected-resource'
            ? { json: { resource: origin, authorization_servers: [as.issuer] } }
            : undefined,
      });
      ok(outcome);
      assert.deepEqual(outcome.rsPaths, [
        'GET /.well-known/oauth-protected-resource/mcp',
        'GET /.well-known/oauth-protected-resource',
      ]);
      // The resource identifier is sent exactly as published, in both requests.
      assert.equal(outcome.asked[0]!.searchParams.get('resource'), outcome.gate.origin);
      assert.equal(new URLSearchParams(tokenRequests(outcome)[0]!.body).get('resource'), outcome.gate.origin);
    });

    it('names the revision in MCP-Protocol-Version', async () => {
      const outcome = await run({ protocolVersion: '2025-11-25' });
      ok(outcome);
      const discovery = outcome.gate.requests.find((r) => r.path === PRM_PATH);
      assert.equal(discovery?.headers.get('mcp-protocol-version'), '2025-11-25');
      const metadata = outcome.as.requests.find((r) => r.url.startsWith('/.well-known/'));
      assert.equal(metadata?.headers.get('mcp-protocol-version'), '2025-11-25');
    });

    for (const [resource, why] of [
      ['https://evil.example.com/mcp', 'another origin'],
      ['{origin}/mcp2', 'a sibling path'],
      ['{origin}/mcp/deeper', 'a path below the server'],
      ['{origin}/mcp#fragment', 'a fragment'],
    ] as const) {
      it(`is refused when its resource is ${why}, before anything is asked of the user`, async () => {
        const outcome = await run({
          route: (request, origin, as) =>
            request.path === PRM_PATH
              ? { json: { resource: resource.replace('{origin}', origin), authorization_servers: [as.issuer] } }
              : undefined,
        });
        failed(outcome, /The protected resource metadata at .* is for .*, not for http:\/\/127\.0\.0\.1:\d+\/mcp/);
        assert.equal(outcome.asked.length, 0);
        assert.deepEqual(outcome.asPaths, []);
      });
    }

    it('found nowhere fails listing each URL tried and why', async () => {
      const outcome = await run({ resourceMetadata: false, route: () => undefined, protocolVersion: '2026-07-28' });
      const error = failed(outcome, /Found no protected resource metadata for http:\/\/127\.0\.0\.1:\d+\/mcp/);
      assert.match(error.message, /oauth-protected-resource\/mcp answered 404.*oauth-protected-resource answered 404/);
      assert.equal(error.step, 'discovery');
    });
  });

  describe('authorization server metadata', () => {
    it('for an issuer with a path, tries RFC 8414 then both OpenID Connect URLs, in order', async () => {
      const outcome = await run({
        as: {
          issuerPath: '/tenant1',
          documents: (metadata) => ({ '/tenant1/.well-known/openid-configuration': metadata }),
        },
      });
      ok(outcome);
      assert.deepEqual(
        outcome.asPaths.filter((p) => p.includes('.well-known')),
        [
          'GET /.well-known/oauth-authorization-server/tenant1',
          'GET /.well-known/openid-configuration/tenant1',
          'GET /tenant1/.well-known/openid-configuration',
        ],
      );
    });

    it('for an issuer without a path, tries two URLs', async () => {
      const outcome = await run({
        as: { documents: (metadata) => ({ '/.well-known/openid-configuration': metadata }) },
      });
      ok(outcome);
      assert.deepEqual(
        outcome.asPaths.filter((p) => p.includes('.well-known')),
        ['GET /.well-known/oauth-authorization-server', 'GET /.well-known/openid-configuration'],
      );
    });

    it('at 2025-06-18, tries RFC 8414 alone', async () => {
      const outcome = await run({
        protocolVersion: '2025-06-18',
        as: {
          issuerPath: '/tenant1',
          documents: (metadata) => ({ '/tenant1/.well-known/openid-configuration': metadata }),
        },
      });
      failed(outcome, /Found no usable metadata for the authorization server http:\/\/127\.0\.0\.1:\d+\/tenant1/);
      assert.deepEqual(outcome.asPaths, ['GET /.well-known/oauth-authorization-server/tenant1']);
    });

    it('is never used when its issuer is not exactly the one it was fetched for', async () => {
      // A trailing slash is enough: nothing is normalized.
      const outcome = await run({
        as: {
          documents: (metadata) => ({
            '/.well-known/oauth-authorization-server': { ...metadata, issuer: `${String(metadata.issuer)}/` },
            '/.well-known/openid-configuration': { ...metadata, issuer: 'https://attacker.example.com' },
          }),
        },
      });
      const error = failed(outcome, /Found no usable metadata for the authorization server/);
      assert.match(
        error.message,
        /oauth-authorization-server its issuer is "http:\/\/127\.0\.0\.1:\d+\/", not http:\/\/127\.0\.0\.1:\d+: not used/,
      );
      assert.match(error.message, /openid-configuration its issuer is "https:\/\/attacker\.example\.com"/);
      assert.equal(outcome.asked.length, 0);
      assert.deepEqual(
        outcome.asPaths.filter((p) => !p.includes('.well-known')),
        [],
      );
    });

    it('without S256 in code_challenge_methods_supported, stops before the user is asked', async () => {
      const outcome = await run({ as: { metadata: { code_challenge_methods_supported: undefined } } });
      failed(outcome, /does not list S256 in code_challenge_methods_supported/);
      assert.equal(outcome.asked.length, 0);
    });
  });

  describe('2025-03-26', () => {
    it('asks for no protected resource metadata: the metadata is at the server origin', async () => {
      let asOrigin = '';
      const outcome = await run({
        protocolVersion: '2025-03-26',
        resourceMetadata: false,
        // The MCP server's origin publishes metadata whose endpoints are the authorization server's.
        route: (request, origin, as) => {
          asOrigin = as.origin;
          return request.path === '/.well-known/oauth-authorization-server'
            ? {
                json: {
                  issuer: origin,
                  authorization_endpoint: `${as.origin}/authorize`,
                  token_endpoint: `${as.origin}/token`,
                  registration_endpoint: `${as.origin}/register`,
                  code_challenge_methods_supported: ['S256'],
                },
              }
            : undefined;
        },
        hook: (url, as) => {
          const back = as.authorize(url);
          // The authorization server speaks for the MCP server's origin.
          back.searchParams.delete('iss');
          return back;
        },
      });
      ok(outcome);
      assert.ok(asOrigin);
      assert.deepEqual(outcome.rsPaths, ['GET /.well-known/oauth-authorization-server']);
      assert.equal(outcome.asked[0]!.searchParams.has('resource'), false);
      assert.equal(new URLSearchParams(tokenRequests(outcome)[0]!.body).has('resource'), false);
    });

    it('uses /authorize, /token and /register at the origin when no metadata is published', async () => {
      const outcome = await run({
        protocolVersion: '2025-03-26',
        resourceMetadata: false,
        route: (request) =>
          request.method !== 'POST'
            ? undefined
            : request.path === '/register'
              ? { status: 201, json: { client_id: 'fallback-client' } }
              : request.path === '/token'
                ? { json: { access_token: 'not-for-this-gate', token_type: 'Bearer' } }
                : undefined,
        hook: (url) => {
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('code', 'the-code');
          back.searchParams.set('state', url.searchParams.get('state')!);
          return back;
        },
      });
      assert.equal(outcome.asked[0]?.origin, outcome.gate.origin);
      assert.equal(outcome.asked[0]?.pathname, '/authorize');
      assert.equal(outcome.asked[0]?.searchParams.get('code_challenge_method'), 'S256');
      assert.deepEqual(outcome.rsPaths, [
        'GET /.well-known/oauth-authorization-server',
        'POST /register',
        'POST /token',
      ]);
      // The server refuses the token its authorization server just issued: the client stops
      // there rather than ask the user again and again.
      assert.ok(outcome.error instanceof HttpStatusError && outcome.error.status === 401, String(outcome.error));
      assert.equal(outcome.asked.length, 1);
    });
  });
});
