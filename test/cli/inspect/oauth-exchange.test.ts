// How the inspector shows an OAuth flow's exchanges: the step of each request, bodies with
// every secret masked, tokens decoded into header and claims; the login link given only for
// http(s); and the connection's time limit, which stops while the user authorizes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConnectLimit } from '../../../src/cli/inspect/connect-limit.js';
import {
  decodeToken,
  phaseOf,
  readRequestBody,
  shownQuery,
  shownResponse,
  tokenSummary,
} from '../../../src/cli/inspect/oauth-exchange.js';
import { loginUrl, statusLine } from '../../../src/cli/inspect/page/auth-model.js';

const jwt = (header: object, payload: object) =>
  [header, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.c2ln';

describe('the OAuth flow as the inspector shows it', () => {
  it('names the step of each request by what it asks for', () => {
    const form = (grant: string) => new URLSearchParams({ grant_type: grant });
    assert.equal(phaseOf('http://h/.well-known/oauth-protected-resource/mcp', 'GET', undefined), 'protected-resource');
    assert.equal(phaseOf('http://h/.well-known/oauth-authorization-server', 'GET', undefined), 'server-metadata');
    assert.equal(phaseOf('http://h/tenant/.well-known/openid-configuration', 'GET', undefined), 'server-metadata');
    assert.equal(phaseOf('http://h/reg', 'POST', undefined), 'registration');
    assert.equal(phaseOf('http://h/token', 'POST', form('authorization_code')), 'token');
    assert.equal(phaseOf('http://h/token', 'POST', form('client_credentials')), 'token');
    assert.equal(phaseOf('http://h/token', 'POST', form('refresh_token')), 'refresh');
  });

  it('masks codes, verifiers, secrets and tokens in forms, JSON and the redirect', () => {
    const sent = readRequestBody(
      new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'abc',
        code_verifier: 'v'.repeat(43),
        client_id: 'c',
      }),
    );
    assert.deepEqual(sent.shown, {
      grant_type: 'authorization_code',
      code: '(3 characters, hidden)',
      code_verifier: '(43 characters, hidden)',
      client_id: 'c',
    });
    assert.equal(sent.form?.get('code'), 'abc');
    assert.deepEqual(readRequestBody('{"client_name":"x","redirect_uris":["http://127.0.0.1:1/callback"]}').shown, {
      client_name: 'x',
      redirect_uris: ['http://127.0.0.1:1/callback'],
    });
    assert.deepEqual(readRequestBody('refresh_token=rt&grant_type=refresh_token').shown, {
      refresh_token: '(2 characters, hidden)',
      grant_type: 'refresh_token',
    });
    assert.deepEqual(readRequestBody(undefined), {});
    assert.deepEqual(shownResponse('{"access_token":"abcd","nested":{"client_secret":"s"},"token_type":"Bearer"}'), {
      access_token: '(4 characters, hidden)',
      nested: { client_secret: '(1 characters, hidden)' },
      token_type: 'Bearer',
    });
    assert.equal(shownResponse('<html>'), '<html>');
    assert.deepEqual(shownQuery(new URLSearchParams({ code: 'xyz', state: 's', iss: 'http://as' })), {
      code: '(3 characters, hidden)',
      state: 's',
      iss: 'http://as',
    });
  });

  it('decodes tokens that are JWTs, and gives only the length of others', () => {
    const access = jwt({ alg: 'RS256', typ: 'at+jwt' }, { sub: 'dev-user', aud: 'http://127.0.0.1:1/mcp' });
    assert.deepEqual(decodeToken(access), {
      length: access.length,
      jwt: { header: { alg: 'RS256', typ: 'at+jwt' }, payload: { sub: 'dev-user', aud: 'http://127.0.0.1:1/mcp' } },
    });
    assert.deepEqual(decodeToken('opaque'), { length: 6 });
    assert.deepEqual(decodeToken('a.b.c'), { length: 5 });
    const summary = tokenSummary(
      JSON.stringify({
        access_token: access,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'mcp',
        refresh_token: 'r',
      }),
      1000,
    );
    assert.equal(summary?.accessToken.jwt?.payload.sub, 'dev-user');
    assert.deepEqual(summary?.refreshToken, { length: 1 });
    assert.equal(summary?.expiresIn, 3600);
    assert.equal(JSON.stringify(summary).includes(access), false);
    assert.equal(tokenSummary('{"error":"invalid_grant"}', 0), undefined);
  });

  it('links only http(s) login pages, and says where the flow stands', () => {
    assert.equal(loginUrl('https://as.example/authorize?x=1'), 'https://as.example/authorize?x=1');
    assert.equal(loginUrl('javascript:alert(1)'), undefined);
    assert.equal(loginUrl('not a url'), undefined);
    const flow = { stepThrough: true, steps: [] };
    assert.equal(
      statusLine({ ...flow, status: 'paused', next: 'registration' }),
      'Next: client registration. Continue when ready.',
    );
    assert.equal(statusLine({ ...flow, status: 'failed', error: 'boom' }), 'Failed: boom');
  });
});

describe('ConnectLimit', () => {
  it('aborts once its time has run, not counting the time it was paused', async () => {
    const limit = new ConnectLimit(40);
    limit.pause();
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(limit.signal.aborted, false);
    limit.resume();
    await new Promise((resolve) => limit.signal.addEventListener('abort', resolve, { once: true }));
    assert.equal((limit.signal.reason as DOMException).name, 'TimeoutError');
    assert.match((limit.signal.reason as Error).message, /within 40 ms \(the time spent authorizing not counted\)/);
  });

  it('never aborts once stopped', async () => {
    const limit = new ConnectLimit(10);
    limit.stop();
    limit.resume();
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(limit.signal.aborted, false);
  });
});
