// JSON-RPC batches over Streamable HTTP: accepted in 2025-03-26 sessions (one array answers
// them), refused from 2025-06-18 on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStreamableHttpHandler } from '../../src/http/index.js';
import { RawClient, SseReader, viaHandler } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

function client(): RawClient {
  return new RawClient(viaHandler(createStreamableHttpHandler(createTestServer().server)), 'http://localhost/mcp');
}

describe('Streamable HTTP batches', () => {
  it('answers a batch of a 2025-03-26 session with one JSON array', async () => {
    const c = client();
    await c.initialize('2025-03-26');
    const response = await c.post([
      { jsonrpc: '2.0', id: 'e', method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      { jsonrpc: '2.0', id: 'p', method: 'ping' },
      { jsonrpc: '2.0', id: 'x', method: 'no/such/method' },
    ]);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json');
    const answers = (await response.json()) as { id: string; result?: unknown; error?: { code: number } }[];
    assert.ok(Array.isArray(answers));
    const byId = new Map(answers.map((a) => [a.id, a]));
    assert.equal(answers.length, 3);
    assert.deepEqual(byId.get('e')?.result, { content: [{ type: 'text', text: 'one' }] });
    assert.deepEqual(byId.get('p')?.result, {});
    assert.equal(byId.get('x')?.error?.code, -32601);
  });

  it('answers a batch of notifications only with 202', async () => {
    const c = client();
    await c.initialize('2025-03-26');
    const response = await c.post([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
    assert.equal(response.status, 202);
  });

  it('answers a batch whose items have no usable id with an array of errors', async () => {
    const c = client();
    await c.initialize('2025-03-26');
    const response = await c.post([1, { jsonrpc: '2.0', id: null, method: 'ping' }]);
    const answers = (await response.json()) as { id: null; error: { code: number } }[];
    assert.deepEqual(
      answers.map((a) => [a.id, a.error.code]),
      [
        [null, -32600],
        [null, -32600],
      ],
    );
  });

  it('streams a batch whose requests report progress, ending with the array of answers', async () => {
    const c = client();
    await c.initialize('2025-03-26');
    const response = await c.post([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: 2 }, _meta: { progressToken: 't' } },
      },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    const messages = await new SseReader(response).messages();
    assert.deepEqual(
      messages.slice(0, 2).map((m) => m.method),
      ['notifications/progress', 'notifications/progress'],
    );
    const last = messages[2] as unknown as { id: number }[];
    assert.ok(Array.isArray(last), 'the answers come as one batch');
    assert.deepEqual(last.map((a) => a.id).sort(), [1, 2]);
  });

  it('refuses batches in 2025-06-18 and later sessions with 400 and -32600', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const c = client();
      await c.initialize(version);
      const response = await c.post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      assert.equal(response.status, 400, version);
      const body = (await response.json()) as { id: null; error: { code: number } };
      assert.equal(body.id, null);
      assert.equal(body.error.code, -32600);
      const notifications = await c.post([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
      assert.equal(notifications.status, 400, 'a batch of notifications is refused too');
      assert.equal((await c.post(c.request('ping'))).status, 200, 'the session goes on');
    }
  });

  it('refuses an empty batch with 400', async () => {
    const c = client();
    await c.initialize('2025-03-26');
    const response = await c.post([]);
    assert.equal(response.status, 400);
  });
});
