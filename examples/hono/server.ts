/**
 * The Hono app of `app.ts` under Node, through `@hono/node-server`, on 127.0.0.1; the MCP
 * endpoint's URL is printed on stdout. Run: `npm run build && npx tsc -p tsconfig.json && node
 * build/examples/hono/server.js [--port 3000]` (port 0 picks a free one).
 */
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import app from './app.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' } } });
const http = serve({ fetch: app.fetch, port: Number(values.port), hostname: '127.0.0.1' }, ({ port }) => {
  console.log(`http://127.0.0.1:${port}/mcp`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void http.close());
