// What the inspector's browser tests share: starting `mcpkit inspect` on the example server (a
// real child process, its URL read from what it prints), injecting axe-core into a page under
// the page's real CSP, and failing on its serious and critical findings.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_SERVER, startInspect } from './inspect-child.js';

/** Starts `mcpkit inspect -- mcpkit example-server` (with `extra` options); resolves with its URL once printed. */
export async function startInspector(extra: readonly string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const { child, url } = await startInspect([...extra, ...EXAMPLE_SERVER]);
  return { child, url: url.href };
}

/**
 * Opens the inspector's page at `url` in a new page of `browser` and waits for the server's
 * name as its heading; `errors` collects the page's uncaught errors and console errors.
 */
export async function openPage(
  browser: Browser,
  url: string,
  heading: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return { page, errors };
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (every rule it runs by default) on the page as it is now; fails on serious or
 * critical violations, naming each and where, and prints the others. With
 * `INSPECT_SCREENSHOTS=<dir>` it also saves a screenshot of the state checked.
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const results = await (
      window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of violations.filter((v) => !serious.includes(v)))
    console.warn(`axe, ${what}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(', ')}`);
  if (process.env.INSPECT_SCREENSHOTS !== undefined)
    await page.screenshot({
      path: `${process.env.INSPECT_SCREENSHOTS}/${what.replace(/\W+/g, '-')}.png`,
      fullPage: true,
    });
  assert.deepEqual(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} ${v.helpUrl} at ${v.nodes.join(', ')}`),
    [],
    `axe-core in ${what}`,
  );
}

/** Runs an MCP request through the inspector's API from inside the page, with the page's token. */
export function requestFromPage(page: Page, method: string, params: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(
    async ({ method, params }) => {
      const token = sessionStorage.getItem('mcpkit-inspect-token') ?? '';
      const state = (await (
        await fetch('/api/state', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { result: { servers: { id: string }[] } };
      const server = state.result.servers[0]!.id;
      const response = await fetch('/api/request', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ server, method, params }),
      });
      return (await response.json()) as unknown;
    },
    { method, params },
  );
}

/** A message on the wire, as the inspector kept it. */
export interface PageWireEntry {
  direction: 'sent' | 'received';
  message: { method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };
}

/** What went over the wire so far, as the inspector's state gives it to the page. */
export function wireOf(page: Page): Promise<PageWireEntry[]> {
  return page.evaluate(async () => {
    const token = sessionStorage.getItem('mcpkit-inspect-token') ?? '';
    const response = await fetch('/api/state', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await response.json()) as { result: { wire: PageWireEntry[] } }).result.wire;
  });
}
