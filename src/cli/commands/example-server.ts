/**
 * `mcpkit example-server`: the example server over stdio until the client ends stdin, or with
 * `--http` over Streamable HTTP (and HTTP+SSE) on 127.0.0.1 until interrupted; with `--auth`
 * too, behind a development authorization server of its own.
 */
import { parseArgs } from 'node:util';
import { listen } from 'mcpkit/node';
import { StdioServerTransport } from 'mcpkit/stdio';
import { EXAMPLE_SCOPE, startExampleAuth, type ExampleAuth } from '../example-auth.js';
import { createEverythingServer, NOTES_WRITE_SCOPE } from '../everything-server.js';
import { UsageError } from '../server-target.js';

export async function runExampleServer(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      http: { type: 'boolean', default: false },
      port: { type: 'string' },
      auth: { type: 'boolean', default: false },
      'auth-port': { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (values.port !== undefined && !values.http) throw new UsageError('--port goes with --http');
  if (values.auth && !values.http) throw new UsageError('--auth goes with --http (stdio has no authorization)');
  if (values['auth-port'] !== undefined && !values.auth) throw new UsageError('--auth-port goes with --auth');
  const server = createEverythingServer();
  if (!values.http) {
    const session = await server.connect(new StdioServerTransport());
    await session.finished;
    return 0;
  }
  const port = portOption(values.port, '--port', 3000);
  const authPort = portOption(values['auth-port'], '--auth-port', 0);
  const auth: ExampleAuth | undefined = values.auth ? await startExampleAuth(authPort) : undefined;
  let http;
  try {
    http = await listen(server, {
      port,
      legacySse: true,
      ...(auth && { auth: auth.options }),
      onError: (e) => console.error(`mcpkit example-server: ${e.message}`),
    });
  } catch (error) {
    await auth?.server.close();
    throw error;
  }
  auth?.addEndpoint(http.url);
  // The URL goes to stdout (a script can read it); everything else to stderr.
  console.log(http.url);
  console.error(
    `Serving the example server on ${http.url} (HTTP+SSE on ${new URL('/sse', http.url).href}). Ctrl-C stops it.`,
  );
  if (auth)
    console.error(
      [
        `Every request needs an access token from the development authorization server at ${auth.server.issuer}`,
        `(scope "${EXAMPLE_SCOPE}"; the note tool needs "${NOTES_WRITE_SCOPE}" too). It signs in "${auth.server.user}"`,
        `and consents at once, with no page to fill in. Try: mcpkit list ${http.url}`,
      ].join('\n'),
    );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await Promise.all([http.close(), auth?.server.close()]);
  return 0;
}

function portOption(value: string | undefined, name: string, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${name} must be a port number, not ${value}`);
  return port;
}
