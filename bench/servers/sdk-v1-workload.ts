// The benchmark workload served by the official SDK 1.x (`@modelcontextprotocol/sdk`), as its
// documentation recommends: `McpServer` with zod schemas, one resource, one prompt.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { PROMPT, RESOURCE, SERVER_INFO, trivialToolCount, trivialToolName } from '../workload.js';

export function sdkV1Server(toolCount: number): McpServer {
  const mcp = new McpServer(SERVER_INFO);
  mcp.registerTool('echo', { description: 'Echoes the text', inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  if (toolCount >= 2) {
    mcp.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }),
    );
  }
  for (let i = 0; i < trivialToolCount(toolCount); i++) {
    mcp.registerTool(
      trivialToolName(i),
      { description: `Trivial tool ${i}`, inputSchema: { value: z.string().describe('Any text').optional() } },
      () => ({
        content: [{ type: 'text', text: 'ok' }],
      }),
    );
  }
  mcp.registerResource(RESOURCE.name, RESOURCE.uri, { mimeType: RESOURCE.mimeType }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: RESOURCE.mimeType, text: RESOURCE.text }],
  }));
  mcp.registerPrompt(PROMPT.name, { description: PROMPT.description }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: PROMPT.text } }],
  }));
  return mcp;
}
