// DPoP-bound access tokens (RFC 9449) at the resource server, over a real socket: a token
// bound to a key (`cnf.jkt`) passes only with the DPoP scheme and a fresh proof of that key
// made for this very request; every failure is a 401 with a DPoP challenge saying why.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerifier, parseChallenges, type ResourceServerOptions } from '../../src/auth/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { DpopKey, TokenIssuer, type SigningKey } from '../helpers/token-issuer.js';
import { modernEnvelope, modernHeaders } from '../helpers/modern-post.js';

const META = modernEnvelope('dpop-test');

interface Fixture {
  issuer: TokenIssuer;
  key: SigningKey;
  http: ListeningServer;
}

async function start(auth: Partial<ResourceServerOptions> = {}): Promise<Fixture> {
  const { issuer, key } = await TokenIssuer.startWithKey();
  const server = new Server({ name: 'dpop', version: '1' });
  server.tool('whoami', {}, (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify(ctx.auth?.claims.cnf ?? null) }],
  }));
  const http = await listen(server, {
    auth: {
      authorizationServers: [issuer.url],
      verifier: jwtVerifier({ issuer: issuer.url, jwksUri: issuer.jwksUri }),
      ...auth,
    },
  });
  return { issuer, key, http };
}

function call(url: string, authorization: string | undefined, proof?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      ...modernHeaders('tools/call', 'whoami'),
      ...(authorization !== undefined && { authorization }),
      ...(proof !== undefined && { dpop: proof }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'whoami', arguments: {}, _meta: META },
    }),
  });
}

/** The response's challenges, by scheme. */
async function challenges(response: Response): Promise<Record<string, Record<string, string>>> {
  await response.text();
  const header = response.headers.get('www-authenticate') ?? '';
  return Object.fromEntries(parseChallenges(header).map((c) => [c.scheme, c.params]));
}

describe('DPoP-bound tokens', () => {
  let f: Fixture;
  let client: DpopKey;
  let token: string;
  before(async () => {
    f = await start({ dpop: { algorithms: ['ES256'] } });
    client = await DpopKey.create();
    token = await f.issuer.token(f.key, { sub: 'alice', aud: f.http.url, cnf: { jkt: client.jkt } });
  });
  after(async () => {
    await f.http.close();
    await f.issuer.close();
  });

  it('pass with the DPoP scheme and a fresh proof of the bound key', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await call(f.http.url, `DPoP ${token}`, await client.proof('POST', f.http.url, token));
      assert.equal(response.status, 200);
      const body = (await response.json()) as { result: { content: { text: string }[] } };
      assert.deepEqual(JSON.parse(body.result.content[0]!.text), { jkt: client.jkt });
    }
  });

  it('offer both schemes to a request without a token, and say so in the metadata', async () => {
    const offered = await challenges(await call(f.http.url, undefined));
    assert.deepEqual(Object.keys(offered), ['Bearer', 'DPoP']);
    assert.equal(offered.DPoP!.algs, 'ES256');
    const metadata = (await (
      await fetch(f.http.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'))
    ).json()) as Record<string, unknown>;
    assert.deepEqual(metadata.dpop_signing_alg_values_supported, ['ES256']);
    assert.equal(metadata.dpop_bound_access_tokens_required, undefined);
  });

  it('refuse a missing proof, a proof of another key, a replayed one, one for another request', async () => {
    const other = await DpopKey.create();
    const replayed = await client.proof('POST', f.http.url, token);
    assert.equal((await call(f.http.url, `DPoP ${token}`, replayed)).status, 200);
    const cases: [string | undefined, string][] = [
      [undefined, 'A DPoP-bound access token needs a DPoP proof'],
      [
        await other.proof('POST', f.http.url, token),
        'The DPoP proof is signed with a key the access token is not bound to',
      ],
      [replayed, 'The DPoP proof was used already'],
      [await client.proof('GET', f.http.url, token), 'The DPoP proof was made for another HTTP method (htm)'],
      [await client.proof('POST', 'http://127.0.0.1:1/mcp', token), 'The DPoP proof was made for another URL (htu)'],
      [
        await client.proof('POST', f.http.url, 'another-token'),
        'The DPoP proof was made for another access token (ath)',
      ],
      [
        await client.proof('POST', f.http.url, token, { iat: Math.floor(Date.now() / 1000) - 3600 }),
        'The DPoP proof was issued too long ago or in the future (iat)',
      ],
      ['not-a-jwt', 'The DPoP proof is not a valid dpop+jwt'],
    ];
    for (const [proof, description] of cases) {
      const response = await call(f.http.url, `DPoP ${token}`, proof);
      assert.equal(response.status, 401, description);
      const { DPoP: params } = await challenges(response);
      assert.equal(params?.error, 'invalid_dpop_proof');
      assert.equal(params?.error_description, description);
      assert.equal(params?.algs, 'ES256');
    }
  });

  it('refuse a bound token sent as a bearer token, and an unbound one sent as DPoP', async () => {
    const downgraded = await challenges(await call(f.http.url, `Bearer ${token}`));
    assert.equal(downgraded.DPoP?.error, 'invalid_token');
    assert.match(downgraded.DPoP?.error_description ?? '', /DPoP-bound/);
    const bearer = await f.issuer.token(f.key, { sub: 'bob', aud: f.http.url });
    const unbound = await challenges(
      await call(f.http.url, `DPoP ${bearer}`, await client.proof('POST', f.http.url, bearer)),
    );
    assert.equal(unbound.DPoP?.error_description, 'The access token is not DPoP-bound');
    assert.equal((await call(f.http.url, `Bearer ${bearer}`)).status, 200, 'a bearer token as such passes');
  });
});

describe('a resource server that requires DPoP', () => {
  it('refuses bearer tokens and offers only the DPoP scheme', async () => {
    const f = await start({ dpop: { required: true } });
    try {
      const offered = await challenges(await call(f.http.url, undefined));
      assert.deepEqual(Object.keys(offered), ['DPoP']);
      const bearer = await f.issuer.token(f.key, { sub: 'bob', aud: f.http.url });
      const refused = await challenges(await call(f.http.url, `Bearer ${bearer}`));
      assert.equal(refused.DPoP?.error, 'invalid_token');
      const metadata = (await (
        await fetch(f.http.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'))
      ).json()) as Record<string, unknown>;
      assert.equal(metadata.dpop_bound_access_tokens_required, true);
    } finally {
      await f.http.close();
      await f.issuer.close();
    }
  });
});
