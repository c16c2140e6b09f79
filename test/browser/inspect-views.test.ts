// The inspector's page as a person uses it, in headless Chromium against `mcpkit inspect` on the
// example server (real child processes, the page's real CSP): the tabs by keyboard; a prompt
// with a completed argument rendered; a resource read, subscribed, and re-read live when the
// server says it changed; an elicitation (accepted, then cancelled with Escape) and a sampling
// request answered in the dialog; the network view finding a call, showing its request and
// response, and exporting JSON Lines; and no serious or critical axe-core finding in any view.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { CLI } from '../helpers/e2e.js';
import { assertAccessible, requestFromPage, startInspector, wireOf } from '../helpers/inspect-page.js';

/** Runs a tool from the Tools tab: per-argument fields where the tab has them, else its JSON. */
async function runTool(page: Page, name: string, args: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  const json = page.getByLabel('Arguments', { exact: true });
  if ((await json.count()) > 0) await json.fill(JSON.stringify(args));
  else for (const [key, value] of Object.entries(args)) await page.getByLabel(key, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

describe('mcpkit inspect: the page’s views', { skip: browserSkipReason() }, () => {
  let inspector: { child: ChildProcess; url: string };
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    inspector = await startInspector(['--era', 'legacy']);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 }, acceptDownloads: true });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspector.url);
    await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    inspector?.child.kill();
  });

  it('offers the tabs of the server’s capabilities, moved through by keyboard', async () => {
    const names = await page.getByRole('tab').allInnerTexts();
    assert.deepEqual(names, ['Tools', 'Resources', 'Prompts', 'Tasks', 'Network', 'Logs']);
    await page.getByRole('tab', { name: 'Tools' }).focus();
    await page.keyboard.press('ArrowRight');
    const resources = page.getByRole('tab', { name: 'Resources' });
    assert.equal(await resources.getAttribute('aria-selected'), 'true');
    assert.ok(await resources.evaluate((tab) => tab === document.activeElement));
    await page.keyboard.press('End');
    assert.equal(await page.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: 'Tools' }).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    assert.equal(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), 'tab-tools');
    await assertAccessible(page, 'the Tools tab');
  });

  it('gets a prompt, an argument completed by the server, its messages rendered by role', async () => {
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByRole('button', { name: 'review_code', exact: true }).click();
    await page.getByLabel('code', { exact: true }).fill('let x = 1');
    await page.getByLabel('language', { exact: true }).fill('py');
    // The suggestions follow what is typed: all four at first, then only python.
    await page.waitForFunction(() => {
      const options = [...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'));
      return options.length === 1 && options[0] === 'python';
    });
    await page.getByLabel('language', { exact: true }).fill('python');
    await page.getByRole('button', { name: 'Get', exact: true }).click();
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByRole('article', { name: 'user message 1' }).waitFor();
    assert.match(await messages.innerText(), /Please review this python code:\s+let x = 1/);
    await assertAccessible(page, 'the Prompts tab');
  });

  it('reads a resource, subscribes, and re-reads it when the server says it changed', async () => {
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('button', { name: /^Notes/ }).click();
    const contents = page.getByRole('region', { name: 'Contents' });
    await contents.getByText('Nothing noted yet.').waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await requestFromPage(page, 'tools/call', { name: 'note', arguments: { text: 'Buy milk.' } });
    await contents.getByText('Buy milk.').waitFor();
    assert.match(await page.getByRole('status').filter({ hasText: 'Updated' }).innerText(), /server said it changed/);
    // An image resource is shown from its bytes.
    await page.getByRole('button', { name: /^pixel/ }).click();
    await contents.getByRole('img', { name: 'memo://pixel.png' }).waitFor();
    assert.match((await contents.getByRole('img').getAttribute('src')) ?? '', /^blob:/);
    // A template's variable, completed, reads the resource it makes.
    await page.getByRole('button', { name: /^greeting/ }).click();
    await page.getByLabel('name', { exact: true }).fill('Gr');
    await page.locator('datalist option[value="Grace"]').waitFor({ state: 'attached' });
    await page.getByLabel('name', { exact: true }).fill('Grace');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await page.getByRole('region', { name: 'Contents' }).getByText('Hello, Grace!').waitFor();
    await assertAccessible(page, 'the Resources tab');
  });

  it('answers an elicitation in the dialog, and Escape cancels one', async () => {
    await runTool(page, 'ask_name', {});
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading').waitFor();
    assert.match(await dialog.innerText(), /What is your name\?/);
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'the focus is in the dialog');
    await assertAccessible(page, 'an elicitation dialog');
    // Accepting an empty required field says why, and sends nothing.
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.getByText('an answer is required').waitFor();
    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Hello, Ada!').waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    // Back on Run, where it was; or on Cancel beside it while the call that asked still runs.
    assert.match(
      (await page.evaluate(() => document.activeElement?.textContent)) ?? '',
      /^(Run|Cancel)$/,
      'the focus is back',
    );

    await runTool(page, 'ask_name', {});
    await page.getByRole('dialog').getByLabel('Name').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Result' }).getByText('No name given (cancel).').waitFor();
  });

  it('answers a sampling request with the text typed in Response', async () => {
    await runTool(page, 'haiku', { topic: 'the sea' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Write a haiku about the sea.').waitFor();
    await assertAccessible(page, 'a sampling dialog');
    await dialog.getByRole('textbox', { name: 'Response' }).fill('Waves fold into foam');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Waves fold into foam').waitFor();
  });

  it('finds a call in the network view, shows its request and response, and exports JSON Lines', async () => {
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByLabel('Method').selectOption('tools/call');
    await page.getByLabel('Filter', { exact: true }).fill('haiku');
    const rows = page.locator('table.wire tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1, 'the call (its response names no haiku)');
    assert.match(await rows.first().innerText(), /→ sent/);
    // Its duration: from the call to its response, which came after the sampling was answered.
    assert.match(await rows.first().innerText(), /\d+ ms|\d+\.\d+ s/);
    await rows.first().getByRole('button').click();
    const detail = page.getByRole('region', { name: 'Message details' });
    assert.match(await detail.getByRole('region', { name: 'Request' }).innerText(), /"name": "haiku"/);
    assert.match(await detail.getByRole('region', { name: 'Response' }).innerText(), /Waves fold into foam/);
    await assertAccessible(page, 'the Network tab');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON Lines' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^mcp-wire-.*\.jsonl$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    assert.equal(lines.length, 1, 'what the filter shows');
    const exported = JSON.parse(lines[0]!) as { direction: string; message: { method?: string; params?: unknown } };
    assert.equal(exported.direction, 'sent');
    assert.equal(exported.message.method, 'tools/call');
    // The Tools tab asks for progress: the call carries a progress token beside its arguments.
    const { _meta, ...params } = exported.message.params as { _meta?: { progressToken?: unknown } };
    assert.deepEqual(params, { name: 'haiku', arguments: { topic: 'the sea' } });
    assert.deepEqual(Object.keys(_meta ?? {}), ['progressToken']);

    // Sent again through the inspector, a request gets a fresh answer.
    await page.getByLabel('Filter', { exact: true }).fill('');
    await page.getByLabel('Method').selectOption('');
    await page.getByLabel('Method').selectOption('resources/read');
    await rows.first().getByRole('button').click();
    await detail.getByRole('button', { name: 'Send again' }).click();
    await detail.getByRole('region', { name: 'Answer sent again' }).getByText('contents').waitFor();
  });

  it('shows a task, the elicitation it sends, its status as it changes, and its result', async () => {
    const started = requestFromPage(page, 'tools/call', {
      name: 'report',
      arguments: { topic: 'tides', steps: 2, stepMs: 0 },
      task: { ttl: 60_000 },
    });
    const created = (await started) as { result: { task: { taskId: string } } };
    const taskId = created.result.task.taskId;
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Add details').check();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    const task = page.getByRole('listitem', { name: `Task ${taskId}` });
    await task.getByText('completed', { exact: true }).waitFor();
    await task.getByRole('button', { name: 'Result' }).click();
    const result = task.getByRole('region', { name: `Result of ${taskId}` });
    await result.getByText(/2\. section 2 \(with details\)/).waitFor();
    await page.getByRole('button', { name: 'List tasks' }).click();
    await assertAccessible(page, 'the Tasks tab');
  });

  it('lists the notifications, sets the logging level, and reads well in the dark', async () => {
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page
      .getByRole('list', { name: 'Notifications' })
      .getByText('notifications/resources/updated')
      .first()
      .waitFor();
    await page.getByLabel('Logging level').selectOption('debug');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/request'));
    await page.getByLabel('Logging level').selectOption('error');
    assert.equal((await sent).status(), 200);
    await assertAccessible(page, 'the Logs tab');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('tab', { name: 'Network' }).click();
    await assertAccessible(page, 'the Network tab, dark');
    await page.getByRole('tab', { name: 'Resources' }).click();
    await assertAccessible(page, 'the Resources tab, dark');
    assert.deepEqual(errors, []);
  });
});

describe('mcpkit inspect: the page in the stateless era', { skip: browserSkipReason() }, () => {
  let inspector: { child: ChildProcess; url: string };
  let browser: Browser;
  before(async () => {
    inspector = await startInspector();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    inspector?.child.kill();
  });

  it('subscribes through subscriptions/listen, and stops listening when the resource is left', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(inspector.url);
    await page.getByText('stateless era').waitFor();
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('button', { name: /^Notes/ }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await requestFromPage(page, 'tools/call', { name: 'note', arguments: { text: 'Stateless milk.' } });
    await page.getByRole('region', { name: 'Contents' }).getByText('Stateless milk.').waitFor();
    // Another resource chosen, the stream of the first is closed.
    await page.getByRole('button', { name: /^pixel/ }).click();
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByLabel('Method').selectOption('notifications/cancelled');
    await page.locator('table.wire tbody tr').first().waitFor();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.getByText('has no list of them').waitFor();
    await assertAccessible(page, 'the Tasks tab, stateless');
    await page.close();
  });

  it('sends the chosen logging level with every request, and says so in the Logs tab', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(inspector.url);
    await page.getByText('stateless era').waitFor();
    const note = (text: string) => requestFromPage(page, 'tools/call', { name: 'note', arguments: { text } });
    const LEVEL = 'io.modelcontextprotocol/logLevel';
    const logMessages = async () =>
      (await wireOf(page)).filter((w) => w.direction === 'received' && w.message.method === 'notifications/message');
    const lastCall = async () =>
      (await wireOf(page)).filter((w) => w.direction === 'sent' && w.message.method === 'tools/call').at(-1)!.message;
    // No level chosen: none sent, and the server logs nothing.
    await note('one');
    assert.equal(((await lastCall()).params!._meta as Record<string, unknown>)[LEVEL], undefined);
    assert.equal((await logMessages()).length, 0);
    await page.getByRole('tab', { name: 'Logs' }).click();
    const select = page.getByLabel('Logging level');
    assert.match(await page.locator('#logging-level-how').innerText(), /No level is sent/);
    await select.selectOption('debug');
    await page.getByText(`Sent as ${LEVEL} in the _meta of every request to this server`).waitFor();
    await assertAccessible(page, 'the Logs tab, stateless, with a level');
    // Nothing is sent to set it: the next requests carry it.
    assert.ok(!(await wireOf(page)).some((w) => w.message.method === 'logging/setLevel'));
    await note('two');
    assert.equal(((await lastCall()).params!._meta as Record<string, unknown>)[LEVEL], 'debug');
    const logs = page.getByRole('list', { name: 'Notifications' });
    await logs.getByText('{"noted":3}').waitFor();
    assert.equal((await logMessages()).length, 1);
    // Above the tool's level: it logs nothing.
    await select.selectOption('error');
    await page.getByText(`Sent as ${LEVEL}`).waitFor();
    await note('three');
    assert.equal(((await lastCall()).params!._meta as Record<string, unknown>)[LEVEL], 'error');
    assert.equal((await logMessages()).length, 1);
    // The level is the inspector's, not the tab's: a page opened later shows it chosen.
    await page.goto(inspector.url);
    await page.getByRole('tab', { name: 'Logs' }).click();
    assert.equal(await page.getByLabel('Logging level').inputValue(), 'error');
    await page.close();
  });

  it('connects another server from the form, with its era, and switches between them', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(inspector.url);
    await page.getByText('stateless era').waitFor();
    await page.getByRole('button', { name: 'Connect another' }).click();
    const form = page.getByRole('form', { name: 'Connect to a server' });
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByLabel('Arguments', { exact: true }).fill(`"${CLI}" example-server`);
    await form.getByLabel('Environment (KEY=VALUE, one a line)').fill('NODE_NO_WARNINGS=1\n# a comment');
    await form.getByLabel('Era', { exact: true }).selectOption('2025-11-25');
    await assertAccessible(page, 'the connect form');
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('stateful era').waitFor();
    const switcher = page.getByRole('combobox', { name: 'Server', exact: true });
    assert.equal(await switcher.locator('option').count(), 2);
    await switcher.selectOption({ index: 0 });
    await page.getByText('stateless era').waitFor();
    await page.close();
  });
});
