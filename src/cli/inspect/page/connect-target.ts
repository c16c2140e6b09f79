/**
 * What the connect form's text fields mean, pure: arguments split as a shell would (quotes,
 * backslashes, no expansion), environment variables as `KEY=VALUE` lines, headers as
 * `Name: value` lines, and the target they make. A line that means nothing is an error naming
 * it, not something silently dropped.
 * @module
 */
import type { ConnectTarget } from '../protocol.js';

/** `a "b c" 'd'` as `['a', 'b c', 'd']`; throws on an unclosed quote. */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let current: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) current = (current ?? '') + text[++i];
      else current = (current ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current ??= '';
    } else if (char === '\\' && i + 1 < text.length) current = (current ?? '') + text[++i];
    else if (/\s/.test(char)) {
      if (current !== undefined) args.push(current);
      current = undefined;
    } else current = (current ?? '') + char;
  }
  if (quote !== undefined) throw new Error(`an unclosed ${quote} in the arguments`);
  if (current !== undefined) args.push(current);
  return args;
}

function lines(text: string): { line: string; number: number }[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'));
}

/** `KEY=VALUE` lines (blank lines and `#` comments skipped); throws naming a line without a name. */
export function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { line, number } of lines(text)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match === null) throw new Error(`environment line ${number} is not KEY=VALUE`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** `Name: value` lines; throws naming a line that is not a header. */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { line, number } of lines(text)) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (match === null) throw new Error(`header line ${number} is not "Name: value"`);
    headers[match[1]!] = match[2]!;
  }
  return headers;
}

/** What the form holds. */
export interface ConnectDraft {
  kind: 'stdio' | 'http';
  command: string;
  args: string;
  env: string;
  cwd: string;
  url: string;
  headers: string;
  transport: 'auto' | 'streamable' | 'sse';
  /** OAuth: each step waits for Continue; a client registered beforehand. */
  stepThrough: boolean;
  clientId: string;
  clientSecret: string;
}

export const EMPTY_DRAFT: ConnectDraft = {
  kind: 'stdio',
  command: '',
  args: '',
  env: '',
  cwd: '',
  url: '',
  headers: '',
  transport: 'auto',
  stepThrough: false,
  clientId: '',
  clientSecret: '',
};

/**
 * The target `draft` describes; throws with what is wrong. The command is taken as it is when
 * arguments are given apart, else as a command line (`npx server --flag`).
 */
export function targetOf(draft: ConnectDraft): ConnectTarget {
  if (draft.kind === 'http') {
    const url = draft.url.trim();
    if (!/^https?:\/\//i.test(url)) throw new Error('the URL must start with http:// or https://');
    const headers = parseHeaders(draft.headers);
    const clientId = draft.clientId.trim();
    if (draft.clientSecret !== '' && clientId === '') throw new Error('a client secret needs its client ID');
    const oauth = {
      ...(draft.stepThrough && { stepThrough: true }),
      ...(clientId !== '' && { clientId }),
      ...(draft.clientSecret !== '' && { clientSecret: draft.clientSecret }),
    };
    return {
      type: 'http',
      url,
      transport: draft.transport,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(Object.keys(oauth).length > 0 ? { oauth } : {}),
    };
  }
  // With no arguments apart, the command field is a whole command line, split as a shell would.
  const [command = '', ...args] = draft.args.trim() === '' ? splitArgs(draft.command) : [draft.command.trim()];
  if (command === '') throw new Error('a command is needed');
  const env = parseEnv(draft.env);
  const cwd = draft.cwd.trim();
  return {
    type: 'stdio',
    command,
    args: draft.args.trim() === '' ? args : splitArgs(draft.args),
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(cwd !== '' ? { cwd } : {}),
  };
}
