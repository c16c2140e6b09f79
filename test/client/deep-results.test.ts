// mcpkit's Client calling a tool of a real server process whose result nests 100,000 levels
// deep (written by the server as text): JSON.parse takes it, and nothing after it may overflow
// the stack, so the call resolves with the whole value in both eras, and the session serves on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { chainDepth, fixture, nodeTransport, within } from '../helpers/e2e.js';

describe('a client receiving a result 100,000 levels deep', () => {
  for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
    it(`resolves the call with it in ${protocolVersion}, and calls on`, async () => {
      const session = await new Client({ name: 'deep', version: '1' }).connect(
        nodeTransport(fixture('gateway-upstream-server')),
        { protocolVersion, eraCache: false },
      );
      try {
        assert.equal(session.protocolVersion, protocolVersion);
        const result = await within(
          session.callTool({ name: 'deep', arguments: { levels: 100_000 } }),
          30_000,
          'the deep result',
        );
        assert.equal(chainDepth((result.structuredContent as { deep?: unknown } | undefined)?.deep), 100_000);
        const echoed = await session.callTool({ name: 'echo', arguments: { text: 'after' } });
        assert.deepEqual(echoed.content, [{ type: 'text', text: 'after' }]);
      } finally {
        await session.close();
      }
    });
  }
});
