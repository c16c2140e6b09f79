// What ships to a browser: the view of an MCP App, one small view written three ways and
// bundled as a view's author would (esbuild, minified, for the browser), in bytes gzipped;
// and the host's side, a page rendering one view through a sandbox proxy, the same way.
// Raw speaks the protocol by hand (the handshake, the tool's input, one call through the
// host); mcpkit uses mcpkit/app as published (dist/app.js); sdk-v2 the official
// @modelcontextprotocol/ext-apps App. The bytes do not vary, so one repetition would do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { FIGURES } from '../targets.js';
import type { Implementation } from '../figure.js';
import type { MeasureGroup } from '../options.js';
import { measure, type Sample } from '../measure.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The same view: render the tool's input, and call `refresh` through the host on a click. */
const VIEWS: Partial<Record<Implementation, string>> = {
  raw: `
let next = 1; const waiting = new Map();
const send = (m) => window.parent.postMessage({ jsonrpc: '2.0', ...m }, '*');
const request = (method, params) => new Promise((resolve, reject) => {
  const id = next++; waiting.set(id, { resolve, reject }); send({ id, method, params });
});
window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const m = event.data;
  if (m.id !== undefined && !m.method) {
    const w = waiting.get(m.id); waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error.message)); else w?.resolve(m.result);
  } else if (m.method === 'ui/notifications/tool-input') {
    document.body.textContent = JSON.stringify(m.params.arguments);
  } else if (m.id !== undefined) {
    send({ id: m.id, ...(m.method === 'ping' || m.method === 'ui/resource-teardown' ? { result: {} } : { error: { code: -32601, message: 'Method not found' } }) });
  }
});
await request('ui/initialize', { appInfo: { name: 'view', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' });
send({ method: 'ui/notifications/initialized' });
document.body.onclick = () => request('tools/call', { name: 'refresh', arguments: {} });
`,
  mcpkit: `
import { App } from './dist/app.js';
const app = new App({ name: 'view', version: '1' });
app.on('toolinput', ({ arguments: args }) => { document.body.textContent = JSON.stringify(args); });
await app.connect();
document.body.onclick = () => app.callServerTool('refresh', {});
`,
  'sdk-v2': `
import { App } from '@modelcontextprotocol/ext-apps';
const app = new App({ name: 'view', version: '1' });
app.ontoolinput = ({ arguments: args }) => { document.body.textContent = JSON.stringify(args); };
await app.connect();
document.body.onclick = () => app.callServerTool({ name: 'refresh', arguments: {} });
`,
};

/**
 * The same host page: render one tool's view through a sandbox proxy (the double frame), hand
 * it the view's HTML when the proxy is ready, answer the handshake, then send the tool's input.
 */
const HOSTS: Partial<Record<Implementation, string>> = {
  raw: `
const html = '<p>view</p>', sandbox = 'https://sandbox.example/';
const frame = Object.assign(document.createElement('iframe'), { src: sandbox });
frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
document.body.append(frame);
const origin = new URL(sandbox).origin;
const send = (m) => frame.contentWindow.postMessage({ jsonrpc: '2.0', ...m }, origin);
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== origin) return;
  const m = event.data;
  if (m.method === 'ui/notifications/sandbox-proxy-ready') send({ method: 'ui/notifications/sandbox-resource-ready', params: { html } });
  else if (m.method === 'ui/initialize') send({ id: m.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'host', version: '1' }, hostCapabilities: {}, hostContext: { theme: 'light' } } });
  else if (m.method === 'ui/notifications/initialized') send({ method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } });
  else if (m.method === 'ui/notifications/size-changed') frame.style.height = m.params.height + 'px';
  else if (m.id !== undefined && m.method) send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
`,
  mcpkit: `
import { renderView } from './dist/app-host.js';
const view = await renderView({
  container: document.body,
  sandbox: 'https://sandbox.example/',
  tool: { name: 'weather' },
  document: { uri: 'ui://weather/view.html', html: '<p>view</p>', meta: undefined },
  hostInfo: { name: 'host', version: '1' },
});
await view.ready;
await view.bridge.sendToolInput({ city: 'Oslo' });
`,
  'sdk-v2': `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
const sandbox = 'https://sandbox.example/';
const frame = Object.assign(document.createElement('iframe'), { src: sandbox });
frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
const ready = new Promise((resolve) => window.addEventListener('message', (e) => {
  if (e.source === frame.contentWindow && e.data?.method === 'ui/notifications/sandbox-proxy-ready') resolve();
}));
document.body.append(frame);
await ready;
const bridge = new AppBridge(null, { name: 'host', version: '1' }, {}, { hostContext: { theme: 'light' } });
bridge.onsizechange = ({ height }) => { frame.style.height = height + 'px'; };
const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
await bridge.sendSandboxResourceReady({ html: '<p>view</p>' });
await initialized;
await bridge.sendToolInput({ arguments: { city: 'Oslo' } });
`,
};

/** The page of `mcpkit inspect` as the package ships it: its script and stylesheet, gzipped. */
async function inspectorBytes(): Promise<Sample> {
  const files = ['page.js', 'page.css'].map((name) => readFileSync(join(ROOT, 'dist', 'inspector', name)));
  const gz = files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
  return { value: gz, errors: 0, note: `${files.reduce((sum, f) => sum + f.length, 0)} bytes minified` };
}

const viewBytes = (impl: Implementation) => bundledBytes(VIEWS[impl]!);
const hostBytes = (impl: Implementation) => bundledBytes(HOSTS[impl]!);

async function bundledBytes(source: string): Promise<Sample> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const nodeImports = /from\s*["']node:/.test(new TextDecoder().decode(code)) ? 1 : 0;
  return { value: gzipSync(code, { level: 9 }).length, errors: nodeImports, note: `${code.length} bytes minified` };
}

export const browserGroup: MeasureGroup = async (options) => [
  ...(await measure(
    {
      name: FIGURES.appView,
      unit: 'bytes gz',
      higherIsBetter: false,
      impls: ['raw', 'mcpkit', 'sdk-v2'],
      run: viewBytes,
    },
    options,
  )),
  ...(await measure(
    {
      name: FIGURES.appHost,
      unit: 'bytes gz',
      higherIsBetter: false,
      impls: ['raw', 'mcpkit', 'sdk-v2'],
      run: hostBytes,
    },
    options,
  )),
  ...(await measure(
    { name: FIGURES.inspectorPage, unit: 'bytes gz', higherIsBetter: false, impls: ['mcpkit'], run: inspectorBytes },
    options,
  )),
];
