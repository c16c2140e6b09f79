/**
 * An Express 5 app that serves its own routes and an MCP server at `/mcp`, on 127.0.0.1. The
 * URL of the MCP endpoint is printed on stdout. Run: `npm run build && npx tsc -p tsconfig.json && node
 * build/examples/express/server.js [--port 3000]` (port 0 picks a free one).
 */
import { parseArgs } from 'node:util';
import express from 'express';
import { mcpRouter } from 'mcpkit/express';
import { Server } from 'mcpkit/server';
import { z } from 'zod';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' } } });

const server = new Server({ name: 'express-example', version: '1.0.0' });
server.tool(
  'add',
  { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);

const app = express();
// The endpoint reads its own body: mounted before express.json(), its limit and errors apply.
const mcp = mcpRouter(server);
app.use(mcp);
app.use(express.json());
app.get('/', (_req, res) => void res.type('text/plain').send('An Express app with MCP at /mcp\n'));

const http = app.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = http.address() as { port: number };
  console.log(`http://127.0.0.1:${port}/mcp`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void mcp.close().then(() => http.close());
    http.closeAllConnections();
  });
}
