// A session our own server has forgotten: the client starts a new one and the call goes through.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/index.js';
import { listen } from '../../src/node/index.js';
import { contractServer } from '../contracts/contract-server.js';

describe('session renewal against the mcpkit server', () => {
  it('re-initializes after a 404 and retries the request', async () => {
    const server = contractServer();
    const http = await listen(server);
    const transport = new StreamableHttpClientTransport({ url: http.url });
    const session = await new Client({ name: 'c', version: '1' }).connect(transport, { protocolVersion: '2025-11-25' });
    const first = transport.sessionId!;
    // The server forgets the session (as after an expiry or a restart).
    const deleted = await fetch(http.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': first, 'mcp-protocol-version': session.protocolVersion },
    });
    assert.equal(deleted.status, 200);
    const result = await session.callTool({ name: 'echo', arguments: { text: 'still here' } });
    assert.deepEqual(result.content, [{ type: 'text', text: 'still here' }]);
    assert.notEqual(transport.sessionId, first);
    assert.equal(http.core.sessionCount, 1);
    await session.close();
    await http.close();
  });
});
