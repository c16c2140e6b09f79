/**
 * One checked entry made ready to use: every string interpolated, the `envFile` read and
 * merged under `env`, `cwd` and `envFile` taken relative to the configuration's directory, the
 * URL checked. Run once before any input is asked (finding what is missing and which inputs are
 * needed) and once more with the answers.
 * @module
 */
import { resolve } from 'node:path';
import type { CheckedEntry } from './check-entry.js';
import { EnvFileSyntaxError, parseEnvFile } from './env-file.js';
import { readText } from './files.js';
import { expand, type Scope } from './interpolate.js';
import type { ConfigProblem, ServerConfig } from './server-config.js';

/** The entry's configuration, when complete and sound; and the inputs it still needs answered. */
export interface Resolution {
  config?: ServerConfig;
  inputs: string[];
}

export async function resolveEntry(
  server: string,
  entry: CheckedEntry,
  scope: Scope,
  base: string,
  problems: ConfigProblem[],
): Promise<Resolution> {
  const before = problems.length;
  const inputs: string[] = [];
  let complete = true;
  const field = (name: string, text: string): string => {
    const result = expand(text, scope);
    for (const message of result.problems) problems.push({ server, field: name, message });
    for (const id of result.inputs) if (!inputs.includes(id)) inputs.push(id);
    if (result.value === undefined) complete = false;
    return result.value ?? text;
  };
  const map = (name: string, values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, field(`${name}.${key}`, value)]));

  let config: ServerConfig;
  if (entry.type === 'stdio') {
    const command = field('command', entry.command);
    const args = entry.args.map((arg, i) => field(`args[${i}]`, arg));
    const env = map('env', entry.env);
    const cwd = entry.cwd === undefined ? undefined : field('cwd', entry.cwd);
    const envFile = entry.envFile === undefined ? undefined : field('envFile', entry.envFile);
    let fromFile: Record<string, string> = {};
    if (envFile !== undefined && complete) {
      const read = await readEnvFile(resolve(base, envFile));
      if ('reason' in read) problems.push({ server, field: 'envFile', message: read.reason });
      else fromFile = read.values;
    }
    config = {
      type: 'stdio',
      command,
      args,
      env: { ...fromFile, ...env },
      ...(cwd !== undefined && { cwd: resolve(base, cwd) }),
      ...entry.settings,
    };
  } else {
    const url = field('url', entry.url);
    if (complete && !isHttpUrl(url)) {
      problems.push({ server, field: 'url', message: `${JSON.stringify(url)} is not an http: or https: URL` });
    }
    config = { type: entry.type, url, headers: map('headers', entry.headers), ...entry.settings };
  }
  const roots = entry.settings.roots;
  if (roots !== undefined)
    config.roots = roots.map((root, i) => {
      const value = field(`roots[${i}]`, root);
      return value.startsWith('file://') ? value : resolve(base, value);
    });
  return complete && problems.length === before ? { config, inputs } : { inputs };
}

async function readEnvFile(path: string): Promise<{ values: Record<string, string> } | { reason: string }> {
  const read = await readText(path);
  if ('reason' in read) return { reason: `${path} cannot be read: ${read.reason}` };
  try {
    return { values: parseEnvFile(read.text) };
  } catch (error) {
    if (error instanceof EnvFileSyntaxError) return { reason: `${path}, ${error.message}` };
    throw error;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A disabled entry as written: nothing read, nothing asked. */
export function unresolved(entry: CheckedEntry): ServerConfig {
  if (entry.type === 'stdio') {
    const { command, args, env, cwd } = entry;
    return { type: 'stdio', command, args, env, ...(cwd !== undefined && { cwd }), ...entry.settings };
  }
  return { type: entry.type, url: entry.url, headers: entry.headers, ...entry.settings };
}
