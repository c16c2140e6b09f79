// Choosing the era against a peer that speaks only the handshake revisions, with the official v2
// SDK on one side: a client that asks for 2026-07-28 and probes with server/discover falls back
// to the 2025-11-25 handshake on the same connection, unless it was pinned to 2026-07-28.
import assert from 'node:assert/strict';
import process from 'node:process';
import { describe, it } from 'node:test';
import {
  Client as V2Client,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/index.js';
import { clientInfo, firstText, fixture, nodeTransport, within } from '../helpers/e2e.js';
import { startV2HttpServer } from '../helpers/v2-http-server.js';
import { withStandardHeaders } from '../helpers/interop-v2.js';
import { startHttpChild } from '../helpers/http-child.js';

const LEGACY_MCPKIT = 'v2-mcpkit-legacy-server';

async function v2Connect(mode: VersionNegotiationMode, transport: Transport): Promise<V2Client> {
  const client = new V2Client({ name: 'v2-sdk-client', version: '2.4.0' }, { versionNegotiation: { mode } });
  await within(client.connect(transport), 15_000, 'the v2 client to connect');
  return client;
}

describe('the v2 SDK client against an mcpkit server that speaks only the handshake revisions', () => {
  const transports = {
    stdio: async () => ({
      transport: new StdioClientTransport({ command: process.execPath, args: [fixture(LEGACY_MCPKIT)] }),
      close: async () => {},
    }),
    'Streamable HTTP': async () => {
      const child = await startHttpChild(LEGACY_MCPKIT);
      return { transport: new StreamableHTTPClientTransport(new URL(child.url)), close: () => child.close() };
    },
  };

  for (const [name, open] of Object.entries(transports)) {
    it(`over ${name}: 'auto' probes, then falls back to the 2025-11-25 handshake`, async () => {
      const { transport, close } = await open();
      try {
        const client = await v2Connect('auto', transport);
        assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
        assert.equal(client.getProtocolEra(), 'legacy');
        assert.equal(
          firstText(await client.callTool({ name: 'echo', arguments: { text: 'after the fallback' } })),
          'after the fallback',
        );
        await client.close();
      } finally {
        await close();
      }
    });

    it(`over ${name}: pinned to 2026-07-28, it fails to connect, saying so`, async () => {
      const { transport, close } = await open();
      try {
        await assert.rejects(v2Connect({ pin: '2026-07-28' }, transport), (error: unknown) => {
          assert.ok(error instanceof SdkError, String(error));
          assert.equal(error.code, SdkErrorCode.EraNegotiationFailed);
          assert.match(error.message, /did not offer pinned protocol version 2026-07-28/);
          return true;
        });
      } finally {
        await transport.close().catch(() => {});
        await close();
      }
    });
  }
});

describe('mcpkit’s client asking for 2026-07-28 from a v2 SDK server wired the 2025 way', () => {
  const client = new Client(clientInfo, { requestTimeoutMs: 15_000 });

  it('over stdio (McpServer.connect on a StdioServerTransport): falls back to the handshake', async () => {
    const session = await within(
      client.connect(nodeTransport(fixture('v2-legacy-stdio-server')), { protocolVersion: '2026-07-28' }),
      15_000,
      'connect',
    );
    try {
      assert.equal(session.protocolVersion, '2025-11-25');
      assert.deepEqual(session.serverInfo, { name: 'features-v2', version: '2.4.0' });
      assert.deepEqual((await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })).structuredContent, {
        city: 'Oslo',
        celsius: 14,
        conditions: 'sunny',
      });
    } finally {
      await session.close();
    }
  });

  it('over Streamable HTTP (sessions only): the probe is refused with 400, then the handshake', async () => {
    const server = await startV2HttpServer({ modern: false });
    try {
      const transport = new StreamableHttpClientTransport({ url: server.url, fetch: withStandardHeaders });
      const session = await within(client.connect(transport, { protocolVersion: '2026-07-28' }), 15_000, 'connect');
      assert.equal(session.protocolVersion, '2025-11-25');
      assert.deepEqual(server.sessions(), [transport.sessionId]);
      assert.deepEqual(
        server.exchanges.slice(0, 2).map((e) => [JSON.parse(e.body).method, e.status]),
        [
          ['server/discover', 400],
          ['initialize', 200],
        ],
      );
      await session.close();
    } finally {
      await server.close();
    }
  });
});
