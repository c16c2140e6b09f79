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
  /** `--verbose`: the servers' log messages and (a configuration's) stderr. */
  verbose: boolean;
  /** `--header 'Name: value'`, in order, for a server given by URL. */
  headers: [string, string][];
  /** `--env K=V`: variables for a server given as a command, over the user's environment. */
  env: Record<string, string>;
  /** `--cwd`: the working directory of a server given as a command. */
  cwd: string | undefined;
  /** `--root`: the roots offered to servers; default the working directory. */
  roots: string[];
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
  /** The server given directly; `undefined` when the servers are those of {@link config}. */
  target: ServerTarget | undefined;
  /** The configuration file (`--config` or `$MCPKIT_CONFIG`). */
  config: string | undefined;
}

/** The options of every command that talks to servers. */
const COMMON_OPTIONS = {
  config: { type: 'string' },
  json: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  root: { type: 'string', multiple: true },
  era: { type: 'string', default: 'auto' },
  'protocol-version': { type: 'string' },
} as const;

/**
 * Parses the arguments of `mcpkit <command>`: `[options] [own args] -- <server command... | url>`,
 * or, without `--`, takes the first positional argument as the server's command line or URL.
 */
export function parseCommand(
  command: string,
  args: string[],
  extra: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean }> = {},
  /** Whether the command can go on with no server at all (a chat with the model alone). */
  serverOptional = false,
): ParsedCommand & { values: Record<string, unknown> } {
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const { values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, ...AUTH_OPTIONS, ...extra },
  });
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout must be a positive number of milliseconds, not ${String(values.timeout)}`);
  }
  const headers = ((values.header as string[] | undefined) ?? []).map(parseHeader);
  const era = values.era;
  if (era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new UsageError(`--era must be auto, modern or legacy, not ${String(era)}`);
  const protocolVersion = values['protocol-version'] as string | undefined;
  if (protocolVersion !== undefined && !isSupportedVersion(protocolVersion))
    throw new UsageError(`--protocol-version must be a revision mcpkit speaks, not ${protocolVersion}`);
  const options: CommonOptions = {
    json: values.json === true,
    timeoutMs,
    quiet: values.quiet === true,
    verbose: values.verbose === true,
    headers,
    env: envPairs((values.env as string[] | undefined) ?? []),
    cwd: values.cwd as string | undefined,
    roots: (values.root as string[] | undefined) ?? [],
    era,
    protocolVersion,
    auth: authFlags(values as Parameters<typeof authFlags>[0]),
  };
  const flagConfig = values.config as string | undefined;
  if (flagConfig === '') throw new UsageError('--config needs a file name');
  const envConfig = process.env.MCPKIT_CONFIG || undefined;
  let parsed: ParsedCommand;
  if (dash !== -1) {
    if (flagConfig !== undefined) throw new UsageError('give either --config or one server after --, not both');
    parsed = { options, positionals, target: targetFromWords(args.slice(dash + 1)), config: undefined };
  } else if (flagConfig !== undefined || (envConfig !== undefined && !namesAServer(positionals[0]))) {
    parsed = { options, positionals, target: undefined, config: flagConfig ?? envConfig };
  } else if (serverOptional && positionals.length === 0) {
    parsed = { options, positionals, target: undefined, config: undefined };
  } else {
    const [line, ...rest] = positionals;
    if (line === undefined)
      throw new UsageError(
        'no server given: pass --config FILE (or set MCPKIT_CONFIG), a command line after --, e.g. `-- node server.js`, or a URL',
      );
    const notServer = whyNotAServer(line, rest);
    if (notServer)
      throw new UsageError(
        `no server given (${notServer}); name it after --, e.g.\n  mcpkit ${[command, ...args].map(shellQuote).join(' ')} -- node server.js`,
      );
    parsed = { options, positionals: rest, target: targetFromString(line), config: undefined };
  }
  const target = parsed.target;
  if (headers.length > 0 && (target === undefined || !isUrlTarget(target)))
    throw new UsageError('--header applies to a server given by URL (http:// or https://)');
  const authFlag = AUTH_FLAG_NAMES.find((name) => values[name] !== undefined);
  if (authFlag !== undefined && target !== undefined && !isUrlTarget(target))
    throw new UsageError(`--${authFlag} applies to a server given by URL (http:// or https://)`);
  for (const [flag, given] of [
    ['--env', options.env && Object.keys(options.env).length > 0],
    ['--cwd', options.cwd !== undefined],
  ] as const)
    if (given && (target === undefined || isUrlTarget(target)))
      throw new UsageError(`${flag} applies to a server given as a command (the configuration sets its servers' own)`);
  return { ...parsed, values };
}

/** `--env K=V` pairs as variables. */
function envPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new UsageError(`--env must look like NAME=value, not ${JSON.stringify(pair)}`);
    env[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return env;
}

/** Whether the first argument is plainly a server (a URL, or a quoted command line) rather than a name. */
function namesAServer(word: string | undefined): boolean {
  return word !== undefined && (/^https?:\/\//i.test(word) || /\s/.test(word.trim()));
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
