// Chromium, for the tests that run in a real page (test/browser/): Debian's package, driven by
// playwright-core; installed by the test command when it is missing.
import { ensureDebianPackage } from './debian-package.mjs';

/** Makes sure chromium is on PATH if it can be; returns whether it is. `log` tells what happens. */
export function ensureChromium(log) {
  return ensureDebianPackage(
    { command: 'chromium', probe: ['--version'], pkg: 'chromium', purpose: 'the browser tests' },
    log,
  );
}
