/**
 * A web host of MCP Apps in one file: it starts an MCP server as a child process (the example
 * apps server by default), serves a page on 127.0.0.1 where you pick a tool and run it, and
 * serves the sandbox proxy on a second loopback port: the page renders each tool's view with
 * `renderView` from `mcpkit/app-host`. The page reaches the server only through this process,
 * with the token in its URL: another web page cannot drive it.
 *
 * Run: `node build/examples/apps/host.js [--port N] [-- <server command> [args]]`
 * after `npm test` or `npx tsc -p tsconfig.json`, then open the URL it prints.
 */
import { randomBytes, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';
import { serveSandbox } from 'mcpkit/node';
import { hostOriginRejection } from 'mcpkit/http';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const args = process.argv.slice(2);
const split = args.indexOf('--');
const portArg = args.indexOf('--port');
const port = portArg === -1 ? 0 : Number(args[portArg + 1]);
const [command, ...commandArgs] = split === -1 ? [process.execPath, here('./server.js')] : args.slice(split + 1);

// The client declares that it renders apps: servers may then answer with their views in mind.
const client = new Client(
  { name: 'mcpkit-apps-host', version: '1.0.0' },
  { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } },
);
const session = await client.connect(new CommandTransport({ command: command!, args: commandArgs }));

const token = randomBytes(24).toString('base64url');
const IMPORTS = JSON.stringify({ imports: { 'mcpkit/app-host': '/mcpkit/app-host.js' } });
const PAGE = readFileSync(here('../../../examples/apps/host-page.html'), 'utf8').replace('{{imports}}', IMPORTS);
const importsHash = createHash('sha256').update(IMPORTS).digest('base64');
const FILES: Record<string, [string, string]> = {
  '/host-page.js': ['text/javascript', readFileSync(here('./host-page.js'), 'utf8')],
  '/mcpkit/app-host.js': [
    'text/javascript',
    readFileSync(fileURLToPath(import.meta.resolve('mcpkit/app-host')), 'utf8'),
  ],
};

/** What the page may ask of the server: its tools, a call, a read. */
const API: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  '/api/tools': async () => (await session.listTools()).tools,
  '/api/call': async (body) =>
    session.callTool({ name: String(body.name), arguments: (body.arguments ?? {}) as Record<string, unknown> }),
  '/api/read': async (body) => session.readResource({ uri: String(body.uri) }),
};

async function handle(req: IncomingMessage, res: ServerResponse, sandboxUrl: string): Promise<void> {
  const rejection = hostOriginRejection({ header: (name) => req.headers[name] as string | undefined });
  if (rejection !== undefined) return void res.writeHead(403).end(rejection);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const file = FILES[url.pathname];
  if (req.method === 'GET' && file !== undefined)
    return void res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
  if (req.method === 'GET' && url.pathname === '/') {
    if (url.searchParams.get('token') !== token)
      return void res.writeHead(401).end('Open the URL the host printed: it holds the token.\n');
    return void res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src 'self' 'sha256-${importsHash}'; style-src 'self' 'unsafe-inline'; frame-src ${new URL(sandboxUrl).origin}`,
        'cache-control': 'no-store',
      })
      .end(PAGE.replace('{{sandbox}}', sandboxUrl));
  }
  const api = API[url.pathname];
  if (req.method !== 'POST' || api === undefined) return void res.writeHead(404).end();
  if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
  let body = '';
  for await (const chunk of req) body += String(chunk);
  try {
    const answer = await api(JSON.parse(body === '' ? '{}' : body) as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  } catch (error) {
    res
      .writeHead(502, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: String((error as Error).message) }));
  }
}

let sandboxUrl = '';
const http = createServer((req, res) => void handle(req, res, sandboxUrl));
await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const sandbox = await serveSandbox({ hostOrigins: [origin] });
sandboxUrl = sandbox.url;
console.log(`MCP Apps host: ${origin}/?token=${token}`);

const stop = async () => {
  http.closeAllConnections();
  http.close();
  await sandbox.close();
  await session.close();
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
