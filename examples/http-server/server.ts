/**
 * A server over Streamable HTTP with `listen` from mcpkit/node, on 127.0.0.1. It serves both
 * eras at one URL: clients of 2025-11-25 open a session (`Mcp-Session-Id`), clients of
 * 2026-07-28 send each request on its own, with no handshake and no session. The URL goes to
 * stdout, so a script can read it. Run: `node build/examples/http-server/server.js [port]`
 * (default 3000; 0 for any free port).
 */
import { z } from 'zod';
import { listen } from 'mcpkit/node';
import { Server } from 'mcpkit/server';

const port = Number(process.argv[2] ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Usage: node build/examples/http-server/server.js [port]: ${process.argv[2]} is not a port`);
  process.exit(2);
}

const server = new Server({ name: 'greeter', version: '1.0.0' });
server.tool(
  'greet',
  { description: 'Greets someone.', inputSchema: z.object({ name: z.string() }) },
  ({ name }, ctx) => ({
    // Which revision the call came in: the same handler serves both eras.
    content: [{ type: 'text', text: `Hello, ${name}! (served over ${ctx.protocolVersion})` }],
  }),
);

// Loopback only, with mcpkit's Host and Origin checks: nothing else on the network reaches it.
const http = await listen(server, { port });
console.log(http.url);
console.error(`Serving on ${http.url}. Ctrl-C stops it.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([http.close(), server.close()]));
}
