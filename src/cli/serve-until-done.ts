/**
 * Serving a server the command line made (a gateway, a proxy) until it is done: over stdio
 * until the client ends its input, or over Streamable HTTP (and HTTP+SSE) on 127.0.0.1 until
 * interrupted, the URL printed on stdout for a script to read.
 * @module
 */
import { listen } from 'mcpkit/node';
import type { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { UsageError } from './server-target.js';

/** How to serve: stdio, or HTTP on a port (0: any free one). */
export type Serving = { http: false } | { http: true; port: number };

/** Serves `server` as `how` says until done; `name` prefixes what goes to stderr. */
export async function serveUntilDone(server: Server, how: Serving, name: string): Promise<void> {
  const report = (error: Error) => console.error(`mcpkit ${name}: ${error.message}`);
  if (!how.http) {
    const session = await server.connect(new StdioServerTransport());
    await session.finished;
    return;
  }
  const http = await listen(server, { port: how.port, legacySse: true, onError: report });
  console.log(http.url);
  console.error(`Serving on ${http.url} (HTTP+SSE on ${new URL('/sse', http.url).href}). Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await http.close();
}

/** `--port` checked: a port number, 0 for any free one. */
export function portNumber(value: string | undefined, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not ${value}`);
  return port;
}
