/**
 * URL elicitation: a server asks the user to open a page (`elicitation/create` in URL mode),
 * for something that must not pass through this program (a key, a payment, a third party's
 * login). The user sees which server asks, its message, the full URL and its host, and chooses
 * to go on or decline before anything is opened (the choice starts on decline, and keys typed
 * before it shows are dropped); opening the page is the caller's part (`browser.ts`). Esc
 * cancels; `n` declines; Ctrl-C rejects with an `InterruptedError`.
 * @module
 */
import type { ElicitRequestURLParams } from 'mcpkit';
import { findOpener } from '../browser.js';
import { ask, show } from './prompt.js';
import { oneLine, paragraph, sanitize } from './text.js';

export interface UrlOptions {
  /** The server's name, shown as the one asking. */
  server?: string;
  /** Aborts when the server gives the request up: the prompt closes and `askUrl` rejects with its reason. */
  signal?: AbortSignal;
  /**
   * How the page will be opened (an `Opener`'s name, such as `xdg-open`), or `null` when it
   * cannot be and the user must open it: says so in the choice. By default, `findOpener()`'s.
   */
  opener?: string | null;
}

/** The answer to a URL elicitation: `accept` means the user agreed to open the page. */
export interface UrlAnswer {
  action: 'accept' | 'decline' | 'cancel';
  /** The URL as shown to the user (the parser's form of the server's): the one to open. */
  url: string;
}

/**
 * Asks the user whether to open the URL `params` gives. Rejects with a `TypeError`, before
 * showing anything, when the URL is not an http or https URL.
 */
export async function askUrl(params: ElicitRequestURLParams, options: UrlOptions = {}): Promise<UrlAnswer> {
  const url = parseUrl(params.url);
  const opener = options.opener === undefined ? findOpener()?.name : (options.opener ?? undefined);
  const who = options.server !== undefined ? `Server "${oneLine(options.server, 80)}"` : 'A server';
  await show([
    `${who} asks you to open a web page:`,
    paragraph(String(params.message ?? '')),
    // The parser's form of the URL: its host in ASCII (punycode), so look-alike letters show.
    `URL:  ${sanitize(url.href)}`,
    `Host: ${sanitize(url.host)}${url.protocol === 'http:' ? ' (not encrypted: http)' : ''}`,
  ]);
  const outcome = await ask<'accept' | 'decline'>(
    (clack, streams) =>
      clack.select({
        ...streams,
        message: 'Open it? (n: decline, Esc: cancel)',
        options: [
          {
            value: 'accept' as const,
            label: opener !== undefined ? `Open it (with ${opener})` : 'Go on (open the URL above yourself)',
          },
          { value: 'decline' as const, label: 'Decline' },
        ],
        // Enter alone opens nothing: going on takes a choice.
        initialValue: 'decline' as const,
        showInstructions: false,
      }),
    { signal: options.signal, keys: ['n', 'N'], discardTypedAhead: true },
  );
  if (outcome.kind === 'answer') return { action: outcome.value, url: url.href };
  return { action: outcome.kind === 'key' ? 'decline' : 'cancel', url: url.href };
}

/** `text` as a URL the user may be sent to: http or https only (not `file:`, `javascript:`, ...). */
function parseUrl(text: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(text));
  } catch {
    throw new TypeError(`the server's URL is not a valid URL: ${JSON.stringify(oneLine(String(text), 200))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(
      `the server's URL is not a web page (${oneLine(url.protocol, 40)}): only http and https are opened`,
    );
  return url;
}
