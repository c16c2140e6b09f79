// A multi round-trip request over Streamable HTTP: two independent stateless POSTs on a real
// socket, the second carrying the answer and the requestState of the first.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listen } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'http-client', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

interface Reply {
  result?: { resultType: string; inputRequests?: Record<string, unknown>; requestState?: string; content?: unknown };
  error?: { code: number };
}

describe('multi round-trip requests over HTTP', () => {
  it('asks on one POST and completes on the retry, with no session in between', async () => {
    const server = new Server({ name: 'mrtr-http', version: '1' });
    server.tool('greet', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
      return { content: [{ type: 'text', text: `Hello, ${String(answer.content?.name)}!` }] };
    });
    const http = await listen(server);
    try {
      const post = async (id: number, params: Record<string, unknown>): Promise<Reply> => {
        const response = await fetch(http.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'greet' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'greet', ...params, _meta: META } }),
        });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('mcp-session-id'), null);
        return (await response.json()) as Reply;
      };
      const first = await post(1, {});
      assert.equal(first.result?.resultType, 'input_required');
      assert.deepEqual(Object.keys(first.result?.inputRequests ?? {}), ['elicitation-1']);
      const done = await post(2, { inputResponses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } }, requestState: first.result?.requestState });
      assert.equal(done.result?.resultType, 'complete');
      assert.deepEqual(done.result?.content, [{ type: 'text', text: 'Hello, Ada!' }]);
      assert.equal(http.core.sessionCount, 0);
    } finally {
      await http.close();
    }
  });
});
