// The host's look on a view's page (mcpkit/app's theme helpers), in headless Chromium: a page on
// 127.0.0.1, under the policy hosts give views by default (scripts from its own origin, inline
// styles), loads dist/app.js and applies a theme, style variables and fonts; then an App,
// connected to a host written in the page, keeps them applied as the host's context changes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { listenOnLoopback } from '../helpers/loopback.js';

const APP_JS = fileURLToPath(new URL('../../../dist/app.js', import.meta.url));

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<p id="text" style="color: var(--color-text-primary, black)">text</p>
<script type="module" src="/page.js"></script></body></html>`;

const FONTS = '@font-face { font-family: "Host Sans"; src: local("Arial"); }';

// What the page does, step by step; each step's picture of <html> goes to window.__steps.
const PAGE_JS = `
import { App, applyHostFonts, applyHostStyles, applyStyleVariables, applyTheme, followHostStyles } from '/app.js';
const html = document.documentElement;
const steps = [];
const picture = (name) => steps.push({
  name,
  theme: html.dataset.theme ?? null,
  scheme: html.style.colorScheme,
  style: html.getAttribute('style'),
  fonts: [...document.querySelectorAll('head style')].map((s) => s.textContent),
  color: getComputedStyle(document.getElementById('text')).color,
});
document.addEventListener('securitypolicyviolation', (e) => steps.push({ name: 'violation ' + e.violatedDirective }));

applyTheme('dark');
applyStyleVariables({ '--color-text-primary': 'rgb(0, 128, 0)', color: 'red' });
picture('helpers');
const fontsElement = () => document.querySelector('head style');
applyHostFonts(${JSON.stringify(FONTS)});
const first = fontsElement();
applyHostFonts(${JSON.stringify(FONTS)});
steps.push({ name: 'same fonts, same element', same: fontsElement() === first });
applyTheme(undefined);
applyStyleVariables({ '--color-text-primary': undefined });
picture('cleared');

// A host in the page: it answers ui/initialize and can tell the view its context changed.
const listenOn = new EventTarget();
const deliver = (data) => Object.assign(new Event('message'), { data, source: target });
const target = {
  postMessage(m) {
    if (m.method === 'ui/initialize') listenOn.dispatchEvent(deliver({ jsonrpc: '2.0', id: m.id, result: {
      protocolVersion: '2026-01-26', hostInfo: { name: 'page-host', version: '1' }, hostCapabilities: {},
      hostContext: { theme: 'light', styles: {
        variables: { '--color-text-primary': 'rgb(0, 0, 255)', '--gap': '4px' }, css: { fonts: 'a {}' } } },
    } }));
  },
};
const changeContext = (params) =>
  listenOn.dispatchEvent(deliver({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params }));
const app = new App({ name: 'themed', version: '1' }, { peer: { target, listenOn }, autoResize: false });
try { followHostStyles(app); } catch (e) { steps.push({ name: 'before connect', error: e.message }); }
await app.connect();
const stop = followHostStyles(app);
picture('connected');
changeContext({ theme: 'dark' });
picture('dark');
changeContext({ styles: { variables: { '--color-text-primary': 'rgb(255, 0, 0)' } } });
picture('new styles');
stop();
changeContext({ theme: 'light' });
picture('stopped');
window.__steps = steps;
`;

describe("mcpkit/app's theme helpers in headless Chromium", { skip: browserSkipReason() }, () => {
  let http: HttpServer;
  let origin: string;
  let browser: Browser;
  before(async () => {
    const appJs = readFileSync(APP_JS, 'utf8');
    http = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const script = { 'content-type': 'text/javascript' };
      if (path === '/page.html')
        res
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'",
          })
          .end(PAGE_HTML);
      else if (path === '/page.js') res.writeHead(200, script).end(PAGE_JS);
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

  it('applies theme, variables and fonts, and keeps them applied as the context changes', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => (window as { __steps?: unknown }).__steps !== undefined, undefined, {
      timeout: 15_000,
    });
    const steps = (await page.evaluate('window.__steps')) as Record<string, unknown>[];
    const step = (name: string) => steps.find((s) => s.name === name);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      steps.filter((s) => String(s.name).startsWith('violation')),
      [],
    );
    assert.deepEqual(step('helpers'), {
      name: 'helpers',
      theme: 'dark',
      scheme: 'dark',
      style: 'color-scheme: dark; --color-text-primary: rgb(0, 128, 0);',
      fonts: [],
      color: 'rgb(0, 128, 0)',
    });
    assert.equal(step('same fonts, same element')?.same, true);
    assert.deepEqual(step('cleared'), {
      name: 'cleared',
      theme: 'dark',
      scheme: 'dark',
      style: 'color-scheme: dark;',
      fonts: [FONTS],
      color: 'rgb(0, 0, 0)',
    });
    assert.equal(step('before connect')?.error, 'followHostStyles: call it after app.connect()');
    assert.deepEqual(step('connected'), {
      name: 'connected',
      theme: 'light',
      scheme: 'light',
      style: 'color-scheme: light; --color-text-primary: rgb(0, 0, 255); --gap: 4px;',
      fonts: ['a {}'],
      color: 'rgb(0, 0, 255)',
    });
    assert.equal(step('dark')?.theme, 'dark');
    // The new styles name one variable: the other is gone; the fonts stay.
    assert.deepEqual(step('new styles'), {
      name: 'new styles',
      theme: 'dark',
      scheme: 'dark',
      style: 'color-scheme: dark; --color-text-primary: rgb(255, 0, 0);',
      fonts: ['a {}'],
      color: 'rgb(255, 0, 0)',
    });
    assert.equal(step('stopped')?.theme, 'dark');
    await page.close();
  });
});
