// MCP Apps rendered in headless Chromium, both ways round: mcpkit's host (renderView, with
// mcpkit's client in the page) renders a view built with the official App class and one built
// with mcpkit/app; the official AppBridge (with the official client) renders mcpkit's view.
// Both through mcpkit's sandbox proxy on an origin of its own. In each: input then result, in
// that order; the view's call to an app-only tool answered and to a model-only tool refused;
// its message reaching the host; its growth resizing the frame; a fetch the policy does not
// allow blocked while a declared origin is reached; the double frame; teardown answered; and,
// with mcpkit's host, the page's color scheme followed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { startAppsSite, type AppsSite } from '../helpers/browser-apps.js';

const MCPKIT_HOST = `
import { Client } from './src/client/index.ts';
import { StreamableHttpClientTransport } from './src/http/index.ts';
import { renderView } from './src/app-host/index.ts';
const params = new URLSearchParams(location.search);
const log = (window.__host = { messages: [], sizes: [] });
const client = new Client({ name: 'browser-host', version: '1.0.0' }, {
  capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
});
const session = await client.connect(
  new StreamableHttpClientTransport({ url: new URL('/mcp', location.href) }),
  { protocolVersion: params.get('era') },
);
const { tools } = await session.listTools();
const tool = tools.find((t) => t.name === params.get('tool'));
const view = await renderView({
  container: document.getElementById('views'),
  sandbox: params.get('sandbox'),
  tool,
  tools,
  server: session,
  hostInfo: { name: 'browser-host', version: '1.0.0' },
  hooks: { message: async (m) => { log.messages.push(m); }, size: (s) => log.sizes.push(s) },
});
window.__remove = () => view.remove('done');
await view.ready;
await view.bridge.sendToolInput({ city: 'Oslo' });
await view.bridge.sendToolResult(await session.callTool({ name: tool.name, arguments: { city: 'Oslo' } }));
`;

const OFFICIAL_HOST = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
const params = new URLSearchParams(location.search);
const log = (window.__host = { messages: [], sizes: [] });
const client = new Client({ name: 'official-host', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)));
const { tools } = await client.listTools();
const tool = tools.find((t) => t.name === params.get('tool'));
const read = await client.readResource({ uri: tool._meta.ui.resourceUri });
const { text: html, _meta } = read.contents[0];
const sandbox = new URL(params.get('sandbox'));
sandbox.searchParams.set('host', location.origin);
sandbox.searchParams.set('csp', JSON.stringify(_meta.ui.csp));
const frame = Object.assign(document.createElement('iframe'), { src: sandbox.href });
frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
frame.style.cssText = 'border:0;width:100%;height:0';
const ready = new Promise((resolve) => addEventListener('message', function once(e) {
  if (e.source === frame.contentWindow && e.data?.method === 'ui/notifications/sandbox-proxy-ready') {
    removeEventListener('message', once);
    resolve();
  }
}));
document.getElementById('views').append(frame);
await ready;
const bridge = new AppBridge(client, { name: 'official-host', version: '1.0.0' }, { serverTools: {}, message: { text: {} } });
bridge.onmessage = async (m) => { log.messages.push(m); return {}; };
bridge.onsizechange = (s) => { log.sizes.push(s); if (s.height !== undefined) frame.style.height = s.height + 'px'; };
const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
// connect() forwards every call to the server; a host keeps the view to the tools whose
// visibility has "app", so it replaces that forwarder after connecting.
bridge.oncalltool = async (call) => {
  const visibility = tools.find((t) => t.name === call.name)?._meta?.ui?.visibility ?? ['model', 'app'];
  if (!visibility.includes('app')) throw new Error('not callable from a view');
  return client.callTool(call);
};
await bridge.sendSandboxResourceReady({ html, csp: _meta.ui.csp });
await initialized;
await bridge.sendToolInput({ arguments: { city: 'Oslo' } });
await bridge.sendToolResult(await client.callTool({ name: tool.name, arguments: { city: 'Oslo' } }));
window.__remove = () => bridge.teardownResource({}).then(() => true, () => false);
`;

/** The innermost frame: the view, inside the sandbox proxy. */
async function viewFrame(page: Page): Promise<Frame> {
  for (;;) {
    const inner = page.frames().find((f) => f.parentFrame() !== null && f.parentFrame() !== page.mainFrame());
    if (inner !== undefined) return inner;
    await page.waitForEvent('frameattached');
  }
}

describe('MCP App views in headless Chromium', { skip: browserSkipReason() }, () => {
  let site: AppsSite;
  let browser: Browser;
  before(async () => {
    site = await startAppsSite({ 'mcpkit-host': MCPKIT_HOST, 'official-host': OFFICIAL_HOST });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const cases = [
    { host: 'mcpkit-host', tool: 'official_view', era: '2025-11-25' },
    { host: 'mcpkit-host', tool: 'mcpkit_view', era: '2026-07-28' },
    { host: 'official-host', tool: 'mcpkit_view', era: '' },
  ];
  for (const { host, tool, era } of cases) {
    it(`${host} renders ${tool}${era === '' ? '' : ` at ${era}`}`, async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const query = new URLSearchParams({ tool, era, sandbox: site.sandbox.url });
      await page.goto(`${site.origin}/${host}.html?${query}`);
      const view = await viewFrame(page);
      await view.waitForFunction(
        () => {
          const seen = (window as unknown as { __seen?: string[] }).__seen ?? [];
          return seen.some((s) => s.startsWith('result')) && seen.some((s) => s.startsWith('declared'));
        },
        undefined,
        { timeout: 20_000 },
      );
      const seen = (await view.evaluate('window.__seen')) as string[];
      assert.ok(seen.indexOf('input Oslo') < seen.indexOf(`result Sunny in Oslo`), seen.join(' | '));
      for (const line of [
        'nested true',
        'save saved Oslo',
        'secret refused',
        'message sent',
        'undeclared blocked',
        'declared pong',
      ]) {
        assert.ok(seen.includes(line), `${line} not in ${seen.join(' | ')}`);
      }
      assert.ok(seen.includes('violation connect-src'), seen.join(' | '));
      const outer = page.locator('#views > iframe');
      assert.equal(await outer.getAttribute('sandbox'), 'allow-scripts allow-same-origin allow-forms');
      await page.waitForFunction(
        () => document.querySelector<HTMLIFrameElement>('#views > iframe')!.offsetHeight > 200,
      );
      const log = (await page.evaluate('window.__host')) as { messages: { content: unknown }[]; sizes: unknown[] };
      assert.equal(log.messages.length, 1);
      assert.match(JSON.stringify(log.messages[0]!.content), /Saved Oslo/);
      assert.ok(log.sizes.length > 0);
      await page.screenshot({ path: `/tmp/mcpkit-${host}-${tool}.png` });
      if (host === 'mcpkit-host') {
        // The page's color scheme changes: the view is told.
        await page.emulateMedia({ colorScheme: 'dark' });
        await view.waitForFunction(() => (window as unknown as { __seen: string[] }).__seen.includes('theme dark'));
      }
      assert.equal(await page.evaluate('window.__remove()'), true);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
