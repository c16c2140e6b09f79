// listen on every interface, in a private network namespace (so nothing is exposed while the
// test runs) whose loopback interface also carries a non-loopback address: the warning for
// checks opened with '*', and the default per-client limit, which counts clients by address
// and leaves loopback ones alone. The decision behind the warning is also checked directly.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openEndpointWarning } from '../../src/node/open-endpoint-warning.js';

const PROBE = fileURLToPath(new URL('../fixtures/open-network-probe.js', import.meta.url));
const OUTSIDE = '10.200.0.1';

/** Why a private network namespace cannot be made here, or `undefined` when it can. */
function noNamespace(): string | undefined {
  const run = spawnSync('unshare', ['-rn', 'true'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? undefined : `unshare -rn is not available here: ${run.error?.message ?? run.stderr.trim()}`;
}

describe('listen on every interface', () => {
  it('warns when a check is open to any value, and counts clients by address', { skip: noNamespace() }, () => {
    const script = `ip link set lo up && ip addr add ${OUTSIDE}/32 dev lo && exec "${process.execPath}" "${PROBE}" ${OUTSIDE}`;
    const run = spawnSync('unshare', ['-rn', 'sh', '-c', script], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as Record<string, string[]> & {
      perClient: { fromOutside: number[]; fromLoopback: number[] };
    };
    assert.equal(report.anyHost?.length, 1);
    assert.match(
      report.anyHost![0]!,
      /^MCPKIT_OPEN_ENDPOINT: listen: serving on 0\.0\.0\.0, reachable from other machines, with the Host check \(allowedHosts: \['\*'\]\)/,
    );
    assert.equal(report.anyOrigin?.length, 1);
    assert.match(report.anyOrigin![0]!, /the Origin check \(allowedOrigins: \['\*'\]\)/);
    assert.doesNotMatch(report.anyOrigin![0]!, /Host check/);
    assert.equal(report.anyOriginOnLegacy?.length, 1, 'the HTTP+SSE endpoint counts too');
    assert.deepEqual(report.closed, []);
    assert.deepEqual(report.loopback, []);
    assert.deepEqual(report.perClient.fromOutside, [200, 200, 429]);
    assert.deepEqual(report.perClient.fromLoopback, [200, 200, 200]);
  });
});

describe('openEndpointWarning', () => {
  it('warns only for a host other machines reach, with a check opened by a wildcard', () => {
    const open = [{ allowedHosts: ['*'] }];
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'fe80::1', 'mcp.example'])
      assert.ok(openEndpointWarning(host, open), host);
    for (const host of ['127.0.0.1', '127.8.8.8', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])
      assert.equal(openEndpointWarning(host, open), undefined, host);
    assert.equal(openEndpointWarning('0.0.0.0', [{}]), undefined);
    assert.equal(
      openEndpointWarning('0.0.0.0', [{ allowedHosts: ['mcp.example'], allowedOrigins: ['https://app.example'] }]),
      undefined,
    );
    assert.match(openEndpointWarning('::', [{}, { allowedOrigins: ['*'] }]) ?? '', /Origin check/);
  });
});
