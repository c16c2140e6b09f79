// The mcpkit CLI with a URL as the server: Streamable HTTP and the older HTTP+SSE, with
// --header reaching the server on every request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../helpers/e2e.js';
import { sdkHttpServerForSuite } from '../helpers/http-client-sdk-server.js';

describe('mcpkit with a URL', () => {
  const server = sdkHttpServerForSuite();

  it('lists what a Streamable HTTP server offers, sending --header with every request', async () => {
    const from = server.requests.length;
    const result = await runCli([
      'list',
      `${server.origin}/mcp`,
      '--header',
      'X-Test-Token: abc 123',
      '--header',
      'X-Second:two',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^sdk-http-fixture 1\.0\.0 \(protocol 2025-11-25\)/);
    assert.match(result.stdout, /Tools \(6\)/);
    assert.match(result.stdout, /echo\(text: string\)\s+Echoes text/);
    const requests = server.requests.slice(from);
    assert.ok(
      requests.some((r) => r.method === 'DELETE'),
      'the CLI ends its session',
    );
    for (const request of requests) {
      assert.equal(request.headers['x-test-token'], 'abc 123', `${request.method} ${request.path}`);
      assert.equal(request.headers['x-second'], 'two');
    }
  });

  it('calls a tool, with the URL before or after the other arguments', async () => {
    const first = await runCli(['call', `${server.origin}/mcp`, 'echo', '{"text":"hi"}']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, 'hi\n');
    const second = await runCli(['call', '--json', 'echo', '{"text":"hey"}', '--', `${server.origin}/mcp`]);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(JSON.parse(second.stdout), { content: [{ type: 'text', text: 'hey' }] });
  });

  it('falls back to HTTP+SSE for an older server', async () => {
    const from = server.requests.length;
    const result = await runCli([
      'call',
      `${server.origin}/sse`,
      'echo',
      '{"text":"old"}',
      '--header',
      'X-Test-Token: legacy',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'old\n');
    const requests = server.requests.slice(from);
    assert.ok(requests.some((r) => r.method === 'POST' && r.path.startsWith('/messages?sessionId=')));
    for (const request of requests) assert.equal(request.headers['x-test-token'], 'legacy');
  });

  it('reports a server that cannot be reached, and a --header given with a command', async () => {
    const unreachable = await runCli(['list', 'http://127.0.0.1:1/mcp']);
    assert.equal(unreachable.code, 3);
    assert.match(unreachable.stderr, /mcpkit list: POST http:\/\/127\.0\.0\.1:1\/mcp failed: fetch failed/);
    const misplaced = await runCli(['list', '--header', 'X-A: b', '--', 'node', 'server.js']);
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.stderr, /--header applies to a server given by URL/);
    const malformed = await runCli(['list', '--header', 'no colon here', `${server.origin}/mcp`]);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /--header must look like 'Name: value'/);
  });
});
