// examples/fleet: Redis, three processes and a round-robin balancer started by the example's
// main file; one 2025-11-25 session's calls are served by every process, as its README says.
// (The file's name holds "redis", so the test command installs redis-server where it can.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';
import { redisMissing } from '../helpers/redis.js';

describe('examples/fleet', { skip: redisMissing() }, () => {
  it('serves one session from three processes behind a balancer', async () => {
    const { code, stdout, stderr } = await runExample('fleet', { ms: 60_000, env: { REDIS_URL: '' } });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^redis at redis:\/\/127\.0\.0\.1:\d+$/m);
    for (const name of ['A', 'B', 'C'])
      assert.match(stdout, new RegExp(`^process ${name} at http://127\\.0\\.0\\.1:\\d+/mcp$`, 'm'));

    const calls = [...stdout.matchAll(/^2025-11-25 call \d \(session ([0-9a-f-]{36})\): served by process ([ABC])$/gm)];
    assert.equal(calls.length, 6, stdout);
    assert.equal(new Set(calls.map((call) => call[1])).size, 1, 'one session');
    assert.deepEqual(new Set(calls.map((call) => call[2])), new Set(['A', 'B', 'C']), 'served by every process');
    assert.equal(stdout.match(/^2026-07-28 call \d \(session none\): served by process [ABC]$/gm)?.length, 6, stdout);
  });
});
