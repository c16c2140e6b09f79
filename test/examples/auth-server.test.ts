// examples/auth-server: refused without a token, then authorized through the development
// authorization server, with a step-up for a tool's scope, as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/auth-server', () => {
  it('refuses a request without a token, then gets one and a second for a scope', async () => {
    const { code, stdout, stderr } = await runExample('auth-server', { ms: 60_000 });
    assert.equal(code, 0, stderr);
    assert.match(
      stdout,
      /^without a token: 401, scope "mcp", see http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp$/m,
    );
    assert.match(stdout, /^whoami -> You are dev-user \(scopes: mcp\)$/m);
    assert.equal(stdout.match(/^log in at http:\/\/127\.0\.0\.1:\d+\/auth$/gm)?.length, 2, stdout);
    assert.match(stdout, /^publish -> published$/m);
  });
});
