// The example web host of MCP Apps (examples/apps/host.ts) as a person uses it, in headless
// Chromium: it starts the example server, prints its URL, and the page runs each app's tool and
// renders the view through the sandbox proxy (two frames deep, on another origin). The loan's
// chart is drawn from the tool's result; the ticket form, filled from the input, files through
// the app-only save_ticket (the view's call, checked and run by the Node host) and tells the
// conversation. Without the token, or under another name, the host answers nothing.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { within } from '../helpers/e2e.js';

const HOST = fileURLToPath(new URL('../../examples/apps/host.js', import.meta.url));

/** Starts the example host; resolves with its URL (token included) once it prints it. */
function startHost(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [HOST], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  return within(
    new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += String(chunk);
        const found = /MCP Apps host: (\S+)/.exec(out);
        if (found) resolve({ child, url: new URL(found[1]!) });
      });
      child.once('exit', (code) => reject(new Error(`the host exited with ${code}: ${stderr}`)));
    }),
    20_000,
    'the host to print its URL',
  );
}

/** The view's frame inside the sandbox proxy's, in the newest turn. */
async function viewFrame(page: Page, count: number): Promise<Frame> {
  await page.waitForFunction((n) => document.querySelectorAll('.turn iframe').length >= n, count);
  for (;;) {
    const frames = page.frames().filter((f) => f.parentFrame() !== null && f.parentFrame() !== page.mainFrame());
    if (frames.length >= count) return frames[frames.length - 1]!;
    await page.waitForEvent('frameattached');
  }
}

async function run(page: Page, tool: string, input: object): Promise<void> {
  const card = page.locator('.tool', { has: page.locator(`button[data-tool="${tool}"]`) });
  await card.locator('textarea').fill(JSON.stringify(input));
  await card.locator('button').click();
}

function status(url: URL, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject).end('{}');
  });
}

describe('the example web host of MCP Apps', { skip: browserSkipReason() }, () => {
  let host: { child: ChildProcess; url: URL };
  let browser: Browser;
  before(async () => {
    host = await startHost();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    host?.child.kill();
  });

  it('runs the loan chart and the ticket form, and the form files through the host', async () => {
    const page = await browser.newPage({ viewport: { width: 1180, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(host.url.href);

    await run(page, 'apps__chart_loan', { amount: 250_000, ratePercent: 4.5, years: 25, currency: 'EUR' });
    const chart = await viewFrame(page, 1);
    await chart.locator('#monthly').getByText('1,389.58').waitFor({ timeout: 20_000 });
    assert.ok((await chart.locator('#chart path').count()) > 0);
    const outer = page.locator('.turn iframe').first();
    assert.equal(await outer.getAttribute('sandbox'), 'allow-scripts allow-same-origin allow-forms');
    assert.notEqual(new URL((await outer.getAttribute('src'))!).origin, host.url.origin);
    await page.waitForFunction(() => document.querySelector<HTMLIFrameElement>('.turn iframe')!.offsetHeight > 250);
    await chart.locator('#chart').hover({ position: { x: 420, y: 140 } });
    await chart.locator('#tip').waitFor();
    await page.screenshot({ path: '/tmp/mcpkit-apps-host-loan.png' });

    await run(page, 'apps__new_ticket', {
      title: 'Export drops the last row',
      description: 'CSV export of 3 rows gives 2.',
      priority: 'high',
    });
    const form = await viewFrame(page, 2);
    await form.locator('#title').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector('.turn .text')?.textContent ?? '') !== '');
    assert.equal(await form.locator('#title').inputValue(), 'Export drops the last row');
    await form.locator('#file').click();
    await form
      .locator('#filed-title')
      .getByText(/Filed as/)
      .waitFor({ timeout: 20_000 });
    const said = page.locator('.turn .note', { hasText: 'View says: I filed ticket' });
    await said.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/mcpkit-apps-host-ticket.png' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('answers nothing without the token, and nothing under a name that is not loopback', async () => {
    assert.equal(await status(host.url, '/api/tools'), 401);
    assert.equal(await status(host.url, '/api/tools', { authorization: 'Bearer wrong' }), 401);
    assert.equal(await status(host.url, '/api/tools', { host: `evil.example:${host.url.port}` }), 403);
    const token = host.url.searchParams.get('token')!;
    assert.equal(await status(host.url, '/api/tools', { authorization: `Bearer ${token}` }), 200);
    const page = await browser.newPage();
    const response = await page.goto(new URL('/', host.url).href);
    assert.equal(response?.status(), 401);
    await page.close();
  });
});
