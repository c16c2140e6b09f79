// mcpkit's OAuth client and command line against the official SDK 1.32.2's OAuth example server
// (`simpleStreamableHttp.js --oauth`: its demo authorization server, dynamic registration, token
// introspection, `requireBearerAuth`). The example listens on every interface at fixed ports, so
// it runs in a private network namespace with what drives it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { DIST_CLI, fixture } from '../helpers/e2e.js';

const PROBE = fileURLToPath(new URL('../fixtures/sdk-oauth-probe.js', import.meta.url));
const EXAMPLE = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/sdk/server/mcp.js')
  .replace(/server[/\\]mcp\.js$/, 'examples/server/simpleStreamableHttp.js');
const MCP = 'http://localhost:3000/mcp';

/** Why a private network namespace cannot be made here, or `undefined` when it can. */
function noNamespace(): string | undefined {
  const run = spawnSync('unshare', ['-rn', 'true'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? undefined : `unshare -rn is not available here: ${run.error?.message ?? run.stderr.trim()}`;
}

/** Runs `script` in a new network namespace, the example server started with `flags` beside it. */
function inNamespace(flags: string, script: string, env: Record<string, string> = {}) {
  const node = `"${process.execPath}"`;
  const whole =
    `ip link set lo up && ${node} "${EXAMPLE}" ${flags} >/dev/null 2>&1 & server=$!; ` +
    `${node} "${PROBE}" --wait ${MCP} && { ${script}; }; status=$?; kill $server; exit $status`;
  const run = spawnSync('unshare', ['-rn', 'sh', '-c', whole], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, ...env },
  });
  assert.equal(run.status, 0, `failed in the namespace:\n${run.stderr}${run.stdout}`);
  return run;
}

describe("mcpkit against the official SDK's OAuth example server", { skip: noNamespace() }, () => {
  for (const flags of ['--oauth', '--oauth --oauth-strict']) {
    it(`the client registers, authorizes with PKCE and a resource indicator, and calls a tool (${flags})`, () => {
      const run = inNamespace(flags, `"${process.execPath}" "${PROBE}" ${MCP}`);
      const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
      assert.equal(report.protocolVersion, '2025-11-25');
      assert.ok((report.tools as string[]).includes('greet'));
      assert.deepEqual(report.greeting, [{ type: 'text', text: 'Hello, mcpkit!' }]);
      assert.equal(report.authorizations, 1, 'the second connection reuses the tokens');
      const params = report.authorizationParams as Record<string, string | null>;
      assert.equal(params.response_type, 'code');
      assert.equal(params.code_challenge_method, 'S256');
      assert.equal(params.resource, MCP);
      assert.ok(params.state);
    });
  }

  const temp = mkdtempSync(join(tmpdir(), 'mcpkit-sdk-oauth-'));
  after(() => rmSync(temp, { recursive: true, force: true }));

  it('the command line logs in through the browser, then calls a tool with the kept tokens', () => {
    const cli = `"${process.execPath}" "${DIST_CLI}"`;
    const out = (name: string) => join(temp, name);
    inNamespace(
      '--oauth --oauth-strict',
      `${cli} list ${MCP} >"${out('list')}" 2>"${out('list.err')}" && ` +
        `${cli} call ${MCP} greet '{"name":"cli"}' >"${out('call')}" 2>"${out('call.err')}"`,
      {
        MCPKIT_CACHE_DIR: join(temp, 'cache'),
        BROWSER: `"${process.execPath}" "${fixture('fake-browser')}"`,
        FAKE_BROWSER_LOG: out('browser'),
      },
    );
    const visits = readFileSync(out('browser'), 'utf8').split('\n').filter(Boolean);
    assert.equal(visits.length, 1, 'the browser opened once, for the first command only');
    assert.equal(new URL(visits[0]!).searchParams.get('resource'), MCP);
    assert.match(readFileSync(out('list'), 'utf8'), /greet/);
    assert.match(readFileSync(out('call'), 'utf8'), /Hello, cli!/);
    assert.doesNotMatch(readFileSync(out('call.err'), 'utf8'), /log in/i);
  });
});
