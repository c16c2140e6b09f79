// The Host and Origin checks are independent over real sockets: `allowedHosts: ['*']` opens the
// Host check alone, and a browser's Origin must still be a loopback one, one of the named
// hosts, or listed in `allowedOrigins`; `allowedOrigins: ['*']` is the explicit way to open it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { listen, type ListenOptions } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'o', version: '1' } },
});

/** Status of a POST of `initialize` to `url` with these headers, over a socket of its own. */
async function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  const req = httpRequest(url, {
    method: 'POST',
    agent: false,
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
  });
  req.end(INITIALIZE);
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.statusCode ?? 0;
}

/** Status of `GET /sse` with these headers; the stream, when opened, is dropped at once. */
async function sseStatusOf(url: string, headers: Record<string, string>): Promise<number> {
  const req = httpRequest(url, { method: 'GET', agent: false, headers: { accept: 'text/event-stream', ...headers } });
  req.end();
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.destroy();
  return response.statusCode ?? 0;
}

async function serving(options: ListenOptions, check: (mcp: string, sse: string) => Promise<void>): Promise<void> {
  const server = new Server({ name: 'origin', version: '1' });
  const http = await listen(server, { ...options, legacySse: true });
  try {
    await check(http.url, http.url.replace('/mcp', '/sse'));
  } finally {
    await http.close();
  }
}

describe('Host and Origin checks stay independent', () => {
  it("allowedHosts: ['*'] accepts any Host but still refuses a foreign Origin (403)", async () => {
    await serving({ allowedHosts: ['*'] }, async (mcp, sse) => {
      assert.equal(await statusOf(mcp, { host: 'anything.example' }), 200, 'any Host, no Origin');
      assert.equal(await statusOf(mcp, { origin: 'http://evil.com' }), 403);
      assert.equal(
        await statusOf(mcp, { host: 'anything.example', origin: 'http://anything.example' }),
        403,
        'an Origin is not admitted by the wildcard',
      );
      assert.equal(await statusOf(mcp, { origin: 'http://localhost:5173' }), 200, 'a loopback Origin');
      assert.equal(await sseStatusOf(sse, { origin: 'http://evil.com' }), 403, 'the HTTP+SSE endpoint alike');
      assert.equal(await sseStatusOf(sse, { host: 'anything.example' }), 200);
    });
  });

  it("allowedOrigins: ['*'] is the explicit way to accept any Origin", async () => {
    await serving({ allowedHosts: ['*'], allowedOrigins: ['*'] }, async (mcp, sse) => {
      assert.equal(await statusOf(mcp, { host: 'anything.example', origin: 'http://evil.com' }), 200);
      assert.equal(await sseStatusOf(sse, { origin: 'http://evil.com' }), 200);
    });
  });

  it('a named host admits Origins on that host, and loopback ones', async () => {
    await serving({ allowedHosts: ['mcp.example', 'localhost', '127.0.0.1'] }, async (mcp) => {
      assert.equal(await statusOf(mcp, { host: 'mcp.example', origin: 'https://mcp.example' }), 200);
      assert.equal(await statusOf(mcp, { host: 'mcp.example', origin: 'https://evil.example' }), 403);
      assert.equal(await statusOf(mcp, { host: 'other.example' }), 403);
    });
  });
});
