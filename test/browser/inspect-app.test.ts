// An MCP App rendered inside `mcpkit inspect`, in headless Chromium, on the apps example server
// (examples/apps, a child of the inspector over stdio): the inspector tells the server it renders
// views, so the ticket tool opens its form rather than filing the draft itself; the form renders
// two frames deep, in the inspector's sandbox on another origin that cannot reach the page, filled
// from the tool's input; filed there, it calls the app-only save_ticket through the inspector,
// which answers it and lists the call in the Network tab; what the view tells the conversation is
// listed under it; another call gets a view of its own; the loan chart draws its result; and
// axe-core finds no serious or critical violation in the inspector's page.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { assertAccessible } from '../helpers/inspect-page.js';

const APPS_SERVER = fileURLToPath(new URL('../../examples/apps/server.js', import.meta.url));

/** Chooses a tool in the Tools tab and fills its form; `run` then runs it. */
async function chooseTool(page: Page, name: string, args: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  for (const [key, value] of Object.entries(args)) await page.getByLabel(key, { exact: true }).fill(value);
}

function run(page: Page): Promise<void> {
  return page.getByRole('button', { name: 'Run', exact: true }).click();
}

/** The view of `tool`: the sandbox's frame (named by renderView), and the view's inside it. */
function viewOf(page: Page, tool: string): { sandbox: FrameLocator; view: FrameLocator } {
  const sandbox = page.getByRole('region', { name: `View of ${tool}` }).frameLocator('iframe[title="MCP App"]');
  return { sandbox, view: sandbox.frameLocator('iframe[title="view"]') };
}

describe('an MCP App inside mcpkit inspect', { skip: browserSkipReason() }, () => {
  let inspect: InspectChild;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    [inspect, browser] = await Promise.all([startInspect(['--', process.execPath, APPS_SERVER]), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
    await page.getByRole('heading', { name: 'mcpkit MCP Apps example', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await inspect?.stop();
  });

  it('renders the ticket form in the sandbox, filled from the input, and files through the host', async () => {
    await chooseTool(page, 'new_ticket', { title: 'Printer on fire' });
    await page.getByRole('radiogroup', { name: 'priority' }).getByRole('radio', { name: 'high' }).check();
    await run(page);
    // Declared as a client that renders views, the inspector gets the form, not a ticket filed as given.
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText(/The ticket form is open with the draft "Printer on fire"/).waitFor();

    const { sandbox, view } = viewOf(page, 'new_ticket');
    const title = view.getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Printer on fire');
    assert.equal(await view.getByRole('radio', { name: 'High' }).isChecked(), true);
    // Framed on the sandbox's origin, not the inspector's: the view cannot reach the page.
    const origins = await view.locator('body').evaluate(() => {
      let page: string;
      try {
        page = window.top!.document.title;
      } catch {
        page = 'out of reach';
      }
      return { own: window.origin, page };
    });
    assert.notEqual(origins.own, inspect.url.origin);
    assert.equal(origins.page, 'out of reach');
    assert.equal(await sandbox.locator('body').evaluate(() => window.origin), origins.own);

    await view.getByRole('textbox', { name: 'Description' }).fill('Smoke from the paper tray.');
    await view.getByRole('button', { name: 'File ticket' }).click();
    await view.getByText('Filed as TCK-1').waitFor();
    const said = page.getByRole('list', { name: 'What the view said' });
    await said.getByText(/message: .*I filed ticket TCK-1: \\"Printer on fire\\" \(priority high\)/).waitFor();
    await said.getByText(/model context: .*The user filed ticket TCK-1/).waitFor();
    // axe does not reach into the view's frames (another origin, where it is not loaded): what it
    // checks is the inspector's page around them.
    await assertAccessible(page, 'the Tools tab with an app view');

    // The view's call went through the inspector to the server, which answered it.
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByLabel('Method').selectOption('tools/call');
    await page.getByLabel('Filter', { exact: true }).fill('save_ticket');
    const rows = page.locator('table.wire tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1, 'the view’s call');
    await rows.first().getByRole('button').click();
    const detail = page.getByRole('region', { name: 'Message details' });
    const request = await detail.getByRole('region', { name: 'Request' }).innerText();
    assert.match(request, /"name": "save_ticket"/);
    assert.match(request, /"description": "Smoke from the paper tray\."/);
    assert.match(await detail.getByRole('region', { name: 'Response' }).innerText(), /"id": "TCK-1"/);
    await assertAccessible(page, 'the Network tab, the view’s call opened');
    // Back on Tools, the filed form is still there.
    await page.getByRole('tab', { name: 'Tools' }).click();
    await view.getByText('Filed as TCK-1').waitFor();
  });

  it('gives another call a view of its own, with that call’s input', async () => {
    await chooseTool(page, 'new_ticket', { title: 'Coffee machine empty' });
    await run(page);
    const { view } = viewOf(page, 'new_ticket');
    const title = view.getByRole('textbox', { name: 'Title' });
    await view.getByRole('button', { name: 'File ticket' }).waitFor();
    assert.equal(await title.inputValue(), 'Coffee machine empty');
    assert.equal(await title.isEditable(), true, 'a fresh form, not the one filed');
    assert.equal(await page.locator('.app-view iframe').count(), 1, 'the last call’s view only');
  });

  it('draws the loan chart from the tool’s result', async () => {
    await chooseTool(page, 'chart_loan', { amount: '200000', ratePercent: '5', years: '30' });
    await run(page);
    const { view } = viewOf(page, 'chart_loan');
    await view.getByText('$1,073.64').waitFor();
    await view.getByRole('img', { name: 'Balance: use the arrow keys to read each year' }).waitFor();
    await assertAccessible(page, 'the Tools tab with the loan chart');
    assert.deepEqual(errors, []);
  });
});
