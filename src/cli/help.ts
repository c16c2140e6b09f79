/**
 * What `mcpkit --help` and `mcpkit <command> --help` print.
 * @module
 */
import { EXIT_CODES_HELP } from './exit-codes.js';
import { VERSION } from './version.js';

const SERVERS = `Servers: the servers of a configuration file (--config FILE, or $MCPKIT_CONFIG): the
"mcpServers" files of Claude Desktop, Cursor and Claude Code (.mcp.json), or VS Code's
mcp.json; tools and prompts are then named <server>__<name>. Or one server given directly:
after --, as a command and its arguments (mcpkit list -- node server.js) or a URL
(Streamable HTTP, falling back to HTTP+SSE); or, without --, as one quoted command line or
URL before the other arguments (mcpkit list "node server.js").`;

const TELEMETRY = `Telemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, or OTEL_TRACES_EXPORTER or
OTEL_METRICS_EXPORTER=otlp, every command exports its MCP spans and durations over OTLP/HTTP
(OTEL_EXPORTER_OTLP_PROTOCOL http/protobuf, the default, or http/json; =console prints them on
stderr), as OTEL_SERVICE_NAME (default mcpkit, or mcpkit-example-server), flushing before it
exits; OTEL_SDK_DISABLED=true turns it off. Servers it starts inherit the variables
(--env OTEL_SERVICE_NAME=... names a server apart). Needs the OpenTelemetry SDK packages
(@opentelemetry/sdk-trace, ...): a command that lacks them says which to install.`;

const CONNECTION_OPTIONS = `Options:
  --config <file>     the configuration file of the servers (default $MCPKIT_CONFIG)
  --json              print the result as JSON (errors too: {"error": {...}})
  --timeout <ms>      time limit for connecting (the era probe included) and for each
                      request (default 60000)
  --verbose           show the servers' log messages and stderr (of a configuration's)
  --quiet             do not show the stderr of a server given directly
  --env <K=V>         a variable for a server given as a command (repeatable); it gets
                      your environment too
  --cwd <dir>         the working directory of a server given as a command
  --root <dir>        a root offered to the servers (repeatable; default: this directory)
  --no-input          never ask: a form, consent or login that would need you is an error
  --era <era>         auto (default): speak 2026-07-28 to servers that do, the
                      initialize handshake to the others (remembered per server in
                      $MCPKIT_CACHE_DIR, else ~/.cache/mcpkit); modern or legacy: only that
  --protocol-version <v>  the revision to ask for (2026-07-28, 2025-11-25, ...)
  --header 'N: v'     an extra HTTP header for a server given by URL (repeatable)
  Authorization (a server given by URL that answers 401): see mcpkit login --help.`;

const ARGUMENTS = `Arguments: key=value pairs (a value is read as JSON when it is JSON and the tool's schema
does not want a string: n=3 flag=true tags='["a"]' text=hello), or one JSON object
('{"text":"hi"}'), or @file (a JSON object in a file), or - (a JSON object on stdin).`;

export const USAGE = `mcpkit ${VERSION}: run, inspect, call, combine and chat with MCP servers

Usage:
  mcpkit servers [options]                  each configured server: state, revision, counts
  mcpkit list [options] [server...]         tools, resources, templates and prompts
  mcpkit call [options] <tool> [arguments]  call a tool (<server>__<tool> with --config)
  mcpkit task get|result|cancel <id>        a task a server runs (from call --task)
  mcpkit read [options] <uri>               read a resource
  mcpkit skills list|show|read|pull         the servers' skills, read and verified
  mcpkit prompt [options] <name> [arguments]  get a prompt
  mcpkit chat [options]                     talk with a model that uses the servers' tools
  mcpkit inspect [options] [-- <server>]    a web inspector of servers, in the browser
  mcpkit serve --config <file> [--http]     one MCP server offering every configured server
  mcpkit proxy <url> | --http -- <command>  a remote server on stdio, or a stdio server on HTTP
  mcpkit login <url> / mcpkit logout <url>  log in to a server that asks for authorization
  mcpkit example-server [--http [--port N] [--auth] [--redis URL]] [--skills DIR [--watch]]
                                            the example server
  mcpkit completion bash|zsh|fish           a shell completion script
  mcpkit init [dir] [--name N] [--yes]      a new MCP server project, in TypeScript

${SERVERS}

${TELEMETRY}

Run mcpkit <command> --help for a command's options.
${EXIT_CODES_HELP}`;

/** Each command's own help. */
export const COMMAND_HELP: Record<string, string> = {
  servers: `Usage: mcpkit servers [options]

Starts every server of the configuration and shows each one's state (ready, failed and why),
the revision it speaks, and how many tools, resources, templates and prompts it offers.

${CONNECTION_OPTIONS}`,
  list: `Usage: mcpkit list [options] [server...]
       mcpkit list [options] -- <command...> | <url>

What the servers offer: tools (with their parameters), resources, resource templates and
prompts, grouped by server; with names, only those servers.

${SERVERS}

${CONNECTION_OPTIONS}`,
  call: `Usage: mcpkit call [options] <tool> [arguments]
       mcpkit call [options] <tool> [arguments] -- <command...> | <url>

Calls a tool and prints its result (structured content as JSON). Progress is shown as a bar
on a terminal; Ctrl-C cancels the call. A form the server asks you to fill in is shown in the
terminal. Exits 1 when the tool reports an error.

  --task     run the call as a task (when the server runs the tool's calls as tasks) and
             follow it to its end; Ctrl-C stops following and leaves the task running
  --detach   only start the task: print its id and exit (mcpkit task picks it up)

${ARGUMENTS}

${CONNECTION_OPTIONS}`,
  task: `Usage: mcpkit task get <id> -- <command...> | <url>
       mcpkit task result <id> -- <command...> | <url>
       mcpkit task cancel <id> -- <command...> | <url>

A task the server runs (started by mcpkit call --task or --detach), found again by its id:
get shows its state; result waits for it to end (showing its status) and prints its result,
Ctrl-C stops waiting; cancel asks the server to end it. A server of 2026-07-28 finds the task
from any connection of the same client; one of 2025-11-25 only within the session that
started it.

${CONNECTION_OPTIONS}`,
  read: `Usage: mcpkit read [options] [--server <name>] <uri>

Reads a resource; with --config, from the server that lists it or whose template fits it, or
from --server.

${CONNECTION_OPTIONS}`,
  inspect: `Usage: mcpkit inspect [options] [-- <command...> | <url>]
       mcpkit inspect --config <file>

A web inspector: serves a page on 127.0.0.1 (a free port, or --port) and prints its URL, which
holds a fresh token: only that URL opens it. The page shows the servers (the one given, or
every server of the configuration) and drives them: tools through forms, resources, prompts,
tasks, skills, every message on the wire, the server's log, and the forms and sampling
requests a server sends, answered in the page. A server given by URL that asks for
authorization gets OAuth in the page, step by step (tokens kept for this run only). With
MCPKIT_PROVIDER set (as for mcpkit chat), its model drafts answers to sampling requests when
asked. With no server, the page connects to one; a command the page starts is printed here.
Ctrl-C stops it.

Options:
  --port <n>          the port on 127.0.0.1 (default: any free one)
  --open              open the page in the browser
  --client-id <id>, --client-secret <s>
                      an OAuth client registered beforehand, for a server given by URL
  --era <era>, --protocol-version <v>, --header 'N: v', --env <K=V>, --cwd <dir>,
  --timeout <ms>      as for the other commands (see mcpkit list --help)`,
  skills: `Usage: mcpkit skills list [options] [server...]
       mcpkit skills show [options] <skill>
       mcpkit skills read [options] <skill> [path]
       mcpkit skills pull [options] <skill> <dir>
       (each also with -- <command...> | <url>)

The skills the servers publish (Agent Skills, by the io.modelcontextprotocol/skills
extension). list shows each skill's name and description; show its entry: front matter and
files with sizes and digests; read prints a file of it (SKILL.md by default, or a path in its
folder); pull writes a copy of its folder into <dir>, which must be new or empty. Every file
read is verified against the skill's entry (size, SHA-256 digest, SKILL.md's front matter)
and refused, exit 1, when it differs; pull writes nothing then. With --config, skills are
named <server>__<skill> (a skill's own name does when one server has it).

${CONNECTION_OPTIONS}`,
  prompt: `Usage: mcpkit prompt [options] <name> [arguments]

Gets a prompt and prints its messages. Arguments are key=value pairs (strings), or one JSON
object of strings.

${CONNECTION_OPTIONS}`,
  chat: `Usage: mcpkit chat [options]

A conversation with a model that may use every configured server's tools: answers stream as
they come, and each tool call is shown and asked about first.
  --provider <p>      openai (default; any endpoint of its API: Azure, Ollama, vLLM,
                      llama.cpp) or anthropic
  --base-url <url>    the API's URL (Ollama: http://127.0.0.1:11434/v1)
  --model <m>         the model (default gpt-4o-mini, or claude-sonnet-4-5)
  --system <text>     the system prompt
  --prompt <text>     answer this one prompt and exit
  --yes               run tool calls without asking
  --max-steps <n>     the most model calls per answer (default 10)
Keys: $OPENAI_API_KEY or $ANTHROPIC_API_KEY.

${CONNECTION_OPTIONS}`,
  serve: `Usage: mcpkit serve [--config <file>] [--http [--port N]]

A gateway: one MCP server that offers the tools (as <server>__<tool>), resources, templates
and prompts of every server of the configuration (default $MCPKIT_CONFIG), under its allow
and deny lists, in both eras; over stdio, or with --http over Streamable HTTP at
http://127.0.0.1:N/mcp (and HTTP+SSE at /sse). Calls, progress and cancellation go through;
a form or sampling request from a server goes to the client whose call it is.`,
  proxy: `Usage: mcpkit proxy [options] <url>
       mcpkit proxy --http [--port N] -- <command...>

A remote server (Streamable HTTP, falling back to HTTP+SSE) offered as a local stdio server,
with the command line's authorization (see mcpkit login --help) and connecting again when its
session ends; or, with --http, a server started by a command offered over Streamable HTTP at
http://127.0.0.1:N/mcp (and HTTP+SSE at /sse), in both eras.

${CONNECTION_OPTIONS}`,
  completion: `Usage: mcpkit completion bash|zsh|fish

Prints a completion script for the shell. Install it with, for example:
  bash: mcpkit completion bash > ~/.local/share/bash-completion/completions/mcpkit
  zsh:  mcpkit completion zsh > "\${fpath[1]}/_mcpkit"
  fish: mcpkit completion fish > ~/.config/fish/completions/mcpkit.fish`,
  'example-server': `Usage: mcpkit example-server [--http [--port N] [--auth [--auth-port N]] [--redis URL]]
                             [--skills DIR [--watch]]

Serves the example server over stdio, or over HTTP at http://127.0.0.1:N/mcp (and HTTP+SSE at
/sse). With --auth, every request needs a token from a development authorization server it
starts (needs the oidc-provider package). With --redis redis://host:port, the process is one
of a fleet: start several on other ports with the same URL and put a load balancer in front;
any of them serves any request (needs the @redis/client package; HTTP+SSE is then off).
With --skills DIR, it serves the skills of that folder too (each a folder with a SKILL.md, at
any depth; one it cannot serve is named on stderr); with --watch, a change to the folder
loads them again and tells clients.`,
  login: `Usage: mcpkit login [options] <url>

Logs in to a server that asks for authorization (OAuth): opens the authorization page with
$BROWSER (else open, start or xdg-open; else prints the URL) and waits on
http://127.0.0.1:<port>/callback for the browser to come back. The registration and tokens
are kept per server in $MCPKIT_CACHE_DIR/auth (else ~/.cache/mcpkit/auth), readable by you
only; later commands use and refresh them without a browser. Any command given such a URL
logs in the same way when it needs to.
  --client-id <id>    a client registered beforehand with the authorization server
  --client-secret <s> its secret, if it has one (or $MCPKIT_CLIENT_SECRET)
  --client-metadata-url <https url>  a client ID metadata document to use as client id,
                      where the authorization server takes one
  --scope <scopes>    scopes to ask for besides those the server asks for (repeatable)
  --no-input          (on other commands) never open a browser: a login needed is an error
A command that cannot get authorization exits with status 4.`,
  init: `Usage: mcpkit init [dir] [--name <name>] [--yes] [--force]

Makes a new MCP server project in dir (default: this folder), in TypeScript: src/server.ts (a
server with one tool and one resource), src/stdio.ts and src/http.ts (it served over stdio
and over Streamable HTTP), test/server.test.ts (tests with mcpkit/testing and node --test),
package.json (build, test, start, start:http, inspect), tsconfig.json, .gitignore and a
README.md saying how Claude Desktop, Cursor and VS Code start it. It depends on this version
of mcpkit. Then: cd dir, npm install, npm test, npm start.
In a terminal it asks for what it was not told; otherwise it takes the defaults.
  --name <name>   the npm package name, which the server takes too (default: the folder's)
  --yes, -y       ask nothing: take the defaults
  --force         add the project to a folder that holds other files (a Git repository
                  alone does not count)
It never overwrites a file: one that exists already stops it before anything is written.
A folder that is not empty, or a name npm would refuse, is refused (exit status 2).`,
  logout: `Usage: mcpkit logout <url>

Forgets the tokens and client registration kept for a server.`,
};
