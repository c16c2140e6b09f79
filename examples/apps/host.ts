/**
 * A web host of MCP Apps in one file: an mcpkit `Host` in Node that starts an MCP server (the
 * example apps server by default) and renders apps (`apps: true`), a page on 127.0.0.1 where
 * you run a tool, and the sandbox proxy on a second loopback port. The page renders each tool's
 * view with `renderView` from `mcpkit/app-host`; the view's calls come back here, to
 * `host.callFromView`, which runs only tools of the view's own server that it may call. The
 * page reaches the host only with the token in its URL: another web page cannot drive it.
 *
 * Run: `node build/examples/apps/host.js [--port N] [-- <server command> [args]]`
 * after `npm test` or `npx tsc -p tsconfig.json`, then open the URL it prints.
 */
import { randomBytes, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Host } from 'mcpkit/host';
import { serveSandbox } from 'mcpkit/node';
import { hostOriginRejection } from 'mcpkit/http';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const args = process.argv.slice(2);
const split = args.indexOf('--');
const portArg = args.indexOf('--port');
const port = portArg === -1 ? 0 : Number(args[portArg + 1]);
const [command, ...commandArgs] = split === -1 ? [process.execPath, here('./server.js')] : args.slice(split + 1);

// `apps: true`: the host tells its servers it renders views, and reads them for the page.
const host = new Host({ servers: { apps: { type: 'stdio', command: command!, args: commandArgs } }, apps: true });

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

type Body = Record<string, unknown>;
// Every call here is a person's click (Run, or a button in a view): approved as it is made.
const approved = { approved: true };

/** What the page may ask: the tools that have a view, a tool run, its view, and the view's own calls. */
const API: Record<string, (body: Body) => Promise<unknown>> = {
  '/api/tools': async () =>
    (await host.tools()).filter((entry) => entry.view !== undefined).map(({ name, tool }) => ({ ...tool, name })),
  '/api/run': (body) => host.callTool(String(body.name), body.arguments as Body, approved),
  '/api/view': (body) => host.readView(String(body.name)),
  '/api/call': (body) => host.callFromView(String(body.server), String(body.name), body.arguments as Body, approved),
  '/api/read': (body) => host.readFromView(String(body.server), String(body.uri)),
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
  await host.close();
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
