/**
 * The exit status of every command, one per kind of failure, so a script can tell them apart;
 * `--help` lists them. The last two are the shell's own (`timeout` and Ctrl-C).
 * @module
 */
import { RequestTimeoutError } from 'mcpkit';
import { SkillVerificationError } from 'mcpkit/client';
import { ConfigError, ConsentDeniedError, NotInCatalogError } from 'mcpkit/host';
import { AuthorizationFailed, authorizationFailure } from './login.js';
import { UsageError } from './server-target.js';

export const EXIT = {
  ok: 0,
  /** The tool ran and reported an error (`isError`), the call was refused, or a skill's file failed verification. */
  toolError: 1,
  usage: 2,
  /** The server could not be reached, ended, or answered with a protocol error. */
  connection: 3,
  authorization: 4,
  timeout: 124,
  interrupted: 130,
} as const;

/** The lines `--help` ends with. */
export const EXIT_CODES_HELP = `Exit status: 0 done; 1 the tool reported an error (or the call was not allowed, or a skill's
file failed verification); 2 usage; 3 connection or protocol error; 4 authorization;
124 timed out; 130 interrupted (Ctrl-C).`;

/** The exit status for a command that failed with `error`. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError || error instanceof NotInCatalogError || error instanceof ConfigError)
    return EXIT.usage;
  // node:util's parseArgs reports unknown or malformed options with these codes.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return EXIT.usage;
  if (error instanceof AuthorizationFailed) return EXIT.authorization;
  // A configuration's server that could not be authorized, or timed out: the host says it did
  // not start, with the reason as the cause.
  const chain = causes(error);
  if (chain.some((e) => authorizationFailure(e, undefined) !== undefined)) return EXIT.authorization;
  if (chain.some((e) => e instanceof RequestTimeoutError)) return EXIT.timeout;
  // Ctrl-C: at a prompt (the terminal's InterruptedError) or during a call (its abort).
  const name = (error as Error | null)?.name;
  if (name === 'InterruptedError' || name === 'AbortError') return EXIT.interrupted;
  if (error instanceof ConsentDeniedError || error instanceof SkillVerificationError) return EXIT.toolError;
  // A task that was cancelled (by someone else, or by the server): it ran and did not finish.
  if (name === 'CancelledError') return EXIT.toolError;
  return EXIT.connection;
}

/** A short name for the kind of failure, for `--json` output. */
export function failureKind(code: number): string {
  return Object.entries(EXIT).find(([, value]) => value === code)?.[0] ?? 'error';
}

/** `error` and the errors it was caused by, five deep at most. */
function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}
