/**
 * Two MCP Apps served by an mcpkit server: a loan chart (`chart_loan`) and a ticket form
 * (`new_ticket`, filed through the app-only `save_ticket`). Over stdio by default; with
 * `--http [port]` over Streamable HTTP on 127.0.0.1 (default port 3000, 0 for any free one),
 * the URL printed on stdout. Run: `node build/examples/apps/server.js` after `npm test`.
 */
import { parseArgs } from 'node:util';
import { listen } from 'mcpkit/node';
import { StdioServerTransport } from 'mcpkit/stdio';
import { createAppsServer } from './apps-server.js';

const USAGE = 'Usage: node build/examples/apps/server.js [--http [port]]';

let options;
try {
  options = parseArgs({ allowPositionals: true, options: { http: { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = options;
const port = Number(positionals[0] ?? 3000);
if (
  positionals.length > 1 ||
  (positionals.length === 1 && !values.http) ||
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535
) {
  console.error(`Unexpected arguments: ${positionals.join(' ')}\n${USAGE}`);
  process.exit(2);
}

const server = createAppsServer();
if (values.http) {
  const http = await listen(server, { port, onError: (e) => console.error(`apps example: ${e.message}`) });
  console.log(http.url);
  console.error(`Serving the MCP Apps example on ${http.url}. Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await http.close();
} else {
  const session = await server.connect(new StdioServerTransport());
  await session.finished;
}
await server.close();
