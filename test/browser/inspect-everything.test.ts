// `mcpkit inspect` against the official reference server, @modelcontextprotocol/server-everything
// (over stdio, a child of the inspector), in headless Chromium as a person uses the page: the
// server named in the heading; tools called through the forms generated from their schemas;
// the long operation's progress shown, then cancelled; an elicitation and a sampling request
// answered in the dialog, the tool's result made of the answers (a sampling request sent as a
// task of the client's, and an elicitation by URL, too); a resource subscribed to and
// its update seen, arriving while another tab is looked at; a prompt with a completion that
// depends on another argument; a tool whose calls must be tasks run, and its task followed to
// its result through the clarification it asks for; the calls found in the Network tab; and no
// serious or critical axe-core finding in any view.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { assertAccessible } from '../helpers/inspect-page.js';

const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Chooses a tool in the Tools tab and fills its form, a field per argument. */
async function chooseTool(page: Page, name: string, args: Record<string, string> = {}): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  for (const [key, value] of Object.entries(args)) await page.getByLabel(key, { exact: true }).fill(value);
}

function run(page: Page): Promise<void> {
  return page.getByRole('button', { name: 'Run', exact: true }).click();
}

function result(page: Page): Locator {
  return page.getByRole('region', { name: 'Result' });
}

describe('mcpkit inspect on the reference server-everything', { skip: browserSkipReason() }, () => {
  let inspect: InspectChild;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    [inspect, browser] = await Promise.all([
      startInspect(['--', process.execPath, EVERYTHING, 'stdio']),
      launchBrowser(),
    ]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
  });
  after(async () => {
    await browser?.close();
    await inspect?.stop();
  });

  it('connects, names the server in its heading, and offers the tabs of its capabilities', async () => {
    await page.getByRole('heading', { name: 'Everything Reference Server', level: 1 }).waitFor();
    await page.getByText('stateful era').waitFor();
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), [
      'Tools',
      'Resources',
      'Prompts',
      'Tasks',
      'Network',
      'Logs',
    ]);
    // The tools it registers once it knows the client can answer its requests are listed too.
    const tools = page.getByRole('list', { name: 'Tools' });
    await tools.getByRole('button', { name: 'trigger-elicitation-request', exact: true }).waitFor();
    await tools.getByRole('button', { name: 'trigger-sampling-request', exact: true }).waitFor();
    await assertAccessible(page, 'the Tools tab');
  });

  it('calls echo and get-sum through their forms and reads each result', async () => {
    await chooseTool(page, 'echo', { message: 'hello from the page' });
    await run(page);
    await result(page).getByText('Echo: hello from the page').waitFor();

    await chooseTool(page, 'get-sum', { a: '2', b: '40' });
    await run(page);
    await result(page).getByText('The sum of 2 and 40 is 42.').waitFor();
    await assertAccessible(page, 'a tool’s result');
  });

  it('shows the long operation’s progress, then cancels it', async () => {
    // 60 steps over 30 seconds: a step every half second, far from done when cancelled.
    await chooseTool(page, 'trigger-long-running-operation', { duration: '30', steps: '60' });
    await run(page);
    const bar = page.getByRole('progressbar', { name: 'Progress' });
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 2);
    assert.equal(await bar.getAttribute('max'), '60');
    // Its progress notifications carry no message: the count is said.
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ of 60$/ })
      .waitFor();
    await assertAccessible(page, 'the long operation running');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText(/^Cancelled/).waitFor();
    assert.equal(await bar.count(), 0, 'the progress bar is gone');
    assert.equal(await result(page).count(), 0, 'no result came');
    assert.equal(await page.getByRole('button', { name: 'Run', exact: true }).isEnabled(), true);
  });

  it('answers the elicitation in the dialog, and the tool reports the answers', async () => {
    await chooseTool(page, 'trigger-elicitation-request');
    await run(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please provide inputs for the following fields:').waitFor();
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'the focus is in the dialog');
    // The defaults of its schema are filled in.
    assert.equal(await dialog.getByLabel('Integer', { exact: true }).inputValue(), '42');
    await assertAccessible(page, 'the elicitation dialog');
    await dialog.getByLabel('String', { exact: true }).fill('Ada Lovelace');
    await dialog.getByLabel('Boolean', { exact: true }).check();
    await dialog.getByLabel('Integer', { exact: true }).fill('7');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await result(page).getByText('✅ User provided the requested information!').waitFor();
    const said = await result(page).innerText();
    assert.match(said, /- Name: Ada Lovelace/);
    assert.match(said, /- Agreed to terms: true/);
    assert.match(said, /- Favorite Integer: 7/);
    assert.match(said, /"firstLine": "It was a dark and stormy night\."/, 'a default sent as it was');
    assert.equal(await page.getByRole('dialog').count(), 0);
  });

  it('answers a sampling request with the text typed in Response', async () => {
    await chooseTool(page, 'trigger-sampling-request', { prompt: 'Name a colour' });
    await run(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Resource trigger-sampling-request context: Name a colour').waitFor();
    await dialog.getByText('You are a helpful test server.').waitFor();
    await assertAccessible(page, 'the sampling dialog');
    await dialog.getByRole('textbox', { name: 'Response' }).fill('Ultramarine');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await result(page)
      .getByText(/LLM sampling result/)
      .waitFor();
    assert.match(await result(page).innerText(), /"text": "Ultramarine"/);
  });

  it('answers a sampling request sent as a task of the client, and an elicitation by URL', async () => {
    // The server asks for the reply as a task the inspector's client runs, and polls it.
    await chooseTool(page, 'trigger-sampling-request-async', { prompt: 'Name a tree' });
    await run(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Resource trigger-sampling-request-async context: Name a tree').waitFor();
    await dialog.getByRole('textbox', { name: 'Response' }).fill('Rowan');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await result(page)
      .getByText(/\[COMPLETED\] Async sampling completed!/)
      .waitFor();
    assert.match(await result(page).innerText(), /"text": "Rowan"/);

    // A URL elicitation: the link is offered (not followed here), and accepting says it was done.
    await chooseTool(page, 'trigger-url-elicitation', { url: 'https://example.com/consent' });
    await run(page);
    const link = dialog.getByRole('link', { name: /example\.com\/consent/ });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), 'https://example.com/consent');
    await assertAccessible(page, 'a URL elicitation');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await result(page).getByText('✅ User completed the URL elicitation flow.').waitFor();
  });

  it('subscribes to a resource and sees the update the server sends, while in another tab', async () => {
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('button', { name: /^features\.md/ }).click();
    const contents = page.getByRole('region', { name: 'Contents' });
    await contents.getByText('# Everything Server - Features').waitFor();
    // A long document scrolls in its box, by keyboard too.
    await assertAccessible(page, 'a long resource read');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    // The server sends updates of the resources subscribed to only once toggle-subscriber-updates
    // ran: one at once, then one every 5 seconds (fixed in its code; no option or variable
    // shortens it). Subscribed first, the page gets the one sent at once.
    await chooseTool(page, 'toggle-subscriber-updates');
    await run(page);
    await result(page)
      .getByText(/Started simulated resource updated notifications/)
      .waitFor();
    await page.getByRole('tab', { name: 'Resources' }).click();
    // The resource, its subscription and the update heard meanwhile are still there.
    await page
      .getByRole('status')
      .filter({ hasText: /^Updated at .*: the server said it changed\.$/ })
      .waitFor();
    await contents.getByText('# Everything Server - Features').waitFor();
    await assertAccessible(page, 'a resource subscribed to, updated');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('button', { name: 'Subscribe' }).waitFor();
    await chooseTool(page, 'toggle-subscriber-updates');
    await run(page);
    await result(page)
      .getByText(/Stopped simulated resource updates/)
      .waitFor();
  });

  it('gets a prompt whose second argument is completed from the first', async () => {
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByRole('button', { name: 'completable-prompt', exact: true }).click();
    await page.getByLabel('department', { exact: true }).fill('Sa');
    await page.locator('datalist option[value="Sales"]').waitFor({ state: 'attached' });
    await page.getByLabel('department', { exact: true }).fill('Sales');
    // The team members of the department chosen.
    await page.getByLabel('name', { exact: true }).fill('D');
    await page.locator('datalist option[value="David"]').waitFor({ state: 'attached' });
    await page.getByLabel('name', { exact: true }).fill('David');
    await page.getByRole('button', { name: 'Get', exact: true }).click();
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByText('Please promote David to the head of the Sales team.').waitFor();
    await assertAccessible(page, 'the Prompts tab');
  });

  it('runs a tool whose calls must be tasks, and follows the task through its question to its result', async () => {
    await chooseTool(page, 'simulate-research-query', { topic: 'python' });
    await page.getByLabel('ambiguous', { exact: true }).check();
    await run(page);
    const became = page.getByRole('status').filter({ hasText: 'became the task' });
    await became.waitFor();
    const taskId = await became.locator('code').innerText();
    assert.match(await became.innerText(), /follow it in the Tasks tab/);

    await page.getByRole('tab', { name: 'Tasks' }).click();
    const task = page.getByRole('listitem', { name: `Task ${taskId}` });
    // Its status as the server's notifications tell it: asking which python is meant.
    await task.getByText('input_required', { exact: true }).waitFor();
    await assertAccessible(page, 'the Tasks tab, a task waiting for input');
    // The server sends its question with the result it is asked for.
    await task.getByRole('button', { name: 'Result' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/The research query "python" could have multiple interpretations/).waitFor();
    await dialog.getByLabel('Clarification').selectOption({ label: 'Python snake species' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const report = task.getByRole('region', { name: `Result of ${taskId}` });
    await report.getByText(/# Research Report: python \(snake\)/).waitFor();
    await task.getByText('completed', { exact: true }).waitFor();
    await assertAccessible(page, 'the Tasks tab, a task’s result');
  });

  it('finds the calls in the Network tab, each with its request and response', async () => {
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByLabel('Method').selectOption('tools/call');
    await page.getByLabel('Filter', { exact: true }).fill('get-sum');
    const rows = page.locator('table.wire tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1, 'the call (its response names no tool)');
    assert.match(await rows.first().innerText(), /→ sent\s+tools\/call/);
    await rows.first().getByRole('button').click();
    const detail = page.getByRole('region', { name: 'Message details' });
    assert.match(await detail.getByRole('region', { name: 'Request' }).innerText(), /"name": "get-sum"/);
    assert.match(await detail.getByRole('region', { name: 'Response' }).innerText(), /The sum of 2 and 40 is 42\./);
    await assertAccessible(page, 'the Network tab, a call opened');

    // The server's question, and the answer the dialog sent.
    await page.getByLabel('Filter', { exact: true }).fill('Please provide inputs');
    await page.getByLabel('Method').selectOption('elicitation/create');
    await rows.first().waitFor();
    assert.match(await rows.first().innerText(), /← received\s+elicitation\/create/);
    await rows.first().getByRole('button').click();
    assert.match(await detail.getByRole('region', { name: 'Response' }).innerText(), /"name": "Ada Lovelace"/);
    // The cancelled operation: the server was told.
    await page.getByLabel('Filter', { exact: true }).fill('');
    await page.getByLabel('Method').selectOption('notifications/cancelled');
    await rows.first().waitFor();
    assert.match(await rows.first().innerText(), /→ sent/);
  });

  it('lists what the server said in the Logs tab', async () => {
    await page.getByRole('tab', { name: 'Logs' }).click();
    const notifications = page.getByRole('list', { name: 'Notifications' });
    await notifications.getByText('notifications/tasks/status').first().waitFor();
    await notifications.getByText('notifications/resources/updated').first().waitFor();
    await assertAccessible(page, 'the Logs tab');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'the Logs tab, dark');
    await page.getByRole('tab', { name: 'Tools' }).click();
    await assertAccessible(page, 'the Tools tab, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(errors, []);
  });
});
