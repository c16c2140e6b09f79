/**
 * `mcpkit proxy`: one server offered again over another transport. A remote server (by URL:
 * Streamable HTTP, falling back to HTTP+SSE) as a local stdio server, with the command line's
 * authorization (a login, or the tokens kept from one) and connecting again when its session
 * ends; or, with `--http`, a server started by a command, over Streamable HTTP and HTTP+SSE on
 * 127.0.0.1.
 * @module
 */
import { openProxy, type ServerEntry } from 'mcpkit/host';
import { defaultEraCachePath, FileEraCache } from 'mcpkit/node';
import { DEFAULT_TIMEOUT_MS } from '../connect.js';
import { AuthorizationFailed, authorizationFailure, commandAuth } from '../login.js';
import { parseCommand } from '../options.js';
import { portNumber, serveUntilDone } from '../serve-until-done.js';
import { isUrlTarget, UsageError } from '../server-target.js';
import { VERSION } from '../version.js';

export async function runProxy(args: string[]): Promise<number> {
  const { http, port, rest } = servingFlags(args);
  const { options, positionals, target } = parseCommand('proxy', rest);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (target === undefined)
    throw new UsageError(
      'proxy offers one server: give its URL, or its command after -- (serve combines a configuration)',
    );
  let entry: ServerEntry;
  let auth: Awaited<ReturnType<typeof commandAuth>> | undefined;
  if (isUrlTarget(target)) {
    entry = { type: 'http', url: target.url, headers: Object.fromEntries(options.headers) };
    const ownAuthorization = options.headers.some(([name]) => name.toLowerCase() === 'authorization');
    if (!ownAuthorization) auth = await commandAuth(target.url, options.auth);
  } else {
    const [command, ...commandArgs] = target.command;
    if (command === undefined) throw new UsageError('no server given: pass a command line, e.g. `-- node server.js`');
    entry = { type: 'stdio', command, args: commandArgs };
  }
  let proxy;
  try {
    proxy = await openProxy(entry, {
      clientInfo: { name: 'mcpkit-proxy', version: VERSION },
      era: options.era,
      eraCache: new FileEraCache(defaultEraCachePath()),
      ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(auth && { auth: () => auth.auth }),
      // A session that ends is opened again: give up only after many tries in a row.
      restart: { maxRestarts: 20 },
      ...(!options.quiet && { onStderr: (_server: string, text: string) => process.stderr.write(text) }),
      onError: (error) => console.error(`mcpkit proxy: ${error.message}`),
    });
  } catch (error) {
    const failure = isUrlTarget(target) ? authorizationFailure(error, target.url) : undefined;
    if (failure !== undefined) throw new AuthorizationFailed(failure, { cause: error });
    throw error;
  }
  try {
    await serveUntilDone(proxy.server, http ? { http: true, port } : { http: false }, 'proxy');
  } finally {
    await proxy.close();
  }
  return 0;
}

/** `--http` and `--port N`, taken out of the proxy's own arguments (before `--`). */
function servingFlags(args: string[]): { http: boolean; port: number; rest: string[] } {
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const rest: string[] = [];
  let http = false;
  let portText: string | undefined;
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    if (arg === '--http') http = true;
    else if (arg === '--port') {
      portText = own[++i];
      if (portText === undefined) throw new UsageError('--port needs a port number');
    } else if (arg.startsWith('--port=')) portText = arg.slice('--port='.length);
    else rest.push(arg);
  }
  if (portText !== undefined && !http) throw new UsageError('--port goes with --http');
  return { http, port: portNumber(portText, 0), rest: dash === -1 ? rest : [...rest, ...args.slice(dash)] };
}
