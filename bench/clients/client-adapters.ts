// Each measured client connected over stdio to the raw server, reduced to one call of echo.
// Every client speaks 2025-11-25; each one is imported only by the process that measures it.
import type { Implementation } from '../figure.js';
import { LineClient, LEGACY_VERSION } from '../drivers/line-client.js';
import { spawnStdioServer, serverScript, stopChild } from '../drivers/server-process.js';
import { CLIENT_INFO, ECHO_TEXT } from '../workload.js';

export interface ConnectedClient {
  callEcho(): Promise<unknown>;
  close(): Promise<void>;
}

const ECHO = { name: 'echo', arguments: { text: ECHO_TEXT } };
const RAW_SERVER = serverScript('stdio', 'raw');

async function handWritten(): Promise<ConnectedClient> {
  const child = spawnStdioServer('raw');
  const client = new LineClient(child.stdin!, child.stdout!);
  await client.initialize();
  return {
    callEcho: async () => {
      const answer = await client.request('tools/call', ECHO);
      if (answer.error !== undefined) throw new Error(answer.error.message);
      return answer.result;
    },
    close: () => stopChild(child),
  };
}

async function mcpkit(): Promise<ConnectedClient> {
  const { Client } = await import('mcpkit/client');
  const { CommandTransport } = await import('mcpkit/stdio');
  const session = await new Client(CLIENT_INFO).connect(
    new CommandTransport({ command: process.execPath, args: [RAW_SERVER] }),
    { protocolVersion: LEGACY_VERSION },
  );
  return { callEcho: () => session.callTool(ECHO), close: () => session.close() };
}

async function sdkV1(): Promise<ConnectedClient> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client(CLIENT_INFO);
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [RAW_SERVER] }));
  return { callEcho: () => client.callTool(ECHO), close: () => client.close() };
}

async function sdkV2(): Promise<ConnectedClient> {
  const { Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: 'legacy' } });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [RAW_SERVER] }));
  return { callEcho: () => client.callTool(ECHO), close: () => client.close() };
}

export const CONNECT: Record<Implementation, () => Promise<ConnectedClient>> = {
  raw: handWritten,
  mcpkit,
  'sdk-v1': sdkV1,
  'sdk-v2': sdkV2,
};
