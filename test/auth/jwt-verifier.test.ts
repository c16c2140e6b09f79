// The JWT verifier against a key set served over a real socket: what it accepts, what it
// refuses and why, how it keeps and renews the issuer's keys, and that a token verified once
// costs a lookup after that.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerifier, TokenRefusal, type TokenRequest } from '../../src/auth/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { signingKey, TokenIssuer, type SigningKey } from '../helpers/token-issuer.js';
import { refusal, tokenRequest } from '../helpers/token-issuer.js';

const RESOURCE = 'http://127.0.0.1:9/mcp';

const request = (resource = RESOURCE): TokenRequest => tokenRequest(resource);

describe('jwtVerifier', () => {
  let issuer: TokenIssuer;
  let key: SigningKey;

  before(async () => {
    ({ issuer, key } = await TokenIssuer.startWithKey());
  });
  after(() => issuer.close());

  it('accepts a token of its issuer for this resource, and says who it speaks for', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri });
    const token = await issuer.token(key, {
      sub: 'alice',
      aud: RESOURCE,
      client_id: 'app',
      scope: 'files:read files:write',
    });
    const auth = await verify(token, request());
    assert.ok(auth !== undefined && !(auth instanceof TokenRefusal));
    assert.equal(auth.issuer, issuer.url);
    assert.equal(auth.subject, 'alice');
    assert.equal(auth.clientId, 'app');
    assert.deepEqual(auth.scopes, ['files:read', 'files:write']);
    assert.deepEqual(auth.audience, [RESOURCE]);
    assert.equal(typeof auth.expiresAt, 'number');
    assert.equal(auth.claims.sub, 'alice');
  });

  it('finds the key set through the issuer metadata when not told where it is', async () => {
    const verify = jwtVerifier({ issuer: issuer.url });
    const auth = await verify(await issuer.token(key, { sub: 'bob', aud: [RESOURCE, 'other'] }), request());
    assert.ok(auth !== undefined && !(auth instanceof TokenRefusal));
    assert.equal(auth.subject, 'bob');
  });

  it('refuses a token meant for another resource, even with a trailing-slash twin accepted', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri });
    const other = await refusal(verify(await issuer.token(key, { aud: 'http://127.0.0.1:9/other' }), request()));
    assert.equal(other.reason, 'wrong-audience');
    const none = await refusal(verify(await issuer.token(key, {}), request()));
    assert.equal(none.reason, 'wrong-audience');
    const slash = await verify(await issuer.token(key, { aud: `${RESOURCE}/` }), request());
    assert.ok(slash !== undefined && !(slash instanceof TokenRefusal));
  });

  it('refuses expired, not yet valid, foreign and unsigned-claims tokens, each saying why', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, clockToleranceMs: 5_000 });
    const now = Math.floor(Date.now() / 1000);
    const expired = await refusal(verify(await issuer.token(key, { aud: RESOURCE, exp: now - 60 }), request()));
    assert.equal(expired.reason, 'expired');
    assert.equal(expired.message, 'The access token expired');
    const early = await refusal(verify(await issuer.token(key, { aud: RESOURCE, nbf: now + 600 }), request()));
    assert.equal(early.reason, 'not-yet-valid');
    const foreign = await refusal(
      verify(await issuer.token(key, { aud: RESOURCE, iss: 'https://evil.example' }), request()),
    );
    assert.equal(foreign.reason, 'wrong-issuer');
    const endless = await refusal(verify(await issuer.token(key, { aud: RESOURCE, exp: undefined }), request()));
    assert.equal(endless.reason, 'malformed');
    const garbage = await refusal(verify('not.a.jwt', request()));
    assert.equal(garbage.reason, 'malformed');
  });

  it('refuses a forged token: another key under a published kid, or a kid nobody publishes', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, jwksCooldownMs: 0 });
    const impostor = await signingKey('k1');
    const forged = await refusal(verify(await issuer.token(impostor, { aud: RESOURCE }), request()));
    assert.equal(forged.reason, 'bad-signature');
    const unknown = await refusal(verify(await issuer.token(await signingKey('nobody'), { aud: RESOURCE }), request()));
    assert.equal(unknown.reason, 'unknown-key');
    // Never the token itself in what goes back to the client.
    for (const r of [forged, unknown]) assert.doesNotMatch(r.message, /eyJ/);
  });

  it('refuses algorithms it was not told to accept, and never accepts symmetric ones', async () => {
    const rsa = await signingKey('rsa', 'RS256');
    issuer.publish(rsa);
    try {
      const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, algorithms: ['ES256'] });
      const wrong = await refusal(verify(await issuer.token(rsa, { aud: RESOURCE }), request()));
      assert.equal(wrong.reason, 'algorithm-not-allowed');
      assert.throws(() => jwtVerifier({ issuer: issuer.url, algorithms: ['HS256'] }), /asymmetric/);
    } finally {
      issuer.unpublish('rsa');
    }
  });

  it('fetches the key set once, and again when a token names a new key (rotation)', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, jwksCooldownMs: 0, cacheTtlMs: 0 });
    const before = issuer.jwksFetches;
    for (let i = 0; i < 3; i++) {
      const auth = await verify(await issuer.token(key, { aud: RESOURCE, sub: `u${i}` }), request());
      assert.ok(!(auth instanceof TokenRefusal));
    }
    assert.equal(issuer.jwksFetches - before, 1, 'one fetch for three tokens of a known key');
    const rotated = await signingKey('k2');
    issuer.publish(rotated);
    try {
      const auth = await verify(await issuer.token(rotated, { aud: RESOURCE }), request());
      assert.ok(!(auth instanceof TokenRefusal), 'a token of the new key verifies');
      assert.equal(issuer.jwksFetches - before, 2, 'the unknown kid fetched the set again');
    } finally {
      issuer.unpublish('k2');
    }
  });

  it('does not fetch the key set again for unknown keys within the cooldown', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, jwksCooldownMs: 60_000 });
    assert.ok(!((await verify(await issuer.token(key, { aud: RESOURCE }), request())) instanceof TokenRefusal));
    const before = issuer.jwksFetches;
    for (let i = 0; i < 5; i++) {
      const r = await refusal(verify(await issuer.token(await signingKey(`x${i}`), { aud: RESOURCE }), request()));
      assert.equal(r.reason, 'unknown-key');
    }
    assert.equal(issuer.jwksFetches, before, 'no fetch while cooling down');
  });

  it('remembers a verified token until it expires: the next request costs a lookup', async () => {
    const clock = new ManualClock(Date.now());
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri, clock, cacheTtlMs: 60_000 });
    const token = await issuer.token(key, { aud: RESOURCE, exp: Math.floor(clock.now() / 1000) + 30 });
    const first = await verify(token, request());
    assert.ok(!(first instanceof TokenRefusal));
    const second = verify(token, request());
    assert.ok(!(second instanceof Promise), 'answered at once');
    assert.equal(second, first);
    // Another resource is another question.
    const elsewhere = await verify(token, request('http://127.0.0.1:9/other'));
    assert.ok(elsewhere instanceof TokenRefusal);
    // Past its exp the token is verified again, and refused.
    clock.advance(31_000 + 30_000);
    const late = await refusal(verify(token, request()));
    assert.equal(late.reason, 'expired');
  });

  it('fails (rather than refuses) when the key set cannot be fetched', async () => {
    const verify = jwtVerifier({ issuer: issuer.url, jwksUri: `${issuer.url}/missing` });
    await assert.rejects(async () => verify(await issuer.token(key, { aud: RESOURCE }), request()), /Could not verify/);
  });

  it('refuses to be made without an issuer or with a malformed one', () => {
    assert.throws(() => jwtVerifier({ issuer: '' }), /issuer is required/);
    assert.throws(() => jwtVerifier({ issuer: 'not a url' }));
  });
});
