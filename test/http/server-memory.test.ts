// Sessions opened and ended leave nothing behind: 1,000 sessions, each initialized, used and
// deleted, leave the session table empty and the heap where it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createStreamableHttpHandler } from '../../src/http/index.js';
import { RawClient, SseReader, viaHandler } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe('Streamable HTTP session lifecycle and memory', () => {
  it('1,000 sessions opened and deleted leave the heap flat and the table empty', async () => {
    const { server } = createTestServer();
    // Every session under one client key, so the count kept per client is churned too.
    const handler = createStreamableHttpHandler(server, { clientKey: () => 'one client' });
    const fetch = viaHandler(handler);

    const cycle = async (): Promise<void> => {
      const c = new RawClient(fetch, 'http://localhost/mcp');
      await c.initialize();
      await c.callTool('echo', { text: 'x' });
      // A streamed call and an open GET stream, so streams and stored events are exercised too.
      const streamed = await c.post(
        c.request('tools/call', { name: 'count', arguments: { n: 2 }, _meta: { progressToken: 1 } }),
      );
      await new SseReader(streamed).messages();
      const get = await c.get();
      assert.equal((await c.delete()).status, 200);
      await get.body?.cancel();
    };

    for (let i = 0; i < 50; i++) await cycle(); // warm up caches, JIT and schema compilation
    const before = heapAfterGc();
    for (let i = 0; i < 1000; i++) await cycle();
    const grown = heapAfterGc() - before;

    assert.equal(handler.sessionCount, 0);
    assert.equal(server.sessions.size, 0);
    assert.ok(grown < 20 * 1024 * 1024, `the heap grew by ${(grown / 1024 / 1024).toFixed(1)} MiB`);
  });
});
