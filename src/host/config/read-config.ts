/**
 * Reading a host configuration: the `mcpServers` files of Claude Desktop, Cursor and Claude
 * Code, and VS Code's `servers` with `inputs`. Every problem of a file is collected and thrown
 * as one {@link ConfigError}. The input hook is asked nothing until the rest of the file is known
 * to be sound: a first pass resolves all that needs no answer, a second (only when inputs are
 * referred to) resolves the rest with the answers.
 * @module
 */
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { checkEntry, describe, isObject, type CheckedEntry } from './check-entry.js';
import { readText } from './files.js';
import { askInputs, checkInputs } from './inputs.js';
import type { Scope } from './interpolate.js';
import { parseJsonText } from './json-text.js';
import { resolveEntry, unresolved } from './resolve-entry.js';
import {
  ConfigError,
  type ConfigInput,
  type ConfigOptions,
  type ConfigProblem,
  type HostConfig,
  type ServerConfig,
} from './server-config.js';

/** {@link ConfigOptions} and the file the configuration came from. */
export interface ParseConfigOptions extends ConfigOptions {
  /**
   * The file's name in messages; relative `cwd` and `envFile` are taken from its directory
   * (from `workspace` without it).
   */
  file?: string;
}

/** Reads the configuration file at `path` (JSON, comments and trailing commas allowed). */
export async function readConfig(path: string, options: ConfigOptions = {}): Promise<HostConfig> {
  const read = await readText(path);
  if ('reason' in read) throw new ConfigError([{ message: `cannot be read: ${read.reason}` }], path);
  return parseConfig(read.text, { ...options, file: path });
}

/** Reads a configuration from its text, or from the value that text parses to. */
export async function parseConfig(source: string | object, options: ParseConfigOptions = {}): Promise<HostConfig> {
  let document: unknown = source;
  if (typeof source === 'string') {
    const parsed = await parseJsonText(source);
    if ('problem' in parsed) throw new ConfigError([parsed.problem], options.file);
    document = parsed.value;
  }
  const problems: ConfigProblem[] = [];
  if (!isObject(document)) {
    const message = `must be an object with "mcpServers" or "servers", not ${describe(document)}`;
    throw new ConfigError([{ message }], options.file);
  }
  const entries = serverEntries(document, problems);
  const inputs = checkInputs(document.inputs, problems);
  const checked = entries.map(([name, entry]) => [name, checkEntry(name, entry, problems)] as const);
  if (problems.length > 0) throw new ConfigError(problems, options.file);
  const servers = await resolveAll(checked as [string, CheckedEntry][], inputs, options);
  return { servers, ...(options.file !== undefined && { file: resolve(options.file) }) };
}

/**
 * Checks and resolves one server entry given in code, by the rules and with the messages of an
 * entry in a file (there are no inputs to refer to).
 */
export async function checkServerConfig(
  name: string,
  entry: unknown,
  options: ParseConfigOptions = {},
): Promise<ServerConfig> {
  const problems: ConfigProblem[] = [];
  const checked = checkEntry(name, entry, problems);
  if (!checked) throw new ConfigError(problems, options.file);
  const servers = await resolveAll([[name, checked]], new Map(), options);
  return servers[name]!;
}

/** The entries of `mcpServers` and of `servers`, which a file may both have (names must differ). */
function serverEntries(document: Record<string, unknown>, problems: ConfigProblem[]): [string, unknown][] {
  const entries: [string, unknown][] = [];
  const keys = ['mcpServers', 'servers'].filter((key) => document[key] !== undefined);
  if (keys.length === 0) problems.push({ message: 'has neither "mcpServers" nor "servers"' });
  for (const key of keys) {
    const servers = document[key];
    if (!isObject(servers)) {
      problems.push({ field: key, message: `must be an object of servers by name, not ${describe(servers)}` });
      continue;
    }
    for (const [name, entry] of Object.entries(servers)) {
      if (entries.some(([seen]) => seen === name)) {
        problems.push({ server: name, message: 'is named in both "mcpServers" and "servers"' });
      } else {
        entries.push([name, entry]);
      }
    }
  }
  return entries;
}

async function resolveAll(
  entries: readonly [string, CheckedEntry][],
  inputs: ReadonlyMap<string, ConfigInput>,
  options: ParseConfigOptions,
): Promise<Record<string, ServerConfig>> {
  const workspace = resolve(options.workspace ?? process.cwd());
  const base = options.file === undefined ? workspace : dirname(resolve(options.file));
  const scope: Scope = {
    env: options.env ?? process.env,
    workspace,
    home: homedir(),
    inputs,
    canAsk: options.input !== undefined,
  };
  const pass = async () => {
    const problems: ConfigProblem[] = [];
    const needed: string[] = [];
    const servers: Record<string, ServerConfig> = {};
    for (const [name, entry] of entries) {
      if (entry.settings.disabled) {
        define(servers, name, unresolved(entry));
        continue;
      }
      const resolution = await resolveEntry(name, entry, scope, base, problems);
      if (resolution.config) define(servers, name, resolution.config);
      for (const id of resolution.inputs) if (!needed.includes(id)) needed.push(id);
    }
    if (problems.length > 0) throw new ConfigError(problems, options.file);
    return { servers, needed };
  };
  const first = await pass();
  if (first.needed.length === 0) return first.servers;
  const problems: ConfigProblem[] = [];
  scope.answers = await askInputs(first.needed, inputs, options.input!, problems);
  if (problems.length > 0) throw new ConfigError(problems, options.file);
  return (await pass()).servers;
}

/** Sets a server by name as an own property, even one named `__proto__`. */
function define(servers: Record<string, ServerConfig>, name: string, config: ServerConfig): void {
  Object.defineProperty(servers, name, { value: config, enumerable: true, writable: true, configurable: true });
}
