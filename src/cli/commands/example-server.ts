/**
 * `mcpkit example-server`: the example server over stdio until the client ends stdin, or with
 * `--http` over Streamable HTTP (and HTTP+SSE) on 127.0.0.1 until interrupted; with `--auth`
 * too, behind a development authorization server of its own. `--skills DIR` serves the skills
 * of a folder too (`--watch`: loaded again when it changes).
 */
import { parseArgs } from 'node:util';
import { folderSkills, listen } from 'mcpkit/node';
import type { FleetStore } from 'mcpkit/server';
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
      redis: { type: 'string' },
      skills: { type: 'string' },
      watch: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (values.port !== undefined && !values.http) throw new UsageError('--port goes with --http');
  if (values.auth && !values.http) throw new UsageError('--auth goes with --http (stdio has no authorization)');
  if (values['auth-port'] !== undefined && !values.auth) throw new UsageError('--auth-port goes with --auth');
  if (values.redis !== undefined && !values.http) throw new UsageError('--redis goes with --http');
  if (values.watch && values.skills === undefined) throw new UsageError('--watch goes with --skills DIR');
  // What the server reports goes to stderr: with --skills, a skill it leaves out, a failed reload.
  const onError = (e: Error) => console.error(`mcpkit example-server: ${e.message}`);
  const server = createEverythingServer(
    values.skills === undefined ? {} : { skills: skillsOf(values.skills, values.watch), onError },
  );
  if (!values.http) {
    const session = await server.connect(new StdioServerTransport());
    await session.finished;
    await server.close(); // stops watching the skills folder too
    return 0;
  }
  const port = portOption(values.port, '--port', 3000);
  const authPort = portOption(values['auth-port'], '--auth-port', 0);
  // One process of a fleet: sessions, streams, tasks and keys live in Redis.
  const store = values.redis === undefined ? undefined : await fleetStore(values.redis, onError);
  let auth: ExampleAuth | undefined;
  let http;
  try {
    auth = values.auth ? await startExampleAuth(authPort) : undefined;
    http = await listen(server, {
      port,
      // HTTP+SSE sessions (2024-11-05) live in the process that holds their stream: not in a fleet.
      legacySse: store === undefined,
      ...(auth && { auth: auth.options }),
      ...(store && { store }),
      onError,
    });
  } catch (error) {
    await auth?.server.close();
    await store?.close();
    throw error;
  }
  auth?.addEndpoint(http.url);
  // The URL goes to stdout (a script can read it); everything else to stderr.
  console.log(http.url);
  console.error(
    store
      ? `Serving the example server on ${http.url} as process ${store.replicaId} of the fleet on ${values.redis}. Ctrl-C stops it.`
      : `Serving the example server on ${http.url} (HTTP+SSE on ${new URL('/sse', http.url).href}). Ctrl-C stops it.`,
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
  await Promise.all([http.close(), auth?.server.close(), server.close()]);
  await store?.close();
  return 0;
}

/** The skills of the folder `dir`; a usage error when it is not one. */
function skillsOf(dir: string, watch: boolean) {
  try {
    return folderSkills(dir, { watch });
  } catch (error) {
    throw new UsageError(`--skills ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** This process's handle on the fleet on Redis at `url`; a usage error when it cannot be reached. */
async function fleetStore(url: string, onError: (e: Error) => void): Promise<FleetStore> {
  const { redisStore } = await import('mcpkit/redis');
  try {
    return await redisStore({ url, onError });
  } catch (error) {
    throw new UsageError(`--redis ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function portOption(value: string | undefined, name: string, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${name} must be a port number, not ${value}`);
  return port;
}
