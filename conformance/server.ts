/**
 * Serves the conformance fixtures over Streamable HTTP on 127.0.0.1 at `/mcp` and prints the
 * endpoint's URL as its first line, so a runner can start it on port 0 and read where it is.
 *   node build/conformance/server.js [--port N]
 * @module
 */
import { listen, type ListenOptions } from '../src/node/http.js';
import { createConformanceServer, RECONNECTION_TOOL_MS } from './fixtures/index.js';

/**
 * Every answer is an event stream whose connections last at most a second, so the suite's SSE
 * scenarios see priming events, the `retry` field and resumption with `Last-Event-ID` (its
 * reconnection tool runs longer than that), while every other call finishes on its first
 * connection.
 */
const STREAMING: ListenOptions = {
  responseMode: 'sse',
  sseRetryMs: 500,
  sseConnectionMaxMs: RECONNECTION_TOOL_MS - 500,
};

function portFromArgs(args: readonly string[]): number {
  const at = args.indexOf('--port');
  if (at === -1) return 3000;
  const port = Number(args[at + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port needs a port number, got ${JSON.stringify(args[at + 1])}`);
  return port;
}

const server = createConformanceServer((error) => console.error(`[conformance server] ${error.message}`));
const endpoint = await listen(server, {
  ...STREAMING,
  port: portFromArgs(process.argv.slice(2)),
  host: '127.0.0.1',
  path: '/mcp',
});
process.stdout.write(`${endpoint.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void endpoint.close().finally(() => process.exit(0));
  });
}
