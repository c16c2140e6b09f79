/**
 * Turns what the user typed as a server into a way to reach it: a command line to spawn, or
 * the URL of an HTTP server.
 * @module
 */
import type { Transport } from 'mcpkit';
import { CommandTransport } from 'mcpkit/stdio';
import { splitCommandLine } from './command-line.js';

/** A server started as a child process, spoken to over stdio. */
export interface CommandTarget {
  /** The command line, as words. */
  command: string[];
}

/** A server already running behind a URL (Streamable HTTP, or the older HTTP+SSE). */
export interface UrlTarget {
  url: string;
}

/** The server a command talks to. */
export type ServerTarget = CommandTarget | UrlTarget;

/** Whether `target` names an HTTP server. */
export function isUrlTarget(target: ServerTarget): target is UrlTarget {
  return 'url' in target;
}

/**
 * A transport to the server named by `target` (a command and its arguments). The server gets
 * the user's environment, as it would started from their shell, with `env` over it: the
 * `OTEL_*` variables included, so a server that exports telemetry does so where this command
 * does, continuing its trace (a configuration's servers inherit alike: the host's default).
 */
export function openTarget(
  target: CommandTarget,
  options: { quiet?: boolean; env?: Record<string, string>; cwd?: string } = {},
): Transport {
  const [command, ...args] = target.command;
  if (!command) throw new UsageError('no server given: pass a command line, e.g. `-- node server.js`');
  return new CommandTransport({
    command,
    args,
    env: { ...process.env, ...options.env },
    ...(options.cwd !== undefined && { cwd: options.cwd }),
    stderr: options.quiet ? 'pipe' : 'inherit',
  });
}

/** Reads a server target from a single argument: a URL, or a command line split like a shell would. */
export function targetFromString(text: string): ServerTarget {
  return looksLikeUrl(text) ? urlTarget(text) : { command: splitCommandLine(text) };
}

/** Reads a server target from the words after `--`: one URL, or a command and its arguments. */
export function targetFromWords(words: string[]): ServerTarget {
  const [first] = words;
  return words.length === 1 && first !== undefined && looksLikeUrl(first) ? urlTarget(first) : { command: words };
}

/** Parses a `--header` value, `Name: value`, into its name and value. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  // The token characters of RFC 9110: anything else would be refused by fetch with a vaguer message.
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(`--header must look like 'Name: value', not ${JSON.stringify(text)}`);
  return [name, text.slice(colon + 1).trim()];
}

function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

function urlTarget(text: string): UrlTarget {
  try {
    return { url: new URL(text).href };
  } catch {
    throw new UsageError(`not a valid URL: ${text}`);
  }
}

/** A mistake in how the command was invoked; printed with usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
