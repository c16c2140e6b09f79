// The OAuth flow in the inspector, in headless Chromium, against the example server behind its
// development authorization server (`example-server --http --auth`): started on the server's
// URL, the page shows each step mcpkit's client took (metadata, registration), the login page to
// open; once the browser came back, the token request, the token's claims decoded, a refresh on
// demand, and the tools reached with the token; a tool that needs more scope asks above the
// tabs to log in again (step-up), and its call goes through. Then, the tokens forgotten, the
// flow again from the connect form, stepping through: each step waits for Continue. No secret
// reaches the page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from '../helpers/browser.js';
import { serving, type ServingProcess } from '../helpers/e2e.js';
import { CLI, startInspect, type InspectChild } from '../helpers/inspect-child.js';
import { assertAccessible } from '../helpers/inspect-page.js';

describe('mcpkit inspect: the OAuth flow, step by step', { skip: browserSkipReason() }, () => {
  let example: ServingProcess;
  let inspect: InspectChild;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  before(async () => {
    example = await serving(CLI, ['example-server', '--http', '--port', '0', '--auth']);
    inspect = await startInspect([example.url]);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(inspect.url.href);
  });
  after(async () => {
    await browser?.close();
    await inspect?.stop();
    await example?.close();
  });

  /** Opens the login page as a person would (a new tab) and waits for the browser to come back. */
  async function logIn(): Promise<void> {
    const link = page.getByRole('link', { name: 'Open the login page' });
    await link.waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForURL(/127\.0\.0\.1:\d+\/callback\?/);
    await popup.close();
  }

  it('shows the steps, the login page to open, then the tokens decoded, and the tools reached', async () => {
    const auth = page.getByRole('region', { name: 'Authorization' });
    await auth.getByRole('link', { name: 'Open the login page' }).waitFor();
    const steps = () => auth.getByRole('list').first().getByRole('heading', { level: 3 }).allInnerTexts();
    assert.deepEqual(await steps(), [
      'Protected resource metadata',
      'Authorization server metadata',
      'Client registration',
      'Authorize in the browser',
    ]);
    await assertAccessible(page, 'the Authorization view, waiting for the login');
    await logIn();
    await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Auth' }).click();
    const panel = page.getByRole('region', { name: 'Authorization' });
    await panel.getByRole('region', { name: 'Tokens' }).waitFor();
    assert.deepEqual((await steps()).slice(-2), ['Authorize in the browser', 'Token request']);
    const claims = await panel.getByRole('group', { name: 'Access token claims' }).innerText();
    assert.match(claims, /sub: "dev-user"/);
    assert.match(claims, /aud: "http:\/\/127\.0\.0\.1:\d+\/mcp"/);
    // The registration's answer is there, its secrets are not.
    const registration = panel.getByRole('region', { name: 'Client registration' });
    await registration.locator('summary').first().click();
    assert.match(await registration.innerText(), /POST http:\/\/127\.0\.0\.1:\d+\/\S+ → 201/);
    assert.doesNotMatch(await page.content(), /"access_token":\s*"ey/);
    await assertAccessible(page, 'the Auth tab with tokens');

    await panel.getByRole('button', { name: 'Refresh token' }).click();
    await panel.getByRole('heading', { name: 'Token refresh', level: 3 }).waitFor();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByRole('button', { name: 'add', exact: true }).click();
    await page.getByLabel('a', { exact: true }).fill('2');
    await page.getByLabel('b', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    assert.match(await page.getByRole('region', { name: 'Result' }).innerText(), /42/);
    assert.match(inspect.stderr(), /asks you to log in: the page has the link/);
  });

  it('asks for more scope when a tool needs it, above the tabs, and the call goes through', async () => {
    await page.getByRole('button', { name: 'note', exact: true }).click();
    await page.getByLabel('text', { exact: true }).fill('Scoped.');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const prompt = page.getByRole('region', { name: 'Authorization needed' });
    await prompt.getByRole('link', { name: 'Open the login page' }).waitFor();
    const login = await prompt.getByRole('link', { name: 'Open the login page' }).getAttribute('href');
    assert.match(new URL(login!).searchParams.get('scope') ?? '', /notes:write/);
    await assertAccessible(page, 'a step-up for more scope');
    await logIn();
    await page.getByRole('region', { name: 'Result' }).getByText('Noted.', { exact: true }).waitFor();
    assert.equal(await prompt.count(), 0);
    assert.deepEqual(errors, []);
  });

  it('steps through a new authorization from the connect form, each step waiting for Continue', async () => {
    await page.getByRole('tab', { name: 'Auth' }).click();
    await page.getByRole('button', { name: 'Forget tokens' }).click();
    await page.getByText('No tokens: the next request the server refuses authorizes again.').waitFor();
    await page.getByRole('button', { name: 'Connect another' }).click();
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(example.url);
    await page.getByLabel('Step through authorization').check();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Authorization' });
    await auth.getByText('Next: protected resource metadata. Continue when ready.').waitFor();
    await assertAccessible(page, 'a paused step');
    const seen: string[] = [];
    for (let step = 0; step < 8; step++) {
      const next = auth.getByRole('button', { name: 'Continue' });
      const login = auth.getByRole('link', { name: 'Open the login page' });
      await next
        .or(login)
        .or(page.getByRole('tab', { name: 'Tools' }))
        .first()
        .waitFor();
      if (await login.isVisible()) {
        seen.push('login');
        await logIn();
      } else if (await next.isVisible()) {
        const status = await auth.getByRole('status').innerText();
        seen.push(status.replace(/^Next: (.*)\. Continue.*$/, '$1'));
        await next.click();
        await page.waitForFunction(
          (before) => document.querySelector('.auth [role=status]')?.textContent !== before,
          status,
        );
      } else break;
    }
    // The redirect URI is on a new port: the client registers again.
    assert.deepEqual(seen, [
      'protected resource metadata',
      'authorization server metadata',
      'client registration',
      'authorize in the browser',
      'login',
      'token request',
    ]);
    await page.getByRole('heading', { name: 'mcpkit example server', level: 1 }).waitFor();
    assert.deepEqual(errors, []);
  });
});
