// One tool handler that asks the user, served by a real server process and called by this
// package's client in both eras: a multi round-trip request in 2026-07-28, a real
// elicitation/create request in 2025-11-25. The client's elicitation handler answers both.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { firstText, fixture, nodeTransport, within } from '../helpers/e2e.js';

function client(asked: string[]): Client {
  return new Client(
    { name: 'e2e-multiRoundTrip', version: '1' },
    {
      elicitation: {
        form: (params) => {
          asked.push(params.message);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      },
    },
  );
}

describe('a tool that asks the user, over stdio', () => {
  for (const protocolVersion of ['2026-07-28', '2025-11-25'] as const) {
    it(`is answered through the client's elicitation handler in ${protocolVersion}`, async () => {
      const asked: string[] = [];
      const session = await within(
        client(asked).connect(nodeTransport(fixture('golden-server')), { protocolVersion }),
        15_000,
        'connect',
      );
      try {
        assert.equal(session.protocolVersion, protocolVersion);
        const result = await within(session.callTool({ name: 'ask', arguments: {} }), 15_000, 'the call');
        assert.equal(firstText(result), 'Hello, Ada');
        assert.deepEqual(asked, ['Your name?']);
      } finally {
        await session.close();
      }
    });
  }
});
