// Interoperability over stdio with the official TypeScript SDK (@modelcontextprotocol/sdk):
// its client against our servers, and our client against a server written with it.
import assert from 'node:assert/strict';
import process from 'node:process';
import { describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Client, type ClientSession } from '../../src/client/index.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import {
  EXAMPLE_SERVER_ARGS,
  clientInfo,
  firstText,
  fixture,
  nodeTransport,
  startedCall,
  within,
} from '../helpers/e2e.js';

/** The SDK's stdio client transport, remembering what it received and the version the SDK client negotiated. */
class RecordingStdioTransport extends StdioClientTransport {
  negotiated: string | undefined;
  readonly received: Record<string, unknown>[] = [];

  setProtocolVersion(version: string): void {
    this.negotiated = version;
  }

  override start(): Promise<void> {
    const deliver = this.onmessage;
    this.onmessage = (message) => {
      this.received.push(message as Record<string, unknown>);
      deliver?.(message);
    };
    return super.start();
  }
}

async function withSdkClient(
  args: readonly string[],
  use: (client: SdkClient, transport: RecordingStdioTransport) => Promise<void>,
): Promise<void> {
  const transport = new RecordingStdioTransport({ command: process.execPath, args: [...args], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new SdkClient({ name: 'official-sdk-client', version: '1.32.2' }, { capabilities: {} });
  await within(client.connect(transport), 15_000, 'the SDK client to connect');
  try {
    await use(client, transport);
  } catch (error) {
    if (stderr) console.error(`server stderr:\n${stderr}`);
    throw error;
  } finally {
    await within(client.close(), 15_000, 'the SDK client to close');
  }
}

const sdkText = (result: unknown): string => firstText(result as Record<string, unknown>);

describe('the official SDK client against our servers', () => {
  it('initializes, pings, lists and calls the example server', async () => {
    await withSdkClient(EXAMPLE_SERVER_ARGS, async (client, transport) => {
      assert.equal(LATEST_PROTOCOL_VERSION, '2025-11-25');
      assert.equal(transport.negotiated, '2025-11-25');
      assert.deepEqual(client.getServerVersion(), {
        name: 'mcpkit-example',
        version: '0.1.0',
        title: 'mcpkit example server',
      });
      assert.match(client.getInstructions() ?? '', /Example tools/);
      assert.deepEqual(Object.keys(client.getServerCapabilities() ?? {}).sort(), [
        'completions',
        'logging',
        'prompts',
        'resources',
        'tasks',
        'tools',
      ]);
      assert.deepEqual(await client.ping(), {});

      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).slice(0, 5), ['echo', 'add', 'weather', 'count', 'fail']);
      assert.equal(tools[1]?.description, 'Adds two numbers.');

      assert.deepEqual(await client.callTool({ name: 'echo', arguments: { text: 'hi from the SDK ✓' } }), {
        content: [{ type: 'text', text: 'hi from the SDK ✓' }],
      });
      assert.equal(sdkText(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })), '5');
      const failed = await client.callTool({ name: 'fail', arguments: {} });
      assert.equal(failed.isError, true);
      assert.equal(sdkText(failed), 'This tool fails on purpose.');

      const progress: number[] = [];
      const counted = await client.callTool({ name: 'count', arguments: { n: 4, delayMs: 1 } }, undefined, {
        onprogress: (p) => progress.push(p.progress),
      });
      assert.equal(sdkText(counted), 'counted to 4');
      // All four notifications reach the SDK, before the response. The SDK hands notifications to
      // handlers a microtask later but settles responses at once, so progress read in the same
      // chunk as the response is dropped ("unknown token"): what it delivers is a prefix.
      const wire = transport.received
        .filter((m) => m.method === 'notifications/progress')
        .map((m) => (m.params as { progress: number }).progress);
      assert.deepEqual(wire, [1, 2, 3, 4]);
      assert.deepEqual(progress, wire.slice(0, progress.length));

      await assert.rejects(client.callTool({ name: 'no-such-tool', arguments: {} }), (error: unknown) => {
        assert.ok(error instanceof McpError, String(error));
        assert.equal(error.code, -32602);
        return true;
      });
    });
  });

  it('cancels a call; our server aborts the handler', async () => {
    await withSdkClient([fixture('e2e-server')], async (client) => {
      const controller = new AbortController();
      const { call } = await startedCall(
        (onprogress) =>
          client.callTool({ name: 'wait', arguments: { tag: 'sdk' } }, undefined, {
            signal: controller.signal,
            onprogress,
          }),
        10_000,
        'the wait tool to start',
      );
      controller.abort('the SDK user gave up');
      await within(assert.rejects(call), 1000, 'the cancelled call to reject');
      const aborts = JSON.parse(sdkText(await client.callTool({ name: 'aborts', arguments: {} }))) as string[];
      assert.deepEqual(aborts, ['sdk: RequestCancelledError: Request cancelled by the peer: the SDK user gave up']);
      // Our server pings the SDK client from inside a tool.
      assert.equal(sdkText(await client.callTool({ name: 'ping-client', arguments: {} })), 'client answered the ping');
    });
  });
});

const OFFICIAL_SERVER = fixture('interop-official-server');

async function connectToOfficial(protocolVersion?: LegacyVersion): Promise<ClientSession> {
  const transport = nodeTransport(OFFICIAL_SERVER);
  const client = new Client(clientInfo, { requestTimeoutMs: 15_000 });
  return within(
    client.connect(transport, protocolVersion ? { protocolVersion } : {}),
    15_000,
    'initialize with the official server',
  );
}

describe('our client against a server written with the official SDK', () => {
  for (const version of [undefined, '2025-06-18', '2025-03-26', '2024-11-05'] as const) {
    it(`initializes, pings, lists and calls tools (${version ?? 'default version'})`, async () => {
      const session = await connectToOfficial(version);
      try {
        assert.equal(session.protocolVersion, version ?? '2025-11-25');
        assert.deepEqual(session.serverInfo, { name: 'official-sdk-fixture', version: '9.8.7' });
        assert.equal(session.instructions, 'Written with the official SDK.');
        assert.ok(session.serverCapabilities.tools !== undefined);
        await session.ping();

        const { tools } = (await session.listTools()) as {
          tools: { name: string; inputSchema: Record<string, unknown> }[];
        };
        assert.deepEqual(
          tools.map((t) => t.name),
          ['echo', 'add', 'ping-client', 'progress', 'wait', 'aborts', 'client'],
        );
        const add = tools.find((t) => t.name === 'add');
        assert.equal(add?.inputSchema.type, 'object');
        assert.deepEqual(add?.inputSchema.required, ['a', 'b']);

        assert.equal(
          firstText(await session.callTool({ name: 'echo', arguments: { text: 'hello, SDK ✓' } })),
          'hello, SDK ✓',
        );
        assert.equal(firstText(await session.callTool({ name: 'add', arguments: { a: 20, b: 22 } })), '42');
        const invalid = await session.callTool({ name: 'add', arguments: { a: 'twenty', b: 22 } });
        assert.equal(invalid.isError, true);
        const unknown = await session.callTool({ name: 'nope', arguments: {} });
        assert.equal(unknown.isError, true);
        assert.match(firstText(unknown), /nope not found/);

        const seen = JSON.parse(firstText(await session.callTool({ name: 'client' }))) as { clientInfo: unknown };
        assert.deepEqual(seen.clientInfo, clientInfo);
      } finally {
        await within(session.close(), 15_000, 'close');
      }
    });
  }

  it('answers the official server’s ping, and receives its progress', async () => {
    const session = await connectToOfficial();
    try {
      assert.equal(firstText(await session.callTool({ name: 'ping-client' })), 'client answered the ping');
      const updates: { progress: number; total?: number; message?: string }[] = [];
      const result = await session.callTool(
        { name: 'progress', arguments: { n: 5 } },
        { onprogress: (p) => updates.push(p) },
      );
      assert.equal(firstText(result), 'reported 5 steps');
      assert.deepEqual(
        updates,
        [1, 2, 3, 4, 5].map((i) => ({ progress: i, total: 5, message: `step ${i}` })),
      );
    } finally {
      await within(session.close(), 15_000, 'close');
    }
  });

  it('cancels a call; the official server aborts its handler', async () => {
    const session = await connectToOfficial();
    try {
      const controller = new AbortController();
      const { call } = await startedCall(
        (onprogress) =>
          session.callTool({ name: 'wait', arguments: { tag: 'ours' } }, { signal: controller.signal, onprogress }),
        10_000,
        'the wait tool to start',
      );
      controller.abort(new Error('changed my mind'));
      await within(assert.rejects(call, /changed my mind/), 1000, 'the cancelled call to reject');
      const aborts = JSON.parse(firstText(await session.callTool({ name: 'aborts' }))) as string[];
      assert.deepEqual(aborts, ['ours: changed my mind']);
    } finally {
      await within(session.close(), 15_000, 'close');
    }
  });
});
