// What ships to a browser: the view of an MCP App, one small view written three ways and
// bundled as a view's author would (esbuild, minified, for the browser), in bytes gzipped.
// Raw speaks the protocol by hand (the handshake, the tool's input, one call through the
// host); mcpkit uses mcpkit/app as published (dist/app.js); sdk-v2 the official
// @modelcontextprotocol/ext-apps App. The bytes do not vary, so one repetition would do.
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

async function viewBytes(impl: Implementation): Promise<Sample> {
  const result = await build({
    stdin: { contents: VIEWS[impl]!, resolveDir: ROOT, loader: 'js' },
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

export const browserGroup: MeasureGroup = (options) =>
  measure(
    {
      name: FIGURES.appView,
      unit: 'bytes gz',
      higherIsBetter: false,
      impls: ['raw', 'mcpkit', 'sdk-v2'],
      run: viewBytes,
    },
    options,
  );
