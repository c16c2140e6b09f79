// The MCP Apps example's views in a real page: headless Chromium loads a host page on
// 127.0.0.1 that frames each view (read from the example server, a child process) in a sandbox
// (`allow-scripts` only: an opaque origin) under the policy mcpkit/app-host gives it, and
// speaks with it through mcpkit/app-host's ViewBridge; the view's calls to tools go to the real
// server. The chart draws the tool's result, shows a year's figures under the pointer and the
// keys, switches kind, follows the host's theme and reports its size; the form fills in from
// the tool's input, keeps the model's context, files through the app-only tool and tells the
// conversation. Screenshots of both, light and dark, go to /tmp.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { toolVisibility, viewDocument, viewPolicy } from 'mcpkit/app-host';
import { Client, type ClientSession } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { within } from '../helpers/e2e.js';
import { listenOnLoopback } from '../helpers/loopback.js';

const SERVER = fileURLToPath(new URL('../../examples/apps/server.js', import.meta.url));
const dist = (file: string) => readFileSync(fileURLToPath(new URL(`../../../dist/${file}`, import.meta.url)), 'utf8');
const VIEWS = { loan: 'ui://loan/chart.html', ticket: 'ui://tickets/form.html' } as const;
const LOAN = { amount: 200_000, ratePercent: 5, years: 30 };

/** A host's look: its style variables, which the views take on. */
const THEMES = {
  light: { '--color-background-primary': '#fdfcfa', '--color-text-primary': '#1f2328', '--font-sans': 'sans-serif' },
  dark: { '--color-background-primary': '#202124', '--color-text-primary': '#e8eaed', '--font-sans': 'sans-serif' },
};

const HOST_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 24px; background: #eceef1; }
body.dark { background: #121315; }
iframe { display: block; width: 620px; height: 80px; border: 1px solid #d3d8de; border-radius: 12px; }
body.dark iframe { border-color: #3a3d42; }
</style></head><body><script type="module" src="/host.js"></script></body></html>`;

// The host's side: a frame for the view, a ViewBridge over postMessage with it, the model's
// call made through the page's binding to the server (window.mcpCallTool), what the view asks
// for recorded in window.hostLog.
const HOST_JS = `
import { ViewBridge } from '/app-host.js';
import { PostMessageTransport } from '/app.js';
window.hostLog = { messages: [], contexts: [], sizes: [], calls: [] };
window.showView = async ({ src, tool, args, theme, variables, visibility }) => {
  document.body.className = theme;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.src = src;
  document.body.append(frame);
  const log = window.hostLog;
  const bridge = new ViewBridge(new PostMessageTransport({ target: frame.contentWindow, listenOn: window }), {
    hostInfo: { name: 'test-host', version: '1.0.0' },
    hostCapabilities: { serverTools: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} } },
    hostContext: { theme, locale: 'en-US', platform: 'web', displayMode: 'inline', styles: { variables } },
    toolVisibility: (name) => visibility[name],
    hooks: {
      callTool: (name, args) => { log.calls.push(name); return window.mcpCallTool(name, args); },
      message: async (params) => { log.messages.push(params); },
      updateModelContext: async (params) => { log.contexts.push(params); },
      size: (size) => { log.sizes.push(size); if (size.height) frame.style.height = size.height + 'px'; },
    },
  });
  await bridge.start();
  void bridge.sendToolInput(args);
  await bridge.sendToolResult(await window.mcpCallTool(tool, args));
};
`;

interface HostLog {
  messages: { role: string; content: { type: string; text: string }[] }[];
  contexts: { content: { text: string }[]; structuredContent: Record<string, unknown> }[];
  sizes: { width?: number; height?: number }[];
  calls: string[];
}

describe("the apps example's views in headless Chromium", { skip: browserSkipReason() }, () => {
  let http: HttpServer;
  let origin: string;
  let browser: Browser;
  let session: ClientSession;
  let visibility: Record<string, readonly string[]>;
  const views = new Map<string, { html: string; csp: string }>();

  before(async () => {
    const client = new Client(
      { name: 'browser-host', version: '1.0.0' },
      { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } },
    );
    session = await within(
      client.connect(new CommandTransport({ command: process.execPath, args: [SERVER], stderr: 'pipe' })),
      20_000,
      'the example server',
    );
    const { tools } = await session.listTools();
    visibility = Object.fromEntries(tools.map((tool) => [tool.name, toolVisibility(tool)]));
    for (const [name, uri] of Object.entries(VIEWS)) {
      const { html, meta } = viewDocument(uri, await session.readResource({ uri }));
      views.set(name, { html, csp: viewPolicy(meta).csp });
    }
    const files: Record<string, string> = { '/app.js': dist('app.js'), '/app-host.js': dist('app-host.js') };
    http = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const view = views.get(path.replace(/^\/view\//, ''));
      if (path === '/host.html') res.writeHead(200, { 'content-type': 'text/html' }).end(HOST_HTML);
      else if (path === '/host.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(HOST_JS);
      else if (files[path] !== undefined) res.writeHead(200, { 'content-type': 'text/javascript' }).end(files[path]);
      else if (view && path.startsWith('/view/'))
        res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': view.csp }).end(view.html);
      else res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
    });
    origin = `http://127.0.0.1:${await listenOnLoopback(http)}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    http?.close();
    await session?.close();
  });

  /** A host page showing `view` for a call of `tool` with `args`; what the page reports as an error is kept. */
  async function show(view: keyof typeof VIEWS, tool: string, args: Record<string, unknown>, theme: 'light' | 'dark') {
    const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.exposeFunction('mcpCallTool', (name: string, toolArgs: Record<string, unknown>) =>
      session.callTool({ name, arguments: toolArgs }),
    );
    await page.goto(`${origin}/host.html`);
    await page.waitForFunction(() => 'showView' in window);
    await page.evaluate((setup) => (window as unknown as { showView(s: unknown): Promise<void> }).showView(setup), {
      src: `/view/${view}`,
      tool,
      args,
      theme,
      variables: THEMES[theme],
      visibility,
    });
    // The view reported its size and the host sized the frame to it, as a user would see it.
    await page.waitForFunction(() => document.querySelector('iframe')!.offsetHeight > 200);
    return { page, frame: page.frameLocator('iframe'), errors };
  }

  const hostLog = (page: Page) => page.evaluate(() => (window as unknown as { hostLog: HostLog }).hostLog);
  const tipText = (frame: FrameLocator) => frame.locator('#tip').innerText();

  it('draws the loan, shows a year under the pointer and the keys, switches kind, in the host’s look', async () => {
    const loan = (await session.callTool({ name: 'chart_loan', arguments: LOAN })).structuredContent as {
      schedule: { year: number; interest: number; principal: number; balance: number }[];
    };
    const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
    const { page, frame, errors } = await show('loan', 'chart_loan', LOAN, 'light');
    await frame.locator('path.line').waitFor({ timeout: 15_000 });
    assert.equal(await frame.locator('#monthly').innerText(), '$1,073.64');
    assert.equal(await frame.locator('#interest').innerText(), '$186,513.24');
    assert.equal(await frame.locator('#subtitle').innerText(), '$200,000.00 at 5 % over 30 years');
    assert.equal(
      await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(253, 252, 250)',
    );

    // The pointer over the chart: the year under it, its balance as the schedule has it.
    await frame.locator('svg').hover({ position: { x: 300, y: 100 } });
    await frame.locator('#tip').waitFor();
    const year = Number(/Year (\d+)/.exec(await tipText(frame))?.[1]);
    assert.ok(year >= 1 && year <= 30, `a year: ${await tipText(frame)}`);
    assert.match(await tipText(frame), new RegExp(`Balance\\s+${escape(money(loan.schedule[year - 1]!.balance))}`));
    await page.locator('iframe').screenshot({ path: '/tmp/mcpkit-apps-example-chart-light.png' });

    // The other kind: one stacked bar a year; a bar under the pointer, then the arrow key.
    await frame.getByRole('button', { name: 'Yearly payments' }).click();
    assert.equal(await frame.getByRole('button', { name: 'Yearly payments' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await frame.locator('g.bar').count(), 30);
    await frame.locator('g.bar').nth(4).hover();
    await frame.locator('#tip b', { hasText: 'Year 5' }).waitFor();
    assert.match(await tipText(frame), new RegExp(`Principal\\s+${escape(money(loan.schedule[4]!.principal))}`));
    await frame.locator('svg').press('ArrowRight');
    await frame.locator('#tip b', { hasText: 'Year 6' }).waitFor();
    assert.match(await tipText(frame), new RegExp(`Interest\\s+${escape(money(loan.schedule[5]!.interest))}`));

    // Its size, reported: the host sized the frame to it.
    await page.waitForFunction(() => document.querySelector('iframe')!.offsetHeight > 300);
    const { sizes, calls } = await hostLog(page);
    assert.ok(sizes.length > 0 && (sizes.at(-1)?.height ?? 0) > 300, JSON.stringify(sizes));
    assert.deepEqual(calls, [], 'the chart calls no tool');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('fills the form from the input, keeps the model’s context, files through save_ticket, tells the conversation', async () => {
    const ticket = { title: 'Export to CSV hangs', description: 'With more than 10 000 rows.', priority: 'high' };
    const { page, frame, errors } = await show('ticket', 'new_ticket', ticket, 'light');
    const title = frame.locator('#title');
    await page.waitForFunction(() => (window as unknown as { hostLog: HostLog }).hostLog.contexts.length > 0);
    assert.equal(await title.inputValue(), ticket.title);
    assert.equal(await frame.locator('#description').inputValue(), ticket.description);
    assert.equal(await frame.locator('input[value="high"]').isChecked(), true);
    assert.equal(
      await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor),
      'rgb(253, 252, 250)',
    );
    assert.deepEqual((await hostLog(page)).contexts[0]?.structuredContent, { filed: false, draft: ticket });

    // No title: refused in the form, nothing sent.
    await title.fill('');
    await frame.getByRole('button', { name: 'File ticket' }).click();
    assert.equal(await frame.locator('#status').innerText(), 'A ticket needs a title.');

    // The user's title is kept in the model's context, then filed.
    await title.fill('Export to CSV hangs on large tables');
    await page.waitForFunction(() =>
      (window as unknown as { hostLog: HostLog }).hostLog.contexts.some((c) =>
        c.content[0]?.text.includes('on large tables'),
      ),
    );
    await page.locator('iframe').screenshot({ path: '/tmp/mcpkit-apps-example-form-light.png' });
    await frame.getByRole('button', { name: 'File ticket' }).click();
    await frame.locator('#filed').waitFor();
    const id = /Filed as (TCK-\d+)/.exec(await frame.locator('#filed-title').innerText())?.[1];
    assert.ok(id, 'the server’s ticket number is shown');
    assert.equal(
      await frame.locator('#filed-text').innerText(),
      `Filed ${id} "Export to CSV hangs on large tables" (priority high).`,
    );
    await page.waitForFunction(() => (window as unknown as { hostLog: HostLog }).hostLog.messages.length > 0);
    const log = await hostLog(page);
    assert.deepEqual(log.calls, ['save_ticket']);
    assert.deepEqual(log.messages, [
      {
        role: 'user',
        content: [
          { type: 'text', text: `I filed ticket ${id}: "Export to CSV hangs on large tables" (priority high).` },
        ],
      },
    ]);
    assert.deepEqual(log.contexts.at(-1)?.structuredContent, {
      filed: true,
      ticket: { id, ...ticket, title: 'Export to CSV hangs on large tables' },
    });
    const listed = await session.callTool({ name: 'list_tickets', arguments: {} });
    assert.match(
      JSON.stringify(listed.content),
      new RegExp(`Filed ${id} \\\\"Export to CSV hangs on large tables\\\\"`),
    );
    await page.locator('iframe').screenshot({ path: '/tmp/mcpkit-apps-example-form-filed-light.png' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('takes on a dark host’s theme', async () => {
    for (const [view, tool, args] of [
      ['loan', 'chart_loan', LOAN],
      ['ticket', 'new_ticket', { title: 'Dark mode contrast on charts', priority: 'normal' }],
    ] as const) {
      const { page, frame, errors } = await show(view, tool, args, 'dark');
      await page.waitForFunction(() => (window as unknown as { hostLog: HostLog }).hostLog.sizes.length > 0);
      if (view === 'ticket') {
        await page.waitForFunction(() => (window as unknown as { hostLog: HostLog }).hostLog.contexts.length > 0);
        assert.equal(await frame.locator('#title').inputValue(), args.title);
      } else {
        await frame.locator('path.line').waitFor();
        await frame.getByRole('button', { name: 'Yearly payments' }).click();
        await frame.locator('g.bar').nth(11).hover();
        await frame.locator('#tip b', { hasText: 'Year 12' }).waitFor();
      }
      assert.equal(await frame.locator('html').getAttribute('data-theme'), 'dark');
      assert.equal(await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(32, 33, 36)');
      await page
        .locator('iframe')
        .screenshot({ path: `/tmp/mcpkit-apps-example-${view === 'loan' ? 'chart' : 'form'}-dark.png` });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
