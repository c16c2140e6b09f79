// mcpkit/app in a real page: headless Chromium loads a host page on 127.0.0.1 that frames a
// view in a sandbox (`allow-scripts` only: an opaque origin) under a strict policy (no eval,
// scripts from one origin); the view, built from dist/app.js, makes the handshake, gets the
// tool's input, calls a tool through the host, takes on the host's style variables and
// reports its size. Nothing in it breaks the policy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { listenOnLoopback } from '../helpers/loopback.js';

const APP_JS = fileURLToPath(new URL('../../../dist/app.js', import.meta.url));

const HOST_HTML = `<!doctype html><html><body>
<iframe id="view" sandbox="allow-scripts" src="/view.html" style="border:0;width:400px;height:100px"></iframe>
<script>
const log = [];
window.__log = log;
const frame = document.getElementById('view');
const send = (message) => frame.contentWindow.postMessage(message, '*');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  const m = event.data;
  log.push(m);
  const reply = (result) => send({ jsonrpc: '2.0', id: m.id, result });
  if (m.method === 'ui/initialize') reply({
    protocolVersion: '2026-01-26',
    hostInfo: { name: 'page-host', version: '1' },
    hostCapabilities: { serverTools: {} },
    hostContext: { theme: 'dark', styles: { variables: { '--color-text-primary': 'rgb(255, 0, 0)' } } },
  });
  if (m.method === 'ui/notifications/initialized')
    send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } });
  if (m.method === 'tools/call') reply({ content: [{ type: 'text', text: 'Sunny in ' + m.params.arguments.city }] });
  if (m.method === 'ui/notifications/size-changed') frame.style.height = m.params.height + 'px';
});
</script></body></html>`;

const VIEW_HTML = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<p id="out" style="color: var(--color-text-primary, black)">Waiting</p>
<script type="module" src="/view.js"></script></body></html>`;

const VIEW_JS = `
document.addEventListener('securitypolicyviolation', (event) =>
  window.parent.postMessage({ violation: event.violatedDirective }, '*'));
import { App, applyHostStyles } from '/app.js';
const app = new App({ name: 'page-view', version: '1.0.0' });
app.on('toolinput', async ({ arguments: args }) => {
  const result = await app.callServerTool('weather', args);
  document.getElementById('out').textContent = result.content[0].text;
  for (let i = 0; i < 5; i++) document.body.append(Object.assign(document.createElement('p'), { textContent: 'line ' + i }));
});
await app.connect();
applyHostStyles(app.hostContext);
`;

describe('mcpkit/app in headless Chromium', { skip: browserSkipReason() }, () => {
  let http: HttpServer;
  let origin: string;
  let browser: Browser;
  before(async () => {
    const appJs = readFileSync(APP_JS, 'utf8');
    http = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      // The view's frame has an opaque origin: its scripts come by CORS, from this origin only.
      const script = { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' };
      if (path === '/host.html') res.writeHead(200, { 'content-type': 'text/html' }).end(HOST_HTML);
      else if (path === '/view.html')
        res
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': `default-src 'none'; script-src ${origin}; style-src 'unsafe-inline'`,
          })
          .end(VIEW_HTML);
      else if (path === '/view.js') res.writeHead(200, script).end(VIEW_JS);
      else if (path === '/app.js') res.writeHead(200, script).end(appJs);
      else res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
    });
    origin = `http://127.0.0.1:${await listenOnLoopback(http)}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    http?.close();
  });

  it('makes the handshake, calls a tool through the host, styles itself and reports its size', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${origin}/host.html`);
    const out = page.frameLocator('#view').locator('#out');
    await out.getByText('Sunny in Oslo').waitFor({ timeout: 15_000 });
    assert.equal(await out.evaluate((el) => getComputedStyle(el).color), 'rgb(255, 0, 0)');
    const log = (await page.evaluate('window.__log')) as { method?: string; violation?: string }[];
    const methods = log.map((m) => m.method ?? `violation ${m.violation}`);
    assert.deepEqual(methods.slice(0, 3), [
      'ui/initialize',
      'ui/notifications/initialized',
      'ui/notifications/size-changed',
    ]);
    assert.ok(methods.includes('tools/call'));
    assert.deepEqual(
      methods.filter((m) => m.startsWith('violation')),
      [],
    );
    // The size reported after the view grew: the frame was resized to it.
    await page.waitForFunction(() => (document.getElementById('view') as HTMLIFrameElement).offsetHeight > 150);
    await page.screenshot({ path: '/tmp/mcpkit-app-view.png' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
