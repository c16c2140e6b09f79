/**
 * Opening a URL in the user's browser: the program named by `BROWSER` (as many Unix programs
 * read it: `%s` stands for the URL, else the URL is the last argument; several programs may be
 * separated by `:`, the first is used), else the platform's opener (`open`, `start`,
 * `xdg-open` where a display is). Nothing waits for the browser itself.
 * @module
 */
import { spawn } from 'node:child_process';
import { splitCommandLine } from './command-line.js';

/** A way to open a URL, or none. */
export interface Opener {
  /** For the user: `BROWSER (…)`, `xdg-open`. */
  readonly name: string;
  readonly command: string;
  readonly args: (url: string) => string[];
  readonly windowsVerbatimArguments?: boolean;
}

/** How a URL would be opened here, or `undefined` when nothing can open one. */
export function findOpener(env: Readonly<Record<string, string | undefined>> = process.env): Opener | undefined {
  const browser = env.BROWSER?.split(':').find((entry) => entry.trim() !== '');
  if (browser !== undefined) {
    const words = splitCommandLine(browser);
    const [command, ...rest] = words;
    if (command !== undefined) {
      const placeholder = rest.some((word) => word.includes('%s'));
      return {
        name: `$BROWSER (${browser.trim()})`,
        command,
        args: (url) => (placeholder ? rest.map((word) => word.replaceAll('%s', url)) : [...rest, url]),
      };
    }
  }
  if (process.platform === 'darwin') return { name: 'open', command: 'open', args: (url) => [url] };
  if (process.platform === 'win32')
    // `start` is a command of cmd; its first quoted argument is a window title.
    return {
      name: 'start',
      command: 'cmd',
      args: (url) => ['/d', '/s', '/c', `start "" "${url}"`],
      windowsVerbatimArguments: true,
    };
  // Without a display xdg-open may start a browser in this terminal, over the command's output.
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return { name: 'xdg-open', command: 'xdg-open', args: (url) => [url] };
  return undefined;
}

/** Starts `opener` on `url`; resolves once it started, rejects when it could not be run. */
export function openUrl(opener: Opener, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(opener.command, opener.args(url), {
      stdio: 'ignore',
      detached: true,
      ...(opener.windowsVerbatimArguments && { windowsVerbatimArguments: true }),
    });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
