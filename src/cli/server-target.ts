/**
 * Turns what the user typed as a server into a transport: a command line to spawn.
 * @module
 */
import { CommandTransport } from '../node/command.js';
import type { Transport } from '../transports/transport.js';
import { splitCommandLine } from './command-line.js';

export interface ServerTarget {
  /** The command line, as words. */
  command: string[];
}

/** A transport to the server named by `words` (a command and its arguments). */
export function openTarget(target: ServerTarget, options: { quiet?: boolean } = {}): Transport {
  const [command, ...args] = target.command;
  if (!command) throw new UsageError('no server given: pass a command line, e.g. `-- node server.js`');
  return new CommandTransport({ command, args, stderr: options.quiet ? 'pipe' : 'inherit' });
}

/** Reads a server target from a single argument, splitting it like a shell would. */
export function targetFromString(text: string): ServerTarget {
  return { command: splitCommandLine(text) };
}

/** A mistake in how the command was invoked; printed with usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
