/**
 * Options shared by the commands that talk to a server, and the split between the command's
 * own arguments and the server's command line or URL (after `--`).
 * @module
 */
import { parseArgs } from 'node:util';
import { isSupportedVersion, type ProtocolVersion } from 'mcpkit';
import type { EraChoice } from 'mcpkit/client';
import type { AuthFlags } from './login.js';
import {
  isUrlTarget,
  parseHeader,
  targetFromString,
  targetFromWords,
  UsageError,
  type ServerTarget,
} from './server-target.js';

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
  /** `--client-id`, `--scope`, `--no-input`...: how to log in to a server given by URL. */
  auth: AuthFlags;
}

export interface ParsedCommand {
  options: CommonOptions;
  /** Positional arguments that are the command's own (tool name, JSON, ...). */
  positionals: string[];
  target: ServerTarget;
}

/**
 * Parses the arguments of `mcpkit <command>`: `[options] [own args] -- <server command... | url>`,
 * or, without `--`, takes the first positional argument as the server's command line or URL.
 */
export function parseCommand(command: string, args: string[]): ParsedCommand {
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
      ...AUTH_OPTIONS,
    },
  });
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout must be a positive number of milliseconds, not ${values.timeout}`);
  }
  const headers = (values.header ?? []).map(parseHeader);
  const era = values.era;
  if (era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new UsageError(`--era must be auto, modern or legacy, not ${String(era)}`);
  const protocolVersion = values['protocol-version'];
  if (protocolVersion !== undefined && !isSupportedVersion(protocolVersion))
    throw new UsageError(`--protocol-version must be a revision mcpkit speaks, not ${protocolVersion}`);
  const options: CommonOptions = {
    json: values.json === true,
    timeoutMs,
    quiet: values.quiet === true,
    headers,
    era,
    protocolVersion,
    auth: authFlags(values),
  };
  let parsed: ParsedCommand;
  if (dash !== -1) {
    parsed = { options, positionals, target: targetFromWords(args.slice(dash + 1)) };
  } else {
    const [line, ...rest] = positionals;
    if (line === undefined)
      throw new UsageError('no server given: pass a command line, e.g. `-- node server.js`, or a URL');
    const notServer = whyNotAServer(line, rest);
    if (notServer)
      throw new UsageError(
        `no server given (${notServer}); name it after --, e.g.\n  mcpkit ${[command, ...args].map(shellQuote).join(' ')} -- node server.js`,
      );
    parsed = { options, positionals: rest, target: targetFromString(line) };
  }
  if (headers.length > 0 && !isUrlTarget(parsed.target))
    throw new UsageError('--header applies to a server given by URL (http:// or https://)');
  const authFlag = AUTH_FLAG_NAMES.find((name) => values[name] !== undefined);
  if (authFlag !== undefined && !isUrlTarget(parsed.target))
    throw new UsageError(`--${authFlag} applies to a server given by URL (http:// or https://)`);
  return parsed;
}

/** The options of authorization, which every command that talks to a server takes. */
export const AUTH_OPTIONS = {
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  scope: { type: 'string', multiple: true },
  'no-input': { type: 'boolean', default: false },
} as const;

const AUTH_FLAG_NAMES = ['client-id', 'client-secret', 'client-metadata-url', 'scope'] as const;

/** The authorization flags, checked; the secret may come from `MCPKIT_CLIENT_SECRET` (out of `ps`). */
export function authFlags(values: {
  'client-id'?: string;
  'client-secret'?: string;
  'client-metadata-url'?: string;
  scope?: string[];
  'no-input'?: boolean;
}): AuthFlags {
  const clientSecret = values['client-secret'] ?? (process.env.MCPKIT_CLIENT_SECRET || undefined);
  const clientId = values['client-id'];
  if (clientId === '') throw new UsageError('--client-id must not be empty');
  if (values['client-secret'] !== undefined && clientId === undefined)
    throw new UsageError('--client-secret goes with --client-id');
  const clientMetadataUrl = values['client-metadata-url'];
  if (clientMetadataUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(clientMetadataUrl);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'https:' || url.pathname === '/')
      throw new UsageError(
        `--client-metadata-url must be the https URL of a client ID metadata document (with a path), not ${clientMetadataUrl}`,
      );
  }
  const scopes = (values.scope ?? []).flatMap((scope) => scope.split(/\s+/)).filter(Boolean);
  for (const scope of scopes)
    if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))
      throw new UsageError(`--scope: ${JSON.stringify(scope)} is not a scope name`);
  return {
    clientId,
    clientSecret: clientId === undefined ? undefined : clientSecret,
    clientMetadataUrl,
    scopes,
    noInput: values['no-input'] === true,
  };
}

/**
 * Why `line`, the first argument, cannot be the server's quoted command line when `rest`
 * follows it, or `undefined` when it can be. Without `--` the server comes first, so a
 * forgotten server makes the tool or prompt name the server (`mcpkit call echo '{...}'` would
 * run `echo`); what follows then gives it away.
 */
function whyNotAServer(line: string, rest: readonly string[]): string | undefined {
  const next = rest[0];
  if (looksLikeJson(line)) return `${quoted(line)} is JSON, not a command`;
  // A command line of one word followed by JSON: a name and its arguments, not a server and a name.
  if (next !== undefined && looksLikeJson(next) && !/\s/.test(line.trim()))
    return `${quoted(next)} is arguments, not a name, so ${quoted(line)} is not a server`;
  if (/^[A-Za-z][A-Za-z0-9+.-]+:\/\//.test(line) && !/^https?:/i.test(line))
    return `${quoted(line)} is a URI, not a command or an HTTP URL`;
  return undefined;
}

function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/** `text` as a POSIX shell would need it typed: bare when safe, else in single quotes. */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(text) ? text : quoted(text);
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
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
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${what} must be a JSON object, like '{"text":"hi"}'`);
  return value as Record<string, unknown>;
}
