// Interoperability of the legacy HTTP+SSE endpoint with the official SDK's deprecated
// SSEClientTransport and its Client: handshake, listing, calls, progress and a server request.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createLegacySseCore, type LegacySseCore } from '../../src/http/server/legacy-sse/index.js';
import type { Server } from '../../src/server/index.js';
import { listen, type ListeningServer } from '../helpers/http-legacy-node-adapter.js';
import { createLegacyTestServer } from '../helpers/http-legacy-server.js';
import { within } from '../helpers/e2e.js';

const firstText = (result: unknown): string => {
  const content = (result as { content?: { type: string; text?: string }[] }).content;
  return content?.[0]?.text ?? '';
};

describe('the official SDK SSE client against the legacy endpoint', () => {
  let server: Server;
  let core: LegacySseCore;
  let http: ListeningServer;
  let client: SdkClient;

  beforeEach(async () => {
    server = createLegacyTestServer();
    core = createLegacySseCore(server);
    http = await listen(core.handle);
    client = new SdkClient({ name: 'official-sdk-sse-client', version: '1.32.2' }, { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///sdk', name: 'sdk' }] }));
    await within(
      client.connect(new SSEClientTransport(new URL(`${http.url}/sse`))),
      10_000,
      'the SDK client to connect',
    );
  });

  afterEach(async () => {
    await client.close();
    await core.close();
    await http.close();
  });

  it('initializes, lists and calls tools', async () => {
    assert.deepEqual(client.getServerVersion(), { name: 'legacy-sse-fixture', version: '1.0.0' });
    assert.ok(client.getServerCapabilities()?.tools);
    assert.deepEqual(await client.ping(), {});

    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['echo', 'count', 'roots'],
    );
    assert.equal(tools[0]?.description, 'Returns the text.');

    assert.deepEqual(await client.callTool({ name: 'echo', arguments: { text: 'hi from the SDK ✓' } }), {
      content: [{ type: 'text', text: 'hi from the SDK ✓' }],
    });
  });

  it('gets progress and answers the server request for roots', async () => {
    const progress: number[] = [];
    const counted = await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    assert.equal(firstText(counted), 'counted to 3');
    // The SDK may settle the response before handing over progress read in the same chunk.
    assert.deepEqual(progress, [1, 2, 3].slice(0, progress.length));

    const roots = await client.callTool({ name: 'roots', arguments: {} });
    assert.deepEqual(JSON.parse(firstText(roots)), [{ uri: 'file:///sdk', name: 'sdk' }]);
  });

  it('ends the server session when the SDK client closes', async () => {
    const [session] = server.sessions;
    assert.ok(session);
    await client.close();
    await within(session.finished, 5000, 'the server session to end');
    assert.equal(server.sessions.size, 0);
    assert.equal(core.sessionCount, 0);
  });
});
