// Reading and writing WWW-Authenticate challenges (RFC 9110 §11.6.1), including the shapes MCP
// servers send (RFC 6750, RFC 9728, RFC 9449).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearerChallenge, formatChallenge, parseChallenges } from '../../src/auth/index.js';

describe('WWW-Authenticate', () => {
  it('reads the parameters of a Bearer challenge, quoted or not, names without case', () => {
    assert.deepEqual(
      parseChallenges(
        'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", Scope="files:read files:write", error=invalid_token',
      ),
      [
        {
          scheme: 'Bearer',
          params: {
            resource_metadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
            scope: 'files:read files:write',
            error: 'invalid_token',
          },
        },
      ],
    );
  });

  it('tells the challenges of one header apart, commas notwithstanding', () => {
    const challenges = parseChallenges(
      'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple", Negotiate abc+/==, Bearer',
    );
    assert.deepEqual(
      challenges.map((c) => [c.scheme, c.params, c.token68]),
      [
        ['Newauth', { realm: 'apps', type: '1', title: 'Login to "apps"' }, undefined],
        ['Basic', { realm: 'simple' }, undefined],
        ['Negotiate', {}, 'abc+/=='],
        ['Bearer', {}, undefined],
      ],
    );
  });

  it('keeps what it read before something it cannot read', () => {
    assert.deepEqual(
      parseChallenges('Bearer scope="a", error="unterminated').map((c) => c.params),
      [{ scope: 'a' }],
    );
    assert.deepEqual(parseChallenges(''), []);
    assert.deepEqual(parseChallenges('  ,  '), []);
  });

  it('picks the Bearer challenge, else the DPoP one, with the members MCP reads', () => {
    assert.deepEqual(
      bearerChallenge(
        'DPoP algs="ES256", error="use_dpop_nonce", Bearer error="insufficient_scope", scope="mcp:write", error_description="needs write"',
      ),
      { scheme: 'Bearer', error: 'insufficient_scope', scope: 'mcp:write', errorDescription: 'needs write' },
    );
    assert.deepEqual(bearerChallenge('DPoP algs="ES256 RS256", error="use_dpop_nonce"'), {
      scheme: 'DPoP',
      algs: 'ES256 RS256',
      error: 'use_dpop_nonce',
    });
    assert.equal(bearerChallenge('Basic realm="x"'), undefined);
    assert.equal(bearerChallenge(null), undefined);
  });

  it('writes a challenge that reads back the same, escaping quotes', () => {
    const header = formatChallenge('Bearer', {
      resource_metadata: 'https://h/.well-known/oauth-protected-resource/mcp',
      scope: 'a b',
      error: undefined,
      error_description: 'say "please"',
    });
    assert.equal(
      header,
      'Bearer resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", scope="a b", error_description="say \\"please\\""',
    );
    assert.deepEqual(parseChallenges(header)[0]!.params, {
      resource_metadata: 'https://h/.well-known/oauth-protected-resource/mcp',
      scope: 'a b',
      error_description: 'say "please"',
    });
    assert.throws(() => formatChallenge('Bearer', { 'bad name': 'x' }), /parameter name/);
    assert.throws(() => formatChallenge('Bearer', { scope: 'a\r\nb' }), /Invalid character/);
  });
});
