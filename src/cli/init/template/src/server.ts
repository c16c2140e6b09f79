/**
 * The MCP server: its tools and resources. `stdio.ts` and `http.ts` serve it; the tests connect
 * a client to it in memory.
 */
import { Server } from 'mcpkit/server';

/** A new server, with one tool and one resource. One server serves any number of sessions. */
export function createServer(): Server {
  const server = new Server({ name: 'my-mcp-server', version: '0.1.0' });

  server.tool(
    'greet',
    {
      description: 'Greets someone by name.',
      // Plain JSON Schema; a Zod or ArkType schema works too, and types the arguments.
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'Who to greet' } },
        required: ['name'],
      },
    },
    // The arguments were checked against inputSchema before the handler runs: a call that
    // breaks it gets an error result naming the field, which the model can act on.
    ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${String(name)}!` }] }),
  );

  server.resource(
    'info://about',
    { name: 'about', description: 'What this server is.', mimeType: 'text/plain' },
    () => 'An MCP server made with mcpkit. Ask it to greet someone.',
  );

  return server;
}
