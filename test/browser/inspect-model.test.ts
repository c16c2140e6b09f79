// Sampling answered with the help of a configured model, in headless Chromium: `mcpkit inspect`
// started with MCPKIT_PROVIDER (the model a local scripted server speaking OpenAI's API), the
// example server's `haiku` asks for a reply; `Ask <model>` drafts it into Response, where it is
// edited and sent, or the model's answer is sent as it came. The model sees the server's prompt.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { EXAMPLE_SERVER, startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { assertAccessible } from '../helpers/inspect-page.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

describe('mcpkit inspect: a model drafts the answer to a sampling request', { skip: browserSkipReason() }, () => {
  let llm: ScriptedLlm;
  let inspect: InspectChild;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    llm = await startScriptedLlm([]);
    inspect = await startInspect(['--era', 'legacy', ...EXAMPLE_SERVER], {
      MCPKIT_PROVIDER: 'openai',
      MCPKIT_BASE_URL: llm.openaiBaseUrl,
      MCPKIT_MODEL: 'local',
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
    await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await inspect?.stop();
    await llm?.close();
  });

  async function haiku(topic: string): Promise<void> {
    await page.getByRole('button', { name: 'haiku', exact: true }).click();
    await page.getByLabel('topic', { exact: true }).fill(topic);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('dialog').getByText(`Write a haiku about ${topic}.`).waitFor();
  }

  it('drafts the reply into Response, which is edited and sent', async () => {
    assert.match(inspect.stderr(), /openai local drafts answers to sampling requests/);
    llm.push({ text: ['Waves fold ', 'into foam'] });
    await haiku('the sea');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ask openai local' }).click();
    const response = dialog.getByRole('textbox', { name: 'Response' });
    await page.waitForFunction(() => (document.querySelector('dialog textarea') as HTMLTextAreaElement).value !== '');
    assert.equal(await response.inputValue(), 'Waves fold into foam');
    assert.match(JSON.stringify(llm.requests.at(-1)?.body), /Write a haiku about the sea\./);
    await assertAccessible(page, 'a sampling dialog with a drafted reply');
    await response.fill('Waves fold into foam, / edited by hand');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('edited by hand').waitFor();
  });

  it('sends the model’s answer as it came', async () => {
    llm.push({ text: ['Stone under moss'] });
    await haiku('a garden');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ask openai local' }).click();
    await dialog.getByRole('button', { name: 'Send the model’s answer' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Stone under moss').waitFor();
    assert.deepEqual(errors, []);
  });
});
