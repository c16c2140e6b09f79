// Host and Origin validation of the legacy endpoint, case by case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HttpRequestLike } from '../../src/http/server/exchange.js';
import { hostOriginRejection, type HostOriginPolicy } from '../../src/http/server/legacy-sse/index.js';

function request(headers: Record<string, string>): HttpRequestLike {
  return {
    method: 'GET',
    path: '/sse',
    header: (name) => headers[name],
    text: () => Promise.resolve(''),
    onAbort: () => {},
  };
}

const accepted = (headers: Record<string, string>, policy?: HostOriginPolicy) =>
  hostOriginRejection(request(headers), policy) === undefined;

describe('hostOriginRejection', () => {
  it('accepts loopback hosts on any port by default, and nothing else', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:9', '[::1]', 'LOCALHOST:1'])
      assert.ok(accepted({ host }), host);
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.2:80', 'localhost.evil.example', '[::2]:80'])
      assert.ok(!accepted({ host }), host);
    assert.ok(!accepted({}));
  });

  it('accepts no origin, or a loopback origin, by default', () => {
    assert.ok(accepted({ host: 'localhost:3000', origin: 'http://localhost:5173' }));
    assert.ok(accepted({ host: 'localhost:3000', origin: 'https://127.0.0.1' }));
    assert.ok(accepted({ host: 'localhost:3000', origin: 'http://[::1]:5173' }));
    for (const origin of ['https://evil.example', 'null', 'file://', 'http://localhost.evil.example', 'not a url']) {
      assert.match(
        hostOriginRejection(request({ host: 'localhost:3000', origin })) ?? '',
        /Origin not allowed/,
        origin,
      );
    }
  });

  it('takes allowed hosts as names on any port or as name:port', () => {
    const policy = { allowedHosts: ['mcp.example', 'other.example:8443'] };
    assert.ok(accepted({ host: 'mcp.example:1234' }, policy));
    assert.ok(accepted({ host: 'other.example:8443' }, policy));
    assert.ok(!accepted({ host: 'other.example:8444' }, policy));
    assert.ok(!accepted({ host: 'localhost' }, policy));
    // Without allowedOrigins, an origin on an allowed host is accepted.
    assert.ok(accepted({ host: 'mcp.example', origin: 'https://mcp.example' }, policy));
    assert.ok(!accepted({ host: 'mcp.example', origin: 'https://evil.example' }, policy));
  });

  it('takes allowed origins exactly, and * for any host or origin', () => {
    const policy = { allowedOrigins: ['https://app.example'] };
    assert.ok(accepted({ host: 'localhost', origin: 'https://app.example' }, policy));
    assert.ok(!accepted({ host: 'localhost', origin: 'https://app.example:444' }, policy));
    assert.ok(!accepted({ host: 'localhost', origin: 'http://localhost' }, policy));
    assert.ok(
      accepted(
        { host: 'anything.example', origin: 'https://anywhere.example' },
        { allowedHosts: ['*'], allowedOrigins: ['*'] },
      ),
    );
    assert.ok(accepted({}, { allowedHosts: ['*'] }));
  });

  it("keeps the Origin check when allowedHosts is ['*']", () => {
    const policy = { allowedHosts: ['*'] };
    assert.ok(accepted({ host: 'anything.example' }, policy));
    assert.match(
      hostOriginRejection(request({ host: 'anything.example', origin: 'http://evil.com' }), policy) ?? '',
      /Origin not allowed/,
    );
    assert.ok(!accepted({ host: 'anything.example', origin: 'http://anything.example' }, policy));
    assert.ok(accepted({ host: 'anything.example', origin: 'http://127.0.0.1:5173' }, policy));
  });
});
