// The inspector's Skills tab, in headless Chromium, against the example server serving the
// example skills folder (`example-server --skills examples/skills`): every skill listed by
// name, nested ones too; a skill's description and files; SKILL.md read, verified against its
// entry (size, digest, front matter) and rendered as Markdown; another file shown as text.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { CLI, startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { assertAccessible } from '../helpers/inspect-page.js';

const SKILLS = fileURLToPath(new URL('../../../examples/skills', import.meta.url));

describe('mcpkit inspect: a server’s skills', { skip: browserSkipReason() }, () => {
  let inspect: InspectChild;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    inspect = await startInspect(['--', process.execPath, CLI, 'example-server', '--skills', SKILLS]);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
    await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await inspect?.stop();
  });

  it('lists the skills, reads SKILL.md verified and rendered, and another file as text', async () => {
    await page.getByRole('tab', { name: 'Skills' }).click();
    const list = page.getByRole('list', { name: 'Skills' });
    await list.getByRole('button').first().waitFor();
    assert.deepEqual((await list.getByRole('button').allInnerTexts()).sort(), [
      'commit-messages',
      'mcp-tool-design',
      'release-notes',
    ]);
    await list.getByRole('button', { name: 'commit-messages' }).click();
    const skill = page.getByRole('region', { name: 'Skill commit-messages' });
    assert.match(await skill.innerText(), /Write a commit message a reviewer can trust/);
    const files = skill.getByRole('list', { name: 'Files' });
    assert.deepEqual(await files.getByRole('button').allInnerTexts(), ['SKILL.md', 'references/examples.md']);
    await files.getByRole('button', { name: 'SKILL.md' }).click();
    const file = skill.getByRole('region', { name: 'File SKILL.md' });
    await file.getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    assert.match(
      await file.getByRole('status').innerText(),
      /^Verified: size, digest and front matter match the entry/,
    );
    await file.getByRole('heading', { name: 'Commit messages' }).waitFor();
    await assertAccessible(page, 'the Skills tab with SKILL.md');

    await files.getByRole('button', { name: 'references/examples.md' }).click();
    const other = skill.getByRole('region', { name: 'File references/examples.md' });
    await other.getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    assert.match(await other.getByRole('status').innerText(), /^Verified: size and digest match the entry/);
    assert.ok((await other.locator('pre').innerText()).length > 0);

    await list.getByRole('button', { name: 'release-notes' }).click();
    const nested = page.getByRole('region', { name: 'Skill release-notes' });
    assert.deepEqual(await nested.getByRole('list', { name: 'Files' }).getByRole('button').allInnerTexts(), [
      'SKILL.md',
      'template.md',
    ]);
    assert.deepEqual(errors, []);
  });
});
