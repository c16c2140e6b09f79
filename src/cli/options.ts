/**
 * Options shared by the commands that talk to a server, and the split between the command's
 * own arguments and the server's command line or URL (after `--`).
 * @module
 */
import { parseArgs } from 'node:util';
import type { EraChoice } from '../protocol/era-selection.js';
import { isSupportedVersion, type ProtocolVersion } from '../protocol/versions.js';
import { isUrlTarget, parseHeader, targetFromString, targetFromWords, UsageError, type ServerTarget } from './server-target.js';

export interface CommonOptions {
  json: boolean;
  timeoutMs: number | undefined;
  quiet: boolean;
  /** `--header 'Name: value'`, in order, for a server given by URL. */
  headers: [string, string][];
  /** `--era`: probe (default), or insist on one era. */
  era: EraChoice;
  /** `--protocol-version`: the revision to speak, pinned. */
  protocolVersion: ProtocolVersion | undefined;
}

export interface ParsedCommand {
  options: CommonOptions;
  /** Positional arguments that are the command's own (tool name, JSON, ...). */
  positionals: string[];
  target: ServerTarget;
}

/**
 * Parses `[options] [own args] -- <server command... | url>`, or, without `--`, takes the
 * first positional argument as the server's command line or URL.
 */
export function parseCommand(args: string[]): ParsedCommand {
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const { values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      header: { type: 'string', multiple: true },
      era: { type: 'string', default: 'auto' },
      'protocol-version': { type: 'string' },
    },
  });
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout must be a positive number of milliseconds, not ${values.timeout}`);
  }
  const headers = (values.header ?? []).map(parseHeader);
  const era = values.era;
  if (era !== 'auto' && era !== 'modern' && era !== 'legacy') throw new UsageError(`--era must be auto, modern or legacy, not ${String(era)}`);
  const protocolVersion = values['protocol-version'];
  if (protocolVersion !== undefined && !isSupportedVersion(protocolVersion)) throw new UsageError(`--protocol-version must be a revision mcpkit speaks, not ${protocolVersion}`);
  const options: CommonOptions = { json: values.json === true, timeoutMs, quiet: values.quiet === true, headers, era, protocolVersion };
  let parsed: ParsedCommand;
  if (dash !== -1) {
    parsed = { options, positionals, target: targetFromWords(args.slice(dash + 1)) };
  } else {
    const [line, ...rest] = positionals;
    if (line === undefined) throw new UsageError('no server given: pass a command line, e.g. `-- node server.js`, or a URL');
    parsed = { options, positionals: rest, target: targetFromString(line) };
  }
  if (headers.length > 0 && !isUrlTarget(parsed.target)) throw new UsageError('--header applies to a server given by URL (http:// or https://)');
  return parsed;
}

/** A JSON object typed on the command line (`'{"text":"hi"}'`); absent means `{}`. */
export function parseJsonObject(json: string | undefined, what: string): Record<string, unknown> {
  if (json === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${what} are not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${what} must be a JSON object, like '{"text":"hi"}'`);
  return value as Record<string, unknown>;
}
