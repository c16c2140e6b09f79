// connectHttp picks the era and the transport a server speaks, over real sockets: a modern
// request first, the handshake when it is refused without an error of that revision, HTTP+SSE
// when initialize is refused too; and it remembers what worked per endpoint.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/client/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { MemoryEraCache } from '../../src/protocol/era-cache.js';
import { UnsupportedVersionError } from '../../src/protocol/errors.js';
import { Server, type ServerOptions } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { recordingFetch, textOf } from '../helpers/recording-fetch.js';
import { startSdkHttpServer, type SdkHttpServer } from '../helpers/http-client-sdk-server.js';

const clientInfo = { name: 'era-http', version: '1' };
const LIMIT = 15_000;

function mcpkitServer(options: ServerOptions = {}): Server {
  const server = new Server({ name: 'mcpkit-era', version: '1' }, options);
  server.tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }, ({ text }) => ({
    content: [{ type: 'text', text: String(text) }],
  }));
  return server;
}

/** What the client asked for, in order: `POST server/discover 200`, `GET 200`, ... */
function trail(recorder: ReturnType<typeof recordingFetch>): string[] {
  return recorder.exchanges.map(
    (e) => `${e.method}${e.headers.get('mcp-method') ? ` ${e.headers.get('mcp-method')}` : ''} ${e.status}`,
  );
}

describe('connectHttp choosing the era', () => {
  let dual: ListeningServer;
  let legacyOnly: ListeningServer;
  let sdk: SdkHttpServer;
  before(async () => {
    [dual, legacyOnly, sdk] = await Promise.all([
      listen(mcpkitServer(), { legacySse: true }),
      listen(mcpkitServer({ modern: false })),
      startSdkHttpServer(),
    ]);
  });
  after(() => Promise.all([dual.close(), legacyOnly.close(), sdk.close()]));

  const connect = (url: string, cache = new MemoryEraCache(), options: Parameters<typeof connectHttp>[2] = {}) => {
    const recorder = recordingFetch();
    return within(
      connectHttp(new Client(clientInfo), url, { fetch: recorder.fetch, eraCache: cache, ...options }),
      LIMIT,
      'connect',
    ).then((connection) => ({ ...connection, recorder, cache }));
  };

  it('speaks the modern revision to an mcpkit server: one POST, no session', async () => {
    const { session, kind, transport, recorder, cache } = await connect(dual.url);
    try {
      assert.deepEqual([session.protocolVersion, kind], ['2026-07-28', 'streamable-http']);
      assert.equal(textOf(await session.callTool({ name: 'echo', arguments: { text: 'now' } })), 'now');
      assert.deepEqual(trail(recorder), ['POST server/discover 200', 'POST tools/call 200']);
      assert.equal('sessionId' in transport ? transport.sessionId : 'none', undefined);
      assert.deepEqual(cache.get(dual.url), { era: 'modern', protocolVersion: '2026-07-28' });
    } finally {
      await session.close();
    }
  });

  it('falls back to the handshake with a server of that era, mcpkit or the official SDK', async () => {
    for (const url of [legacyOnly.url, `${sdk.origin}/mcp`]) {
      const { session, kind, recorder, cache } = await connect(url);
      try {
        assert.deepEqual([session.protocolVersion, kind], ['2025-11-25', 'streamable-http'], url);
        assert.deepEqual(trail(recorder).slice(0, 2), ['POST server/discover 400', 'POST 200'], url);
        assert.equal(textOf(await session.callTool({ name: 'echo', arguments: { text: 'then' } })), 'then');
        assert.deepEqual(cache.get(url), { era: 'legacy', protocolVersion: '2025-11-25' });
      } finally {
        await session.close();
      }
    }
  });

  it('falls back to HTTP+SSE last, and goes straight there the next time', async () => {
    const cache = new MemoryEraCache();
    for (const url of [`${sdk.origin}/sse`, new URL('/sse', dual.url).href]) {
      const first = await connect(url, cache);
      assert.deepEqual([first.kind, first.session.protocolVersion], ['sse', '2025-11-25'], url);
      assert.deepEqual(trail(first.recorder).slice(0, 3), ['POST server/discover 405', 'POST 405', 'GET 200'], url);
      await first.session.close();
      assert.deepEqual(cache.get(url), { era: 'legacy', protocolVersion: '2025-11-25', transport: 'sse' });
      const second = await connect(url, cache);
      assert.equal(second.kind, 'sse');
      assert.deepEqual(trail(second.recorder)[0], 'GET 200', 'no probe, no POST of initialize');
      await second.session.close();
    }
  });

  it('probes again when what it remembered no longer works', async () => {
    const cache = new MemoryEraCache();
    cache.set(dual.url, { era: 'legacy', protocolVersion: '2025-11-25', transport: 'sse' });
    const { session, kind, recorder } = await connect(dual.url, cache);
    try {
      assert.deepEqual([kind, session.protocolVersion], ['streamable-http', '2026-07-28']);
      assert.deepEqual(trail(recorder).slice(-1), ['POST server/discover 200']);
      assert.deepEqual(cache.get(dual.url), { era: 'modern', protocolVersion: '2026-07-28' });
    } finally {
      await session.close();
    }
  });

  it('keeps to the era asked for', async () => {
    const failure = await connect(`${sdk.origin}/mcp`, new MemoryEraCache(), { era: 'modern' }).then(
      () => assert.fail('should not connect'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof UnsupportedVersionError);
    assert.match(failure.message, /does not speak the modern revision/);
    const legacy = await connect(dual.url, new MemoryEraCache(), { era: 'legacy' });
    assert.deepEqual([legacy.session.protocolVersion, trail(legacy.recorder)[0]], ['2025-11-25', 'POST 200']);
    await legacy.session.close();
  });
});
