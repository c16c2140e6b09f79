// The inspector's Tools tab as a person uses it, in headless Chromium against `mcpkit inspect`
// and real servers: tools listed (every page) and filtered, arguments typed into the form
// generated from each schema (or as raw JSON), Run refused with the reason while an argument is
// wrong, results read in the Result region (text, markdown, structured content, an image, a
// resource, an error), a long call's progress and its cancellation, and no serious or critical
// axe violation on the way.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { EXAMPLE_SERVER_ARGS } from '../helpers/e2e.js';
import { startInspect } from '../helpers/inspect-child.js';
import { assertAccessible, openPage } from '../helpers/inspect-page.js';

const FORMS_SERVER = fileURLToPath(new URL('../cli/inspect/forms-server.js', import.meta.url));

/** `mcpkit inspect -- <server>`; resolves with its URL (token included) once printed. */
async function startInspector(server: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const { child, url } = await startInspect(['--', process.execPath, ...server]);
  return { child, url: url.href };
}

/** Waits until `check` holds: the page renders after the event that changed it. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`still not so after 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the reason `Run` is disabled to say `reason`. */
function blocked(page: Page, reason: RegExp): Promise<void> {
  return page.locator('#run-blocker', { hasText: reason }).waitFor();
}

function result(page: Page) {
  return page.getByRole('region', { name: 'Result' });
}

describe('the inspector’s Tools tab', { skip: browserSkipReason() }, () => {
  let example: { child: ChildProcess; url: string };
  let forms: { child: ChildProcess; url: string };
  let browser: Browser;
  before(async () => {
    [example, forms, browser] = await Promise.all([
      startInspector(EXAMPLE_SERVER_ARGS),
      startInspector([FORMS_SERVER]),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    example?.child.kill();
    forms?.child.kill();
  });

  it('runs the example server’s tools and reads each result', async () => {
    const { page, errors } = await openPage(browser, example.url, 'mcpkit example server');
    await page.getByRole('button', { name: 'echo', exact: true }).click();
    const run = page.getByRole('button', { name: 'Run', exact: true });
    assert.equal(await run.isDisabled(), true, 'Run waits for the required text');
    await blocked(page, /text is required/);
    await assertAccessible(page, 'a form with a missing argument');
    await page.getByLabel('text', { exact: true }).fill('hello there');
    await run.click();
    await result(page).getByText('hello there').waitFor();

    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('weath');
    const listed = page.getByRole('list', { name: 'Tools' }).getByRole('button');
    await eventually(async () => (await listed.count()) === 1, 'one tool matches');
    assert.deepEqual(await listed.allInnerTexts(), ['weather\nWeather']);
    await page.getByRole('button', { name: 'weather', exact: true }).click();
    await page.getByLabel('city', { exact: true }).fill('Oslo');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const structured = result(page).getByRole('group', { name: 'Structured content' });
    await structured.getByText('"Oslo"').waitFor();
    await result(page).getByText('Structured content matches the output schema.').waitFor();
    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');

    await page.getByRole('button', { name: 'add', exact: true }).click();
    await page.getByLabel('a', { exact: true }).fill('0.1');
    await page.getByLabel('b', { exact: true }).fill('12345678901234567890');
    await blocked(page, /b cannot be sent exactly/);
    await page.getByLabel('b', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await result(page).getByText('2.1', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'fail', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const alert = result(page).getByRole('alert');
    assert.match(await alert.innerText(), /The tool reported an error: .*fails on purpose/);

    await page.getByRole('button', { name: 'media', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const image = result(page).getByRole('img', { name: 'Image (image/png)' });
    await image.waitFor();
    assert.match((await image.getAttribute('src'))!, /^blob:/);
    // The PNG's bytes decode: a 1x1 image once loaded.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.result-image');
      return img !== null && img.complete && img.naturalWidth === 1;
    });
    await result(page).getByText('memo://notes').first().waitFor();
    await assertAccessible(page, 'a result with an image and resources');
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    await result(page).getByRole('group', { name: 'The whole result' }).waitFor();
    assert.deepEqual(errors, []);
  });

  it('shows a long call’s progress and cancels it', async () => {
    const { page, errors } = await openPage(browser, example.url, 'mcpkit example server');
    await page.getByRole('button', { name: 'count', exact: true }).click();
    await page.getByLabel('n', { exact: true }).fill('100');
    await page.getByLabel('delayMs', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Progress' });
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 2);
    assert.equal(await bar.getAttribute('max'), '100');
    await page
      .getByRole('status')
      .filter({ hasText: /counted \d+ of 100/ })
      .waitFor();
    await assertAccessible(page, 'a call running');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText(/^Cancelled/).waitFor();
    assert.equal(await bar.count(), 0, 'the progress bar is gone');
    assert.equal(await page.getByRole('button', { name: 'Cancel', exact: true }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Run', exact: true }).isEnabled(), true);
    // The cancelled request is answered with an error status, which Chromium logs.
    assert.deepEqual(
      errors.filter((e) => !/status of 502/.test(e)),
      [],
    );
  });

  it('lists every page of tools and fills a form of every kind of field', async () => {
    const { page, errors } = await openPage(browser, forms.url, 'Forms server');
    const list = page.getByRole('list', { name: 'Tools' });
    await list.getByRole('button', { name: 'gamma', exact: true }).waitFor();
    assert.equal(await list.getByRole('button').count(), 7, 'four pages of two, the last of one');

    const order = page.getByRole('button', { name: 'order', exact: true });
    assert.match((await order.getAttribute('aria-describedby')) ?? '', /tool-about/);
    await order.click();
    await page.getByRole('heading', { name: 'Place an order', level: 2 }).waitFor();
    const hints = page.getByRole('list', { name: 'Hints' });
    assert.deepEqual(await hints.getByRole('listitem').allInnerTexts(), ['destructive', 'idempotent']);
    await page.getByText('https://example.com/order.png').waitFor();
    assert.equal(await page.getByRole('group', { name: 'Description' }).locator('strong').innerText(), 'every');

    const item = page.getByLabel('item', { exact: true });
    assert.equal(await item.getAttribute('aria-required'), 'true');
    assert.match(await page.locator(`#${(await item.getAttribute('aria-describedby'))!}`).innerText(), /What to order/);
    assert.equal(await page.getByLabel('quantity', { exact: true }).inputValue(), '1', 'the default');
    await item.fill('socks');
    await page.getByRole('radiogroup', { name: 'size' }).getByRole('radio', { name: 'M' }).check();
    await page.getByLabel('color', { exact: true }).selectOption('blue');
    await page.getByLabel('gift', { exact: true }).click();
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByLabel('tags 1', { exact: true }).fill('warm');
    await page.getByLabel('tags 2', { exact: true }).fill('wool');
    const days = page.getByRole('group', { name: 'days' });
    await days.getByRole('checkbox', { name: 'wed' }).check();
    await days.getByRole('checkbox', { name: 'mon' }).check();
    const shipping = page.getByRole('group', { name: 'shipping' });
    await shipping.getByLabel('express', { exact: true }).click();
    await blocked(page, /shipping › address is required/);
    await shipping.getByLabel('address', { exact: true }).fill('1 Main St');
    await page.getByLabel('payment variant').selectOption('Voucher');
    await page.getByLabel('Voucher', { exact: true }).fill('FREE');
    await page.getByRole('group', { name: 'contact' }).getByLabel('email', { exact: true }).fill('a@example.com');
    await page.getByLabel('when', { exact: true }).fill('2025-06-30');
    await assertAccessible(page, 'a filled form of every kind of field');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'a filled form of every kind of field, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const expected = {
      item: 'socks',
      quantity: 1,
      size: 'M',
      color: 'blue',
      gift: true,
      tags: ['warm', 'wool'],
      days: ['mon', 'wed'],
      shipping: { address: '1 Main St', express: true },
      payment: 'FREE',
      contact: { email: 'a@example.com' },
      when: '2025-06-30',
    };
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const text = await result(page).locator('.result-text').innerText();
    assert.deepEqual(JSON.parse(text), expected);

    await page.getByRole('button', { name: 'Raw JSON' }).click();
    const raw = page.getByLabel('Arguments as JSON');
    assert.deepEqual(JSON.parse(await raw.inputValue()), expected, 'the raw JSON keeps the form’s value');
    await raw.fill(JSON.stringify({ ...expected, size: 'XL' }));
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /size: "XL" is not one of its choices/ })
      .waitFor();
    await raw.fill(JSON.stringify({ ...expected, quantity: 3, payment: { number: '4242' } }));
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    assert.equal(await page.getByLabel('quantity', { exact: true }).inputValue(), '3');
    assert.equal(await page.getByLabel('payment variant').inputValue(), '0');
    assert.equal(await page.getByLabel('number', { exact: true }).inputValue(), '4242');
    assert.deepEqual(errors, []);
  });

  it('renders markdown safely: raw HTML escaped, javascript: links emptied', async () => {
    const { page, errors } = await openPage(browser, forms.url, 'Forms server');
    // By keyboard: from the filter to the first tool, chosen with Enter.
    await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'gamma' }).waitFor();
    await page.getByRole('searchbox', { name: 'Filter tools' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'orderPlace an orderdestructiveidempotent',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Place an order', level: 2 }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'notes');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'notes', level: 2 }).waitFor();
    const description = page.getByRole('group', { name: 'Description' });
    assert.equal(await description.locator('em').innerText(), 'notes');
    assert.equal(await description.locator('img').count(), 0);
    assert.match(await description.innerText(), /<img src=x onerror=/);
    assert.equal(await description.getByRole('link', { name: 'click' }).getAttribute('href'), '');
    await description.getByRole('link', { name: 'click' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await result(page).getByRole('button', { name: 'Markdown' }).click();
    await result(page).getByRole('heading', { name: 'Heading' }).waitFor();
    assert.equal(await result(page).locator('.markdown b').count(), 0);
    assert.match(await result(page).locator('.markdown').innerText(), /<b>raw<\/b>/);
    assert.notEqual(await page.title(), 'pwned');
    await assertAccessible(page, 'a markdown result');
    assert.deepEqual(errors, []);
  });

  it('lists what the structured content breaks in the tool’s output schema, and still shows it', async () => {
    const { page, errors } = await openPage(browser, forms.url, 'Forms server');
    await page.getByRole('button', { name: 'forecast', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const alert = result(page).getByRole('alert');
    await alert.getByText('does not match the output schema').waitFor();
    const issues = await alert.getByRole('list').getByRole('listitem').allInnerTexts();
    assert.equal(issues.length, 2, issues.join('\n'));
    assert.ok(issues.some((issue) => /temperatureC/.test(issue) && /number/.test(issue)));
    assert.ok(issues.some((issue) => /conditions/.test(issue)));
    await result(page).getByText('warm, and foggy').waitFor();
    await result(page).getByRole('group', { name: 'Structured content' }).getByText('"warm"').waitFor();
    await assertAccessible(page, 'a result that breaks its output schema');
    assert.deepEqual(errors, []);
  });

  it('plays audio, offers a blob, and pages long JSON', async () => {
    const { page, errors } = await openPage(browser, forms.url, 'Forms server');
    await page.getByRole('button', { name: 'media', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const audio = result(page).locator('audio[controls]');
    await audio.waitFor();
    assert.equal(await audio.getAttribute('aria-label'), 'Audio (audio/wav)');
    assert.match((await audio.getAttribute('src'))!, /^blob:/);
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const download = result(page).getByRole('link', { name: 'Download bytes.bin' });
    assert.equal(await download.getAttribute('download'), 'bytes.bin');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), 'bytes.bin');
    const bytes = [...readFileSync((await file.path())!)];
    assert.deepEqual(bytes, [0, 1, 2, 255]);

    const structured = result(page).getByRole('group', { name: 'Structured content' });
    await structured.getByRole('button', { name: 'Show all 1500 characters' }).click();
    await structured.getByText('x'.repeat(1500), { exact: false }).waitFor();
    assert.equal(await structured.getByText('"hidden"').count(), 0, 'collapsed beyond depth 2');
    await structured.locator('summary', { hasText: /^a:/ }).click();
    await structured.getByText('"hidden"').waitFor();
    await structured.getByText('99', { exact: true }).waitFor();
    assert.equal(await structured.getByText('100', { exact: true }).count(), 0, 'a page of 100 items');
    await structured.getByRole('button', { name: 'Show 50 more of 50' }).click();
    await structured.getByText('149', { exact: true }).waitFor();
    await assertAccessible(page, 'audio, a download and paged JSON');
    assert.deepEqual(errors, []);
  });
});
