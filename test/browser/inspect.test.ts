// mcpkit inspect in headless Chromium, as a developer meets it: started on the example server
// over stdio, or on the example server over HTTP in each era, or with no server (the page
// connects to one); the page names the server in its heading, says the revision spoken, and
// lists what went over the wire; a page opened while the server still starts opens on Tools.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { CLI, EXAMPLE_SERVER, startHttpExample, startInspect } from '../helpers/inspect-child.js';

async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1, name: 'mcpkit example server' });
  await h1.waitFor({ timeout: 20_000 });
  return h1.innerText();
}

describe('mcpkit inspect in headless Chromium', { skip: browserSkipReason() }, () => {
  let browser: Browser;
  const stops: (() => Promise<void> | void)[] = [];
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    for (const stop of stops.reverse()) await stop();
    await browser?.close();
  });

  it('inspects a server over stdio: its name, its revision, the wire', async () => {
    const inspect = await startInspect(EXAMPLE_SERVER);
    stops.push(() => inspect.stop());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
    assert.equal(await heading(page), 'mcpkit example server');
    // The token left the address bar.
    assert.equal(new URL(page.url()).search, '');
    await page.getByText('revision 2026-07-28').waitFor();
    // The Tools tab lists the tools first: then the wire holds tools/list.
    await page.getByRole('button', { name: 'echo', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByRole('cell', { name: 'tools/list' }).first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it(
    'opens on the Tools tab when the page was open before the server connected',
    { skip: spawnSync('mkfifo', ['--version']).status !== 0 && 'no mkfifo here' },
    async () => {
      // The server starts once the test writes to a named pipe: until then the page sees it connecting.
      const dir = mkdtempSync(join(tmpdir(), 'mcpkit-inspect-'));
      stops.push(() => rmSync(dir, { recursive: true, force: true }));
      const gate = join(dir, 'gate');
      assert.equal(spawnSync('mkfifo', [gate]).status, 0);
      const script = 'read _ < "$0" && exec "$1" "$2" example-server';
      const inspect = await startInspect(['--', 'sh', '-c', script, gate, process.execPath, CLI]);
      stops.push(() => inspect.stop());
      const page = await browser.newPage();
      await page.goto(inspect.url.href);
      await page.getByText('connecting', { exact: true }).waitFor();
      await writeFile(gate, 'start\n');
      await heading(page);
      assert.equal(await page.getByRole('tab', { selected: true }).innerText(), 'Tools');
      await page.getByRole('button', { name: 'echo', exact: true }).waitFor();
      await page.close();
    },
  );

  for (const era of ['2025-11-25', '2026-07-28']) {
    it(`inspects a server over HTTP at ${era}`, async () => {
      const server = await startHttpExample();
      stops.push(() => void server.child.kill());
      const inspect = await startInspect(['--protocol-version', era, '--', server.url]);
      stops.push(() => inspect.stop());
      const page = await browser.newPage();
      await page.goto(inspect.url.href);
      await heading(page);
      await page.getByText(`revision ${era}`).waitFor();
      await page.close();
    });
  }

  it('connects from the page by URL, finding that the server speaks HTTP+SSE', async () => {
    const server = await startHttpExample();
    stops.push(() => void server.child.kill());
    const inspect = await startInspect([]);
    stops.push(() => inspect.stop());
    const page = await browser.newPage();
    await page.goto(inspect.url.href);
    await page.getByLabel('Transport', { exact: true }).selectOption('http');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(new URL('/sse', server.url).href);
    assert.equal(await page.getByLabel('HTTP transport').inputValue(), 'auto', 'found, unless chosen');
    await page.getByRole('button', { name: 'Connect' }).click();
    await heading(page);
    await page.getByText('HTTP+SSE', { exact: true }).waitFor();
    await page.getByText('revision 2025-11-25').waitFor();
    await page.close();
  });

  it('connects from the page when started with no server, and says so in the terminal', async () => {
    const inspect = await startInspect([]);
    stops.push(() => inspect.stop());
    const page = await browser.newPage();
    await page.goto(inspect.url.href);
    await page.getByRole('textbox', { name: 'Command', exact: true }).fill(process.execPath);
    await page.getByRole('textbox', { name: 'Arguments', exact: true }).fill(`${CLI} example-server`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await heading(page);
    assert.match(inspect.stderr(), /the page starts: .*example-server/);
    await page.close();
  });
});
