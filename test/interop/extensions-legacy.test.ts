// Extensions declared on 2025-11-25: the schema of that revision has no `extensions` capability,
// but capabilities are an open set and the official v2 SDK (and hosts built on it) declare
// extensions there too (Skills, Apps). mcpkit keeps them both ways, against the v2 client and
// the v2 server over Streamable HTTP on a real socket.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Client as SdkClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { Client } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/index.js';
import { listen } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';
import { withStandardHeaders } from '../helpers/interop-v2.js';
import { startV2HttpServer } from '../helpers/v2-http-server.js';

const SERVER_EXTENSIONS = { 'io.example/server-side': { level: 2 } };
const CLIENT_EXTENSIONS = { 'io.example/client-side': { mimeTypes: ['text/html'] } };

describe('extensions declared on 2025-11-25', () => {
  const closers: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('the official v2 client and an mcpkit server see each other’s extensions', async () => {
    const server = new Server(
      { name: 'extensions', version: '1.0.0' },
      { capabilities: { extensions: SERVER_EXTENSIONS } },
    );
    let declared: unknown;
    server.tool('capabilities', {}, (_args, ctx) => {
      declared = ctx.clientCapabilities.extensions;
      return { content: [{ type: 'text', text: 'seen' }] };
    });
    const http = await listen(server, { port: 0 });
    closers.push(() => http.close());
    const client = new SdkClient(
      { name: 'sdk-client', version: '1.0.0' },
      { capabilities: { extensions: CLIENT_EXTENSIONS } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    closers.push(() => client.close());

    assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
    assert.deepEqual(client.getServerCapabilities()?.extensions, SERVER_EXTENSIONS);
    await client.callTool({ name: 'capabilities', arguments: {} });
    assert.deepEqual(declared, CLIENT_EXTENSIONS);
  });

  it('mcpkit’s client and the official v2 server see each other’s extensions', async () => {
    let declared: unknown;
    const v2 = await startV2HttpServer({
      factory: () => {
        const server = new McpServer(
          { name: 'sdk-server', version: '1.0.0' },
          { capabilities: { extensions: SERVER_EXTENSIONS } },
        );
        server.registerTool('capabilities', {}, () => {
          declared = server.server.getClientCapabilities()?.extensions;
          return { content: [{ type: 'text', text: 'seen' }] };
        });
        return server;
      },
    });
    closers.push(() => v2.close());
    const client = new Client(
      { name: 'mcpkit-client', version: '1.0.0' },
      { capabilities: { extensions: CLIENT_EXTENSIONS } },
    );
    const transport = new StreamableHttpClientTransport({ url: v2.url, fetch: withStandardHeaders });
    const session = await client.connect(transport, { protocolVersion: '2025-11-25' });
    closers.push(() => session.close());

    assert.equal(session.protocolVersion, '2025-11-25');
    assert.deepEqual(session.serverCapabilities.extensions, SERVER_EXTENSIONS);
    await session.callTool({ name: 'capabilities', arguments: {} });
    assert.deepEqual(declared, CLIENT_EXTENSIONS);
  });
});
