/**
 * A Hono app that serves its own routes and an MCP server at `/mcp`. It imports nothing of Node:
 * `export default app` is what Bun, Deno and Workers serve. `server.ts` runs it under Node.
 */
import { Hono } from 'hono';
import { mcpMiddleware } from 'mcpkit/hono';
import { Server } from 'mcpkit/server';
import { z } from 'zod';

const server = new Server({ name: 'hono-example', version: '1.0.0' });
server.tool(
  'add',
  { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);

const app = new Hono();
app.use(mcpMiddleware(server));
app.get('/', (c) => c.text('A Hono app with MCP at /mcp\n'));

export default app;
