/**
 * The server over Streamable HTTP, at http://127.0.0.1:3000/mcp (`PORT` chooses another port; 0
 * any free one). It listens on 127.0.0.1 only and checks the Host and Origin of every request.
 */
import { listen } from 'mcpkit/node';
import { createServer } from './server.js';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0 to 65535), not ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}

const listening = await listen(createServer(), { port });
// The URL alone on stdout, for scripts; the rest on stderr.
console.log(listening.url);
console.error(`Serving MCP over Streamable HTTP at ${listening.url}. Ctrl-C stops it.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void listening.close());
