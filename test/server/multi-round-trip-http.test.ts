// A multi round-trip request over Streamable HTTP: two independent modern POSTs on a real
// socket, the second carrying the answer and the requestState of the first.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listen } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { modernHeaders } from '../helpers/modern-post.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'http-client', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

interface Reply {
  result?: { resultType: string; inputRequests?: Record<string, unknown>; requestState?: string; content?: unknown };
  error?: { code: number; message: string };
}

describe('multi round-trip requests over HTTP', () => {
  it('asks on one POST and completes on the retry, with no session in between', async () => {
    const server = new Server({ name: 'multi-round-trip-http', version: '1' });
    server.tool('greet', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      return { content: [{ type: 'text', text: `Hello, ${String(answer.content?.name)}!` }] };
    });
    const http = await listen(server);
    try {
      const post = async (id: number, params: Record<string, unknown>): Promise<Reply> => {
        const response = await fetch(http.url, {
          method: 'POST',
          headers: modernHeaders('tools/call', 'greet'),
          body: JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'greet', ...params, _meta: META },
          }),
        });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('mcp-session-id'), null);
        return (await response.json()) as Reply;
      };
      const first = await post(1, {});
      assert.equal(first.result?.resultType, 'input_required');
      assert.deepEqual(Object.keys(first.result?.inputRequests ?? {}), ['elicitation-1']);
      const done = await post(2, {
        inputResponses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } },
        requestState: first.result?.requestState,
      });
      assert.equal(done.result?.resultType, 'complete');
      assert.deepEqual(done.result?.content, [{ type: 'text', text: 'Hello, Ada!' }]);
      assert.equal(http.core.sessionCount, 0);
    } finally {
      await http.close();
    }
  });

  it("refuses a used requestState replayed by another client under the same name: no one gets another's answers", async () => {
    const form = (message: string) => ({
      message,
      requestedSchema: {
        type: 'object' as const,
        properties: { value: { type: 'string' as const } },
        required: ['value'],
      },
    });
    const server = new Server({ name: 'multi-round-trip-http', version: '1' });
    server.tool('transfer', {}, async (_args, ctx) => {
      const account = await ctx.elicit(form('Account?'));
      const confirm = await ctx.elicit(form('Confirm?'));
      return {
        content: [
          { type: 'text', text: `${String(confirm.content?.value)}: account ${String(account.content?.value)}` },
        ],
      };
    });
    const http = await listen(server);
    /** A client of its own: every POST it makes names it as the same app, as anyone can. */
    const client = () => {
      let id = 0;
      return async (params: Record<string, unknown>): Promise<Reply> => {
        const response = await fetch(http.url, {
          method: 'POST',
          headers: modernHeaders('tools/call', 'transfer'),
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: ++id,
            method: 'tools/call',
            params: { name: 'transfer', ...params, _meta: META },
          }),
        });
        return (await response.json()) as Reply;
      };
    };
    try {
      const alice = client();
      const first = await alice({});
      const second = await alice({
        inputResponses: { 'elicitation-1': { action: 'accept', content: { value: 'alice-secret-account' } } },
        requestState: first.result?.requestState,
      });
      assert.deepEqual(Object.keys(second.result?.inputRequests ?? {}), ['elicitation-2']);
      const stateWithAnswer = second.result?.requestState;
      const confirmed = { 'elicitation-2': { action: 'accept', content: { value: 'yes' } } };
      const done = await alice({ inputResponses: confirmed, requestState: stateWithAnswer });
      assert.deepEqual(done.result?.content, [{ type: 'text', text: 'yes: account alice-secret-account' }]);

      // Someone who saw that state (a log, a proxy) presents it as the same app.
      const mallory = client();
      const replay = await mallory({ inputResponses: confirmed, requestState: stateWithAnswer });
      assert.equal(replay.error?.code, -32602, JSON.stringify(replay));
      assert.doesNotMatch(JSON.stringify(replay), /alice-secret-account/);
      assert.match(replay.error?.message ?? '', /used already/);
    } finally {
      await http.close();
    }
  });
});
