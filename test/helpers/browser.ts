// Headless Chromium for the tests that run in a real page: Debian's chromium (installed by the
// test command when missing), driven by playwright-core. Without it the tests skip, saying why.
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's chromium is, or `undefined` when it is not installed. */
export function chromiumPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : undefined;
}

/** Why the browser tests cannot run here, or `undefined` when they can. */
export function browserSkipReason(): string | undefined {
  return chromiumPath() === undefined
    ? 'chromium is not installed (the test command installs it with apt-get where it can)'
    : undefined;
}

/**
 * A headless Chromium of its own: no sandbox (the tests may run as root), no network beyond
 * what the page asks for, a fresh profile.
 */
export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === undefined) throw new Error(browserSkipReason());
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
