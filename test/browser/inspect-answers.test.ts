// A server's questions answered from the inspector's page, in headless Chromium against
// `mcpkit inspect` on the example server (real child processes): at 2026-07-28 a tool call
// answered with an input-required result has its questions put to the user in the same dialog
// as a 2025-11-25 server's requests, is sent again with the answers, and its final result is
// shown in Result; a sampling request rejected in the dialog ends the call with the error.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { assertAccessible, startInspector, wireOf } from '../helpers/inspect-page.js';

/** Runs a tool from the Tools tab, its arguments typed into their fields. */
async function runTool(page: Page, name: string, args: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name, exact: true }).click();
  for (const [key, value] of Object.entries(args)) await page.getByLabel(key, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

/** The `tools/call` requests sent for tool `name`, in order. */
async function callsOf(page: Page, name: string): Promise<Record<string, unknown>[]> {
  return (await wireOf(page))
    .filter((w) => w.direction === 'sent' && w.message.method === 'tools/call' && w.message.params?.name === name)
    .map((w) => w.message.params!);
}

describe('mcpkit inspect: input-required results at 2026-07-28', { skip: browserSkipReason() }, () => {
  let inspector: { child: ChildProcess; url: string };
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    [inspector, browser] = await Promise.all([startInspector(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspector.url);
    await page.getByText('stateless era').waitFor();
  });
  after(async () => {
    await browser?.close();
    inspector?.child.kill();
  });

  it('asks the user an elicitation of the result in the dialog, sends the call again, shows the result', async () => {
    await runTool(page, 'ask_name', {});
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').waitFor();
    assert.match(await dialog.innerText(), /What is your name\?/);
    await assertAccessible(page, 'an input request in the dialog');
    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('Hello, Ada!').waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.doesNotMatch(await result.innerText(), /input_required/, 'the final result, not the interim one');
    // The server's interim answer, then the call sent again with the answer and its state.
    const wire = await wireOf(page);
    assert.ok(wire.some((w) => w.direction === 'received' && w.message.result?.resultType === 'input_required'));
    const calls = await callsOf(page, 'ask_name');
    assert.equal(calls.length, 2);
    assert.equal(calls[0]!.inputResponses, undefined);
    const answers = Object.values(calls[1]!.inputResponses as Record<string, unknown>);
    assert.deepEqual(answers, [{ action: 'accept', content: { name: 'Ada' } }]);
  });

  it('asks for a model’s reply of the result in the dialog, and shows the result it makes', async () => {
    await runTool(page, 'haiku', { topic: 'the sea' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Write a haiku about the sea.').waitFor();
    await dialog.getByRole('textbox', { name: 'Response' }).fill('Waves fold into foam');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Waves fold into foam').waitFor();
    assert.equal((await callsOf(page, 'haiku')).length, 2);
  });

  it('rejects a sampling request with Reject, or Escape: the call ends with the error, not sent again', async () => {
    const before = (await callsOf(page, 'haiku')).length;
    await runTool(page, 'haiku', { topic: 'snow' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Write a haiku about snow.').waitFor();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('alert').getByText('The call failed: User rejected sampling request').waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await runTool(page, 'haiku', { topic: 'hail' });
    await page.getByRole('dialog').getByText('Write a haiku about hail.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alert').getByText('The call failed: User rejected sampling request').waitFor();
    assert.equal((await callsOf(page, 'haiku')).length, before + 2, 'each sent once');
  });

  it('sends a cancelled elicitation back as the answer (Escape), as the tool then says', async () => {
    await runTool(page, 'ask_name', {});
    await page.getByRole('dialog').getByLabel('Name').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Result' }).getByText('No name given (cancel).').waitFor();
    const calls = await callsOf(page, 'ask_name');
    assert.deepEqual(Object.values(calls.at(-1)!.inputResponses as Record<string, unknown>), [{ action: 'cancel' }]);
    assert.deepEqual(errors, []);
  });
});
