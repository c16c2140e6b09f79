// tools/list is made once until the tools change, JSON included: what goes on the wire after a
// change must be the new list (here as modern answers, which are also dressed once), and the
// kept text must be what JSON.stringify gives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serialize } from '../../src/jsonrpc/codec.js';
import { SerializedResult } from '../../src/jsonrpc/serialized-result.js';
import { createStreamableHttpHandler } from '../../src/http/index.js';
import { Client } from '../../src/client/index.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { modernHeaders } from '../helpers/modern-post.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function listTools(
  handler: (request: Request) => Promise<Response>,
  id: number,
): Promise<Array<{ name: string; description?: string }>> {
  const response = await handler(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: modernHeaders('tools/list'),
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } }),
    }),
  );
  const reply = (await response.json()) as {
    id: number;
    result: { tools: Array<{ name: string; description?: string }>; resultType: string; ttlMs: number };
  };
  assert.equal(reply.id, id);
  assert.equal(reply.result.resultType, 'complete');
  assert.equal(reply.result.ttlMs, 0);
  return reply.result.tools;
}

async function listNames(handler: (request: Request) => Promise<Response>, id: number): Promise<string[]> {
  return (await listTools(handler, id)).map((t) => t.name);
}

describe('the tools/list answer made once', () => {
  it('is written exactly as JSON.stringify would write the response', () => {
    const result = new SerializedResult({ tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'c2' });
    for (const id of [7, 'x"y', 0]) {
      const message = { jsonrpc: '2.0' as const, id, result };
      assert.equal(serialize(message), JSON.stringify(message));
    }
  });

  it('reads as the result itself, and is frozen once its text was taken', () => {
    const plain = { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'c2' };
    const result = new SerializedResult(plain);
    assert.ok(result instanceof SerializedResult);
    assert.deepEqual({ ...result }, plain);
    assert.equal(result.nextCursor, 'c2');
    assert.equal(JSON.stringify(result), JSON.stringify(plain));
    assert.ok(Object.isFrozen(result));
    assert.throws(() => Object.assign(result, { nextCursor: 'c3' }), TypeError);
  });

  it('reaches a client over the in-memory pair as plain data, cloned or not, in both eras', async () => {
    for (const clone of [true, false]) {
      for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
        const server = new Server({ name: 'list-cache', version: '1' });
        server.tool('one', {}, () => ({ content: [] }));
        const [a, b] = createInMemoryPair({ clone });
        const [, session] = await Promise.all([
          server.connect(a),
          new Client({ name: 'c', version: '1' }).connect(b, { protocolVersion, eraCache: false }),
        ]);
        assert.equal(session.protocolVersion, protocolVersion);
        for (let round = 0; round < 2; round++) {
          const page = await session.listTools({}, { bypassCache: true });
          const where = `clone: ${clone}, ${protocolVersion}, round ${round}`;
          assert.equal(Object.getPrototypeOf(page), Object.prototype, where);
          assert.ok(!Object.isFrozen(page), where);
          assert.deepEqual(
            page.tools.map((t) => t.name),
            ['one'],
            where,
          );
        }
        await session.close();
      }
    }
  });

  it('follows every change of the tools, on the wire', async () => {
    const server = new Server({ name: 'list-cache', version: '1' });
    const one = server.tool('one', {}, () => ({ content: [] }));
    const handler = createStreamableHttpHandler(server);
    assert.deepEqual(await listNames(handler, 1), ['one']);
    assert.deepEqual(await listNames(handler, 2), ['one'], 'the same list twice');
    const two = server.tool('two', { description: 'second' }, () => ({ content: [] }));
    assert.deepEqual(await listNames(handler, 3), ['one', 'two']);
    one.disable();
    assert.deepEqual(await listNames(handler, 4), ['two']);
    two.update({ description: 'changed' });
    one.enable();
    assert.deepEqual(
      (await listTools(handler, 5)).map((t) => [t.name, t.description]),
      [
        ['one', undefined],
        ['two', 'changed'],
      ],
    );
    two.remove();
    assert.deepEqual(await listNames(handler, 6), ['one']);
  });
});
