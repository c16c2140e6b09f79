// A gateway built on the official SDK 1.x, in front of its workload server over stdio, named
// `w`: the low-level `Server` (a gateway relays schemas it does not own, so `McpServer`'s zod
// tools do not fit) whose tools/list and tools/call handlers forward through a `Client`, with
// the call's signal, as the SDK's documentation shows a proxy doing.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const PREFIX = 'w__';
const client = new Client({ name: 'sdk-v1-gateway', version: '0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [fileURLToPath(new URL('./stdio-sdk-v1.mjs', import.meta.url))],
    stderr: 'inherit',
  }),
);
const server = new Server({ name: 'sdk-v1-gateway', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
  const { tools } = await client.listTools(undefined, { signal: extra.signal });
  return { tools: tools.map((tool) => ({ ...tool, name: PREFIX + tool.name })) };
});
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const name = request.params.name.startsWith(PREFIX) ? request.params.name.slice(PREFIX.length) : request.params.name;
  return client.callTool({ name, arguments: request.params.arguments ?? {} }, undefined, { signal: extra.signal });
});
await server.connect(new StdioServerTransport());
// The SDK's stdio transport does not end with its input: the benchmark's client ending does.
process.stdin.on('end', () => void client.close().then(() => process.exit(0)));
