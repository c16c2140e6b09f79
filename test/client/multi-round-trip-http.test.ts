// Multi round-trip requests over real Streamable HTTP in the modern revision: each round is
// its own POST with the version header equal to the body's, and asking for the modern
// revision still falls back to the handshake with a server of the older era.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { recordingFetch, textOf } from '../helpers/recording-fetch.js';
import { startSdkHttpServer } from '../helpers/http-client-sdk-server.js';
import { askName, clientInfo } from '../helpers/multi-round-trip.js';

const LIMIT = 15_000;

describe('multi round-trip requests over Streamable HTTP', () => {
  let listening: ListeningServer;
  before(async () => {
    const server = new Server({ name: 'http-multiRoundTrip', version: '1' });
    server.addFeature({
      capabilities: () => ({ tools: {} }),
      rawInputRounds: true,
      handlers: {
        'tools/call': (params) =>
          params.requestState === undefined
            ? { resultType: 'input_required', inputRequests: { login: askName() }, requestState: 'over-http' }
            : {
                content: [
                  {
                    type: 'text',
                    text: `welcome ${JSON.stringify(params.inputResponses)} with ${String(params.requestState)}`,
                  },
                ],
              },
      },
    });
    listening = await listen(server);
  });
  after(() => listening.close());

  it('answers and retries, each request a POST without a session carrying the version header', async () => {
    const recorder = recordingFetch();
    const client = new Client(clientInfo, {
      elicitation: { form: () => ({ action: 'accept', content: { name: 'web' } }) },
    });
    const { session } = await within(
      connectHttp(client, listening.url, { protocolVersion: '2026-07-28', fetch: recorder.fetch }),
      LIMIT,
      'connect',
    );
    try {
      assert.equal(session.protocolVersion, '2026-07-28');
      const result = await within(session.callTool({ name: 'login' }), LIMIT, 'call');
      assert.equal(textOf(result), 'welcome {"login":{"action":"accept","content":{"name":"web"}}} with over-http');
      const posts = recorder.exchanges.filter((e) => e.method === 'POST');
      assert.equal(posts.length, 3); // discover, the call, its retry
      for (const post of posts) {
        assert.equal(post.status, 200);
        assert.equal(post.headers.get('mcp-protocol-version'), '2026-07-28');
        assert.equal(post.headers.get('mcp-session-id'), null);
      }
    } finally {
      await session.close();
    }
  });

  it('falls back to the handshake with a server of the older era', async () => {
    const sdk = await startSdkHttpServer();
    try {
      const { session } = await within(
        connectHttp(new Client(clientInfo), `${sdk.origin}/mcp`, { protocolVersion: '2026-07-28' }),
        LIMIT,
        'connect',
      );
      try {
        assert.equal(session.protocolVersion, '2025-11-25');
        assert.equal(textOf(await session.callTool({ name: 'echo', arguments: { text: 'old era' } })), 'old era');
      } finally {
        await session.close();
      }
    } finally {
      await sdk.close();
    }
  });
});
