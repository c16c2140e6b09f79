// The benchmark workload served by the official SDK 2.x (`@modelcontextprotocol/server`), as
// its documentation recommends: a factory building an `McpServer` with zod schemas, one
// resource, one prompt. The SDK calls the factory per serving unit (stdio connection, HTTP
// session, or modern HTTP request).
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { PROMPT, RESOURCE, SERVER_INFO, trivialToolCount, trivialToolName } from '../workload.js';

export function sdkV2Server(toolCount: number): McpServer {
  const mcp = new McpServer(SERVER_INFO);
  mcp.registerTool(
    'echo',
    { description: 'Echoes the text', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  if (toolCount >= 2) {
    mcp.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) },
      ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }),
    );
  }
  for (let i = 0; i < trivialToolCount(toolCount); i++) {
    mcp.registerTool(
      trivialToolName(i),
      {
        description: `Trivial tool ${i}`,
        inputSchema: z.object({ value: z.string().describe('Any text').optional() }),
      },
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
