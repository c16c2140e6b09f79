// What the browser tests of MCP Apps share: an mcpkit server with two views (one built with
// mcpkit/app, one with the official App class) over Streamable HTTP on a loopback origin that
// also serves the host pages, and the sandbox proxy on another. The views record what they
// see in `window.__seen`, which the tests read through Playwright's frames.
import { createServer, type Server as HttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { appToolMeta, appView, Server } from '../../src/server/index.js';
import { createStreamableHttpCore } from '../../src/http/index.js';
import { serveSandbox, toNodeListener, type SandboxServer } from '../../src/node/index.js';
import { listenOnLoopback } from './loopback.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Bundles `source` (which imports by paths from the repository's root) into one browser script. */
export async function bundle(source: string): Promise<string> {
  const out = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

// The same steps in both view libraries: on the input, call the app-only tool (answered),
// then the model-only one (refused), send a message, grow, and fetch an origin the policy
// allows and one it does not. The `record` and `call` lines differ.
const STEPS = `
const seen = (window.__seen = []);
addEventListener('securitypolicyviolation', (e) => seen.push('violation ' + e.effectiveDirective));
async function steps(city) {
  seen.push('input ' + city);
  seen.push('nested ' + (window.parent !== window.top));
  try { seen.push('save ' + (await callTool('save', { note: city })).content[0].text); }
  catch (e) { seen.push('save refused'); }
  try { await callTool('secret', {}); seen.push('secret answered'); }
  catch (e) { seen.push('secret refused'); }
  await message('Saved ' + city);
  seen.push('message sent');
  for (let i = 0; i < 8; i++) document.body.append(Object.assign(document.createElement('p'), { textContent: 'Line ' + i }));
  try { await fetch('https://blocked.invalid/'); seen.push('undeclared fetched'); } catch { seen.push('undeclared blocked'); }
  try { seen.push('declared ' + (await (await fetch(ALLOWED)).text())); } catch { seen.push('declared failed'); }
}
`;

export const MCPKIT_VIEW = `
import { App } from './src/app/index.ts';
${STEPS}
const app = new App({ name: 'mcpkit-view', version: '1.0.0' });
const callTool = (name, args) => app.callServerTool(name, args);
const message = (text) => app.sendMessage(text);
app.on('toolinput', ({ arguments: args }) => steps(args.city));
app.on('toolresult', (result) => seen.push('result ' + result.content[0].text));
app.on('teardown', () => { seen.push('teardown'); });
app.on('hostcontextchanged', (changed) => seen.push('theme ' + changed.theme));
await app.connect();
`;

export const OFFICIAL_VIEW = `
import { App } from '@modelcontextprotocol/ext-apps';
${STEPS}
const app = new App({ name: 'official-view', version: '1.0.0' }, {}, { autoResize: true });
const callTool = async (name, args) => {
  const result = await app.callServerTool({ name, arguments: args });
  if (result.isError) throw new Error(result.content[0].text);
  return result;
};
const message = (text) => app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
app.ontoolinput = ({ arguments: args }) => steps(args.city);
app.ontoolresult = (result) => seen.push('result ' + result.content[0].text);
app.onteardown = async () => { seen.push('teardown'); return {}; };
app.onhostcontextchanged = (changed) => seen.push('theme ' + changed.theme);
await app.connect();
`;

/** An mcpkit server with two views, `mcpkit_view` and `official_view`, an app-only `save` and a model-only `secret`. */
function appsServer(origin: string, views: Record<string, string>): Server {
  const server = new Server({ name: 'browser-apps', version: '1.0.0' });
  for (const [name, script] of Object.entries(views)) {
    const uri = `ui://${name}/view.html`;
    const html = `<!doctype html><html><head><meta charset="utf-8"></head><body><h1>${name}</h1><script type="module">const ALLOWED = '${origin}/ping';\n${script}</script></body></html>`;
    appView(server, uri, { name, csp: { connectDomains: [origin] } }, html);
    server.tool(name, { description: `The weather, shown by ${name}`, _meta: appToolMeta({ view: uri }) }, (args) => ({
      content: [{ type: 'text', text: `Sunny in ${String(args.city)}` }],
    }));
  }
  server.tool('save', { _meta: appToolMeta({ visibility: ['app'] }) }, (args) => ({
    content: [{ type: 'text', text: `saved ${String(args.note)}` }],
  }));
  server.tool('secret', { _meta: appToolMeta({ visibility: ['model'] }) }, () => ({
    content: [{ type: 'text', text: 'the model only' }],
  }));
  return server;
}

export interface AppsSite {
  origin: string;
  sandbox: SandboxServer;
  close(): Promise<void>;
}

/** The host's origin (pages, `/mcp`, `/ping` for the views' allowed fetch) and the sandbox's. */
export async function startAppsSite(pages: Record<string, string>): Promise<AppsSite> {
  const views = { mcpkit_view: await bundle(MCPKIT_VIEW), official_view: await bundle(OFFICIAL_VIEW) };
  const scripts = new Map<string, string>();
  for (const [name, source] of Object.entries(pages)) scripts.set(`/${name}.js`, await bundle(source));
  const routes: { mcp?: (req: never, res: never) => void } = {};
  const http: HttpServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/mcp') return routes.mcp?.(req as never, res as never);
    if (path === '/ping') return res.writeHead(200, { 'access-control-allow-origin': '*' }).end('pong');
    const script = scripts.get(path);
    if (script !== undefined) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    const page = path.slice(1).replace(/\.html$/, '');
    if (pages[page] !== undefined) {
      const body = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="views" style="width:480px"></div><script type="module" src="/${page}.js"></script></body></html>`;
      return res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    }
    res.writeHead(404).end();
  });
  const origin = `http://127.0.0.1:${await listenOnLoopback(http)}`;
  const core = createStreamableHttpCore(appsServer(origin, views));
  routes.mcp = toNodeListener(core) as never;
  const sandbox = await serveSandbox({ hostOrigins: [origin] });
  return {
    origin,
    sandbox,
    close: async () => {
      await sandbox.close();
      await core.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
