#!/usr/bin/env node
/**
 * The `mcpkit` command line.
 * @module
 */
import { runCall } from './commands/call.js';
import { runExampleServer } from './commands/example-server.js';
import { runList } from './commands/list.js';
import { runLogin } from './commands/login.js';
import { runLogout } from './commands/logout.js';
import { runPrompt } from './commands/prompt.js';
import { runProxy } from './commands/proxy.js';
import { runRead } from './commands/read.js';
import { runServe } from './commands/serve.js';
import { AUTHORIZATION_EXIT_CODE, AuthorizationFailed } from './login.js';
import { UsageError } from './server-target.js';
import { VERSION } from './version.js';

const USAGE = `mcpkit ${VERSION}: run, inspect and call MCP servers

Usage:
  mcpkit example-server [--http [--port N] [--auth [--auth-port N]]]
                                             serve the example server over stdio, or over
                                             HTTP at http://127.0.0.1:N/mcp (and HTTP+SSE at /sse);
                                             --auth: behind a development authorization server
                                             (needs the oidc-provider package)
  mcpkit list [options] -- <command...>      what a server started by <command> offers:
                                             tools, resources, templates and prompts
  mcpkit call [options] <tool> [json] -- <command...>
                                             call a tool with JSON arguments
  mcpkit read [options] <uri> -- <command...>
                                             read a resource
  mcpkit prompt [options] <name> [json] -- <command...>
                                             get a prompt with JSON (string) arguments
  mcpkit serve --config <file> [--http [--port N]]
                                             a gateway: one server offering the tools,
                                             resources and prompts of every server of an
                                             mcpServers file, over stdio or over HTTP on
                                             127.0.0.1 (and HTTP+SSE at /sse)
  mcpkit proxy [options] <url>               a remote server as a local stdio server
  mcpkit proxy --http [--port N] -- <command...>
                                             a stdio server over HTTP on 127.0.0.1
  mcpkit login [auth options] <url>          log in to a server that asks for authorization
  mcpkit logout <url>                        forget the tokens and registration kept for it
  The server may also be given as one quoted command line before the other arguments:
  mcpkit list "node server.js"   mcpkit call "node server.js" echo '{"text":"hi"}'
  or as a URL (Streamable HTTP, falling back to HTTP+SSE):
  mcpkit list http://127.0.0.1:3000/mcp --header 'Authorization: Bearer x'

Options:
  --json              print the raw JSON result
  --timeout <ms>      time limit for connecting (the era probe included, and a login
                      in the browser when given) and for each request (default 60000)
  --quiet             do not show the server's stderr
  --era <era>         auto (default): speak 2026-07-28 to servers that do, the
                      initialize handshake to the others (remembered per server in
                      $MCPKIT_CACHE_DIR, else ~/.cache/mcpkit); modern or legacy: only that
  --protocol-version <v>  the revision to ask for (2026-07-28, 2025-11-25, ...); one of
                      the legacy era skips the probe
  --header 'N: v'     an extra HTTP header for a URL server (repeatable)
  -h, --help          show this help
  -v, --version       show the version

Authorization: a command given the URL of a server that answers 401 logs in with OAuth
(unless --header sets Authorization). It opens the authorization page with $BROWSER (else
open, start or xdg-open; else it prints the URL) and waits on http://127.0.0.1:<port>/callback
for the browser to come back. The registration and tokens are kept per server in
$MCPKIT_CACHE_DIR/auth (else ~/.cache/mcpkit/auth), readable by you only; later commands use
and refresh them without a browser.
  --client-id <id>    a client registered beforehand with the authorization server
  --client-secret <s> its secret, if it has one (or $MCPKIT_CLIENT_SECRET)
  --client-metadata-url <https url>  a client ID metadata document to use as client id,
                      where the authorization server takes one
  --scope <scopes>    scopes to ask for besides those the server asks for (repeatable)
  --no-input          never open a browser or wait for one: a login needed is an error
  A command that cannot get authorization exits with status 4.`;

const commands: Record<string, (args: string[]) => Promise<number>> = {
  'example-server': runExampleServer,
  list: runList,
  call: runCall,
  read: runRead,
  prompt: runPrompt,
  serve: runServe,
  proxy: runProxy,
  login: runLogin,
  logout: runLogout,
};

/** After a usage error: the message stays the last thing on screen but for this, not buried under the usage. */
const HELP_HINT = 'Run `mcpkit --help` for the usage.';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    console.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === '-v' || name === '--version') {
    console.log(VERSION);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`mcpkit: unknown command ${JSON.stringify(name)}\n${HELP_HINT}`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (error) {
    // node:util's parseArgs reports unknown or malformed options with these codes.
    const parseError =
      typeof (error as { code?: unknown }).code === 'string' &&
      (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseError) {
      console.error(`mcpkit ${name}: ${(error as Error).message}\n${HELP_HINT}`);
      return 2;
    }
    console.error(`mcpkit ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof AuthorizationFailed ? AUTHORIZATION_EXIT_CODE : 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
