// examples/http-server: one URL, called as a 2025-11-25 client (a session) and as a 2026-07-28
// client (none), as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/http-server', () => {
  it('serves a session of 2025-11-25 and a stateless request of 2026-07-28 at one URL', async () => {
    const { code, stdout, stderr } = await runExample('http-server');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^server at http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
    assert.match(stdout, /^2025-11-25: Hello, Ada! \(served over 2025-11-25\) \(session [0-9a-f-]{36}\)$/m);
    assert.match(stdout, /^2026-07-28: Hello, Ada! \(served over 2026-07-28\) \(session none\)$/m);
  });
});
