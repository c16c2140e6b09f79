/**
 * A Fastify 5 app that serves its own routes and an MCP server at `/mcp`, on 127.0.0.1, the
 * endpoint's URL printed on stdout. Run: `npm run build && npx tsc -p tsconfig.json && node
 * build/examples/fastify/server.js [--port 3000]` (port 0 picks a free one).
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { mcpPlugin } from 'mcpkit/fastify';
import { Server } from 'mcpkit/server';
import { z } from 'zod';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' } } });

const server = new Server({ name: 'fastify-example', version: '1.0.0' });
server.tool(
  'add',
  { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);

const app = Fastify();
await app.register(mcpPlugin, { server });
app.get('/', async () => 'A Fastify app with MCP at /mcp\n');
await app.listen({ port: Number(values.port), host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
console.log(`http://127.0.0.1:${port}/mcp`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
