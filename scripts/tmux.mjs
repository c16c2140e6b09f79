// tmux, for the tests that drive the command line's prompts through a real pseudo-terminal
// (test/helpers/terminal.ts), installed by the test command when it is missing.
import { ensureDebianPackage } from './debian-package.mjs';

/** Makes sure tmux is on PATH if it can be; returns whether it is. `log` tells what happens. */
export function ensureTmux(log) {
  return ensureDebianPackage({ command: 'tmux', probe: ['-V'], pkg: 'tmux', purpose: 'the terminal tests' }, log);
}
