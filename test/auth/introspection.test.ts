// The introspection verifier (RFC 7662) against an introspection endpoint on a real socket:
// the resource server authenticates as its own client, an active answer is checked like a
// JWT (issuer, audience, expiry) and remembered briefly, and an authorization server that
// cannot answer is a failure, not a refusal.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { introspectionVerifier, TokenRefusal, type TokenRequest } from '../../src/auth/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { TokenIssuer } from '../helpers/token-issuer.js';
import { refusal, tokenRequest } from '../helpers/token-issuer.js';

const RESOURCE = 'http://127.0.0.1:9/mcp';
const CLIENT = { id: 'resource-server', secret: 's3cret' };

const request = (resource = RESOURCE): TokenRequest => tokenRequest(resource);

describe('introspectionVerifier', () => {
  let issuer: TokenIssuer;
  const exp = () => Math.floor(Date.now() / 1000) + 3600;

  before(async () => {
    issuer = await TokenIssuer.start({ introspectionClient: CLIENT });
  });
  after(() => issuer.close());

  function verifier(options: Partial<Parameters<typeof introspectionVerifier>[0]> = {}) {
    return introspectionVerifier({
      issuer: issuer.url,
      endpoint: `${issuer.url}/introspect`,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      ...options,
    });
  }

  it('accepts an active token for this resource and says who it speaks for', async () => {
    issuer.introspection.set('opaque-1', {
      active: true,
      iss: issuer.url,
      sub: 'alice',
      client_id: 'app',
      scope: 'mcp files:read',
      aud: RESOURCE,
      exp: exp(),
    });
    const auth = await verifier()('opaque-1', request());
    assert.ok(auth !== undefined && !(auth instanceof TokenRefusal));
    assert.equal(auth.subject, 'alice');
    assert.equal(auth.clientId, 'app');
    assert.deepEqual(auth.scopes, ['mcp', 'files:read']);
  });

  it('finds the endpoint in the issuer metadata, and sends the secret in the body when told to', async () => {
    issuer.introspection.set('opaque-2', { active: true, sub: 'bob', aud: [RESOURCE], exp: exp() });
    const verify = introspectionVerifier({
      issuer: issuer.url,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      clientAuthentication: 'client_secret_post',
    });
    const auth = await verify('opaque-2', request());
    assert.ok(auth !== undefined && !(auth instanceof TokenRefusal));
    assert.equal(auth.subject, 'bob');
  });

  it('refuses inactive, foreign, misdirected and expired tokens, each saying why', async () => {
    const verify = verifier();
    issuer.introspection.set('foreign', { active: true, iss: 'https://other.example', aud: RESOURCE, exp: exp() });
    issuer.introspection.set('elsewhere', { active: true, aud: 'http://127.0.0.1:1/mcp', exp: exp() });
    issuer.introspection.set('nowhere', { active: true, exp: exp() });
    issuer.introspection.set('old', { active: true, aud: RESOURCE, exp: Math.floor(Date.now() / 1000) - 3600 });
    assert.equal((await refusal(verify('never-issued', request()))).reason, 'inactive');
    assert.equal((await refusal(verify('foreign', request()))).reason, 'wrong-issuer');
    assert.equal((await refusal(verify('elsewhere', request()))).reason, 'wrong-audience');
    assert.equal((await refusal(verify('nowhere', request()))).reason, 'wrong-audience');
    assert.equal((await refusal(verify('old', request()))).reason, 'expired');
  });

  it('remembers an active answer briefly, never past the token expiry', async () => {
    const clock = new ManualClock(Date.now());
    const verify = verifier({ clock, cacheTtlMs: 60_000 });
    issuer.introspection.set('cached', { active: true, aud: RESOURCE, exp: exp() });
    issuer.introspection.set('short', { active: true, aud: RESOURCE, exp: Math.floor(clock.now() / 1000) + 10 });
    const before = issuer.introspections;
    await verify('cached', request());
    assert.ok(!(verify('cached', request()) instanceof Promise), 'the second answer is at once');
    assert.equal(issuer.introspections - before, 1);
    // Revoked at the authorization server: seen once the answer is no longer remembered.
    issuer.introspection.set('cached', { active: false });
    clock.advance(61_000);
    assert.equal((await refusal(verify('cached', request()))).reason, 'inactive');
    await verify('short', request());
    clock.advance(11_000);
    const again = verify('short', request());
    assert.ok(again instanceof Promise, 'asked again once the token expired');
    await again;
  });

  it('fails, rather than refuses, when the authorization server will not answer', async () => {
    await assert.rejects(
      async () => verifier({ clientSecret: 'wrong' })('opaque-1', request()),
      /Could not introspect an access token/,
    );
    issuer.introspectionStatus = 500;
    try {
      await assert.rejects(async () => verifier()('opaque-x', request()), /Could not introspect/);
    } finally {
      issuer.introspectionStatus = 200;
    }
  });

  it('needs its client credentials', () => {
    assert.throws(
      () => introspectionVerifier({ issuer: issuer.url, clientId: 'x', clientSecret: '' }),
      /clientSecret is required/,
    );
  });
});
