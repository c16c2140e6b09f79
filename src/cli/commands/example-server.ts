/**
 * `mcpkit example-server`: the example server over stdio until the client ends stdin, or with
 * `--http` over Streamable HTTP (and HTTP+SSE) on 127.0.0.1 until interrupted.
 */
import { parseArgs } from 'node:util';
import { listen } from 'mcpkit/node';
import { StdioServerTransport } from 'mcpkit/stdio';
import { createEverythingServer } from '../everything-server.js';
import { UsageError } from '../server-target.js';

export async function runExampleServer(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { http: { type: 'boolean', default: false }, port: { type: 'string' } },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (values.port !== undefined && !values.http) throw new UsageError('--port goes with --http');
  const server = createEverythingServer();
  if (!values.http) {
    const session = await server.connect(new StdioServerTransport());
    await session.finished;
    return 0;
  }
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not ${values.port}`);
  const http = await listen(server, {
    port,
    legacySse: true,
    onError: (e) => console.error(`mcpkit example-server: ${e.message}`),
  });
  // The URL goes to stdout (a script can read it); everything else to stderr.
  console.log(http.url);
  console.error(
    `Serving the example server on ${http.url} (HTTP+SSE on ${new URL('/sse', http.url).href}). Ctrl-C stops it.`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await http.close();
  return 0;
}
