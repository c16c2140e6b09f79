// The policy a host renders a view under, from its _meta.ui: the spec's restrictive default
// when nothing is declared, each declared origin in its directives and nowhere else, no eval
// ever, and an origin that would add a directive or keyword dropped and named.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { viewPolicy } from '../../src/app-host/policy.js';

describe('the policy of a view', () => {
  it('allows only the view itself when it declares nothing', () => {
    assert.deepEqual(viewPolicy(undefined), {
      csp: "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; object-src 'none'",
      allow: '',
      dropped: [],
    });
  });

  it('puts each declared origin in its directives, and the permissions in allow', () => {
    const policy = viewPolicy({
      csp: {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://www.youtube.com'],
      },
      permissions: { clipboardWrite: {}, camera: {} },
    });
    assert.equal(
      policy.csp,
      [
        "default-src 'none'",
        "script-src 'self' 'unsafe-inline' https://cdn.example.com",
        "style-src 'self' 'unsafe-inline' https://cdn.example.com",
        "connect-src 'self' https://api.example.com wss://live.example.com",
        "img-src 'self' data: https://cdn.example.com",
        "font-src 'self' https://cdn.example.com",
        "media-src 'self' data: https://cdn.example.com",
        'frame-src https://www.youtube.com',
        "object-src 'none'",
        "base-uri 'self'",
      ].join('; '),
    );
    assert.equal(policy.allow, 'camera; clipboard-write');
    assert.doesNotMatch(policy.csp, /unsafe-eval/);
  });

  it('drops an origin that would change what the policy says, and names it', () => {
    const policy = viewPolicy({
      csp: { connectDomains: ["https://a.example 'unsafe-eval'", 'https://ok.example', 'x;script-src *', 7 as never] },
    });
    assert.match(policy.csp, /connect-src 'self' https:\/\/ok\.example;/);
    assert.doesNotMatch(policy.csp, /unsafe-eval|script-src \*/);
    assert.deepEqual(policy.dropped, [
      `connectDomains: "https://a.example 'unsafe-eval'"`,
      'connectDomains: "x;script-src *"',
      'connectDomains: 7',
    ]);
    assert.match(policy.csp, /frame-src 'none'/);
  });
});
