// The inspector's whole round, in headless Chromium, against the example server over stdio and
// over HTTP, in each era (2025-11-25 and 2026-07-28): connect; call a tool through its form and
// read the result; cancel a long call; answer an elicitation and a sampling request in the
// dialog; see a subscription's update; follow a task to its result; find the call in the
// network view. Every step through the page, as a person does it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { serving, type ServingProcess } from '../helpers/e2e.js';
import { CLI, EXAMPLE_SERVER, startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { requestFromPage } from '../helpers/inspect-page.js';

/** Opens a tool in the Tools tab and fills its fields. */
async function openTool(page: Page, name: string, args: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  for (const [key, value] of Object.entries(args)) await page.getByLabel(key, { exact: true }).fill(value);
}

async function run(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

const result = (page: Page) => page.getByRole('tabpanel').getByRole('region', { name: 'Result' });

for (const transport of ['stdio', 'http'] as const) {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    describe(`mcpkit inspect, the whole round over ${transport} at ${era}`, { skip: browserSkipReason() }, () => {
      let http: ServingProcess | undefined;
      let inspect: InspectChild;
      let browser: Browser;
      let page: Page;
      const errors: string[] = [];
      before(async () => {
        if (transport === 'http') http = await serving(CLI, ['example-server', '--http', '--port', '0']);
        const server = http === undefined ? EXAMPLE_SERVER : ['--', http.url];
        inspect = await startInspect(['--protocol-version', era, ...server]);
        browser = await launchBrowser();
        page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(inspect.url.href);
      });
      after(async () => {
        await browser?.close();
        await inspect?.stop();
        await http?.close();
      });

      it('connects and calls a tool through its form', async () => {
        await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
        await page.getByText(`revision ${era}`).waitFor();
        await openTool(page, 'add', { a: '2', b: '40' });
        await run(page);
        await result(page).getByText('42').waitFor();
      });

      it('cancels a long call', async () => {
        await openTool(page, 'count', { n: '100', delayMs: '150' });
        await run(page);
        await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 1);
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page.getByText(/^Cancelled/).waitFor();
      });

      it('answers an elicitation and a sampling request in the dialog', async () => {
        await openTool(page, 'ask_name', {});
        await run(page);
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Ada');
        await dialog.getByRole('button', { name: 'Accept' }).click();
        await result(page).getByText('Hello, Ada!').waitFor();

        await openTool(page, 'haiku', { topic: 'the sea' });
        await run(page);
        await dialog.getByText('Write a haiku about the sea.').waitFor();
        await dialog.getByRole('textbox', { name: 'Response' }).fill('Waves fold into foam');
        await dialog.getByRole('button', { name: 'Send' }).click();
        await result(page).getByText('Waves fold into foam').waitFor();
      });

      it('sees a subscription’s update', async () => {
        await page.getByRole('tab', { name: 'Resources' }).click();
        await page.getByRole('button', { name: /^Notes/ }).click();
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
        await requestFromPage(page, 'tools/call', { name: 'note', arguments: { text: `Noted over ${transport}.` } });
        await page.getByRole('region', { name: 'Contents' }).getByText(`Noted over ${transport}.`).waitFor();
        await page.getByRole('button', { name: 'Unsubscribe' }).click();
      });

      it('follows a task to its result', async () => {
        await openTool(page, 'report', { topic: 'tides', steps: '2', stepMs: '0' });
        // The stateful era lets the user ask for a task; in the stateless one the server decides.
        const asTask = page.getByLabel('Run as a task');
        if (era === '2025-11-25') await asTask.check();
        else assert.equal(await asTask.count(), 0);
        await run(page);
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Add details').check();
        await dialog.getByRole('button', { name: 'Accept' }).click();
        if (era === '2025-11-25') {
          const said = await page.getByRole('status').filter({ hasText: 'became the task' }).innerText();
          const taskId = /the task (\S+) /.exec(said)![1]!;
          await page.getByRole('tab', { name: 'Tasks' }).click();
          const task = page.getByRole('listitem', { name: `Task ${taskId}` });
          await task.getByText('completed', { exact: true }).waitFor();
          await task.getByRole('button', { name: 'Result' }).click();
          await task.getByText(/2\. section 2 \(with details\)/).waitFor();
        } else {
          // The client follows the task the server made of the call: its result is the call's.
          await result(page)
            .getByText(/2\. section 2 \(with details\)/)
            .waitFor();
          await page.getByRole('tab', { name: 'Tasks' }).click();
          const task = page.getByRole('listitem', { name: /^Task / }).first();
          await task.getByText('completed', { exact: true }).waitFor();
        }
      });

      it('finds the call in the network view', async () => {
        await page.getByRole('tab', { name: 'Network' }).click();
        await page.getByLabel('Method').selectOption('tools/call');
        await page.getByLabel('Filter', { exact: true }).fill('"add"');
        const rows = page.locator('table.wire tbody tr');
        await rows.first().waitFor();
        await rows.first().getByRole('button').click();
        const detail = page.getByRole('region', { name: 'Message details' });
        assert.match(await detail.getByRole('region', { name: 'Request' }).innerText(), /"name": "add"/);
        assert.match(await detail.getByRole('region', { name: 'Response' }).innerText(), /42/);
        assert.deepEqual(
          errors.filter((e) => !/status of 502/.test(e)),
          [],
        );
      });
    });
  }
}
