/**
 * The shape of one server entry, before anything in it is interpolated: which transport it
 * names, the type of each field, the host's settings with their defaults. Fields this reader
 * does not know are left out without complaint, since other tools add their own to the same
 * files; a field it knows with the wrong type is a problem.
 * @module
 */
import type { ConfigProblem, HostSettings, ToolPolicy } from './server-config.js';

/** An entry whose fields have the right types; strings as written, paths not yet resolved. */
export type CheckedEntry =
  | {
      type: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      envFile?: string;
      settings: HostSettings;
    }
  | { type: 'http' | 'sse'; url: string; headers: Record<string, string>; settings: HostSettings };

const TYPES: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
};
const POLICIES: readonly ToolPolicy[] = ['allow', 'deny', 'ask'];

/** Checks `entry`, adding what is wrong to `problems`; undefined when anything is. */
export function checkEntry(name: string, entry: unknown, problems: ConfigProblem[]): CheckedEntry | undefined {
  const before = problems.length;
  const report = (field: string | undefined, message: string) => problems.push({ server: name, field, message });
  if (name === '') report(undefined, 'a server name must not be empty');
  if (!isObject(entry)) {
    report(undefined, `the entry must be an object, not ${describe(entry)}`);
    return undefined;
  }
  const type = transportOf(entry, report);
  const settings = checkSettings(entry, report);
  if (type === 'stdio') {
    const command = string(entry, 'command', report);
    if (command === '') report('command', 'must not be empty');
    const args = strings(entry.args, 'args', report);
    const env = stringMap(entry.env, 'env', report, true);
    const cwd = optionalString(entry, 'cwd', report);
    const envFile = optionalString(entry, 'envFile', report);
    if (problems.length > before) return undefined;
    return {
      type,
      command: command!,
      args: args ?? [],
      env: env ?? {},
      ...(cwd !== undefined && { cwd }),
      ...(envFile !== undefined && { envFile }),
      settings,
    };
  }
  if (type === undefined) return undefined;
  const url = string(entry, 'url', report);
  const headers = stringMap(entry.headers, 'headers', report, false);
  if (problems.length > before) return undefined;
  return { type, url: url!, headers: headers ?? {}, settings };
}

type Report = (field: string | undefined, message: string) => void;

/** The transport an entry names or implies; undefined (with a problem reported) when unclear. */
function transportOf(entry: Record<string, unknown>, report: Report): 'stdio' | 'http' | 'sse' | undefined {
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand && hasUrl) {
    report(undefined, 'has both "command" and "url"; a server is either run (command) or reached (url)');
    return undefined;
  }
  if (!hasCommand && !hasUrl) {
    report(undefined, 'needs "command" (a server to run) or "url" (a server to reach)');
    return undefined;
  }
  if (entry.type === undefined) return hasCommand ? 'stdio' : 'http';
  if (typeof entry.type !== 'string' || !Object.hasOwn(TYPES, entry.type)) {
    report('type', `${show(entry.type)} is not a known type; the types are stdio, http (or streamable-http) and sse`);
    return undefined;
  }
  const type = TYPES[entry.type]!;
  if (type === 'stdio' && !hasCommand) report('type', `"stdio" needs "command", not "url"`);
  else if (type !== 'stdio' && !hasUrl) report('type', `${show(entry.type)} needs "url", not "command"`);
  else return type;
  return undefined;
}

function checkSettings(entry: Record<string, unknown>, report: Report): HostSettings {
  const settings: HostSettings = {
    trusted: boolean(entry, 'trusted', report) ?? false,
    start: 'lazy',
    disabled: boolean(entry, 'disabled', report) ?? false,
  };
  if (entry.start === 'eager' || entry.start === 'lazy') settings.start = entry.start;
  else if (entry.start !== undefined) report('start', `must be "lazy" or "eager", not ${show(entry.start)}`);
  const timeout = entry.timeoutMs;
  if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0) settings.timeoutMs = timeout;
  else if (timeout !== undefined) report('timeoutMs', `must be a number of milliseconds above 0, not ${show(timeout)}`);
  const roots = strings(entry.roots, 'roots', report);
  if (roots !== undefined) settings.roots = roots;
  if (isObject(entry.tools)) {
    const allow = strings(entry.tools.allow, 'tools.allow', report);
    const deny = strings(entry.tools.deny, 'tools.deny', report);
    settings.tools = { ...(allow && { allow }), ...(deny && { deny }) };
  } else if (entry.tools !== undefined) {
    report('tools', `must be an object ({ "allow": [...], "deny": [...] }), not ${describe(entry.tools)}`);
  }
  if (isObject(entry.consent)) {
    const consent: [string, ToolPolicy][] = [];
    for (const [tool, policy] of Object.entries(entry.consent)) {
      if (POLICIES.includes(policy as ToolPolicy)) consent.push([tool, policy as ToolPolicy]);
      else report(`consent.${tool}`, `must be "allow", "deny" or "ask", not ${show(policy)}`);
    }
    settings.consent = Object.fromEntries(consent);
  } else if (entry.consent !== undefined) {
    report('consent', `must be an object of tool names to "allow", "deny" or "ask", not ${describe(entry.consent)}`);
  }
  return settings;
}

function string(entry: Record<string, unknown>, field: string, report: Report): string | undefined {
  const value = entry[field];
  if (typeof value === 'string') return value;
  report(field, `must be a string, not ${describe(value)}`);
  return undefined;
}

function optionalString(entry: Record<string, unknown>, field: string, report: Report): string | undefined {
  return entry[field] === undefined ? undefined : string(entry, field, report);
}

function boolean(entry: Record<string, unknown>, field: string, report: Report): boolean | undefined {
  const value = entry[field];
  if (value === undefined || typeof value === 'boolean') return value;
  report(field, `must be true or false, not ${show(value)}`);
  return undefined;
}

function strings(value: unknown, field: string, report: Report): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    report(field, `must be an array of strings, not ${describe(value)}`);
    return undefined;
  }
  value.forEach((item, i) => {
    if (typeof item !== 'string') report(`${field}[${i}]`, `must be a string, not ${describe(item)}`);
  });
  return value as string[];
}

/** An object of strings; with `numbers`, numbers too (VS Code allows them in `env`), as text. */
function stringMap(
  value: unknown,
  field: string,
  report: Report,
  numbers: boolean,
): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    report(field, `must be an object of strings, not ${describe(value)}`);
    return undefined;
  }
  const map: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') map.push([key, item]);
    else if (numbers && typeof item === 'number' && Number.isFinite(item)) map.push([key, String(item)]);
    else report(`${field}.${key}`, `must be a string, not ${describe(item)}`);
  }
  return Object.fromEntries(map);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value's kind, for messages: `a number`, `an array`, `null`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A short JSON form of a value, for messages. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
