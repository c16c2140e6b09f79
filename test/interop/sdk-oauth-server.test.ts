// mcpkit's OAuth client against the official SDK 1.32.2's OAuth example server
// (`simpleStreamableHttp.js --oauth`: its demo authorization server, dynamic registration, token
// introspection, `requireBearerAuth`). The example listens on every interface at fixed ports, so
// it runs in a private network namespace with the probe that drives it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const PROBE = fileURLToPath(new URL('../fixtures/sdk-oauth-probe.js', import.meta.url));
const EXAMPLE = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/sdk/server/mcp.js')
  .replace(/server[/\\]mcp\.js$/, 'examples/server/simpleStreamableHttp.js');

/** Why a private network namespace cannot be made here, or `undefined` when it can. */
function noNamespace(): string | undefined {
  const run = spawnSync('unshare', ['-rn', 'true'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? undefined : `unshare -rn is not available here: ${run.error?.message ?? run.stderr.trim()}`;
}

/** The example server started with `flags` and the probe run against it, in one namespace. */
function probe(flags: string): { report: Record<string, unknown>; stderr: string } {
  const script =
    `ip link set lo up && "${process.execPath}" "${EXAMPLE}" ${flags} >/dev/null 2>&1 & server=$!; ` +
    `"${process.execPath}" "${PROBE}" http://localhost:3000/mcp; status=$?; kill $server; exit $status`;
  const run = spawnSync('unshare', ['-rn', 'sh', '-c', script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, `the probe failed:\n${run.stderr}${run.stdout}`);
  return { report: JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>, stderr: run.stderr };
}

describe("mcpkit's OAuth client against the official SDK's OAuth example server", { skip: noNamespace() }, () => {
  for (const flags of ['--oauth', '--oauth --oauth-strict']) {
    it(`registers, authorizes with PKCE and a resource indicator, and calls a tool (${flags})`, () => {
      const { report } = probe(flags);
      assert.equal(report.protocolVersion, '2025-11-25');
      assert.ok((report.tools as string[]).includes('greet'));
      assert.deepEqual(report.greeting, [{ type: 'text', text: 'Hello, mcpkit!' }]);
      assert.equal(report.authorizations, 1, 'the second connection reuses the tokens');
      const params = report.authorizationParams as Record<string, string | null>;
      assert.equal(params.response_type, 'code');
      assert.equal(params.code_challenge_method, 'S256');
      assert.equal(params.resource, 'http://localhost:3000/mcp');
      assert.ok(params.state);
    });
  }
});
