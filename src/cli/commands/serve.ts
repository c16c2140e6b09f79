/**
 * `mcpkit serve --config FILE [--http [--port N]]`: a gateway. One MCP server offering the
 * catalog of every server of an `mcpServers` configuration (under its allow and deny lists),
 * over stdio, or over Streamable HTTP and HTTP+SSE on 127.0.0.1.
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Gateway, type ServerEntry } from 'mcpkit/host';
import { defaultEraCachePath, FileEraCache } from 'mcpkit/node';
import { portNumber, serveUntilDone } from '../serve-until-done.js';
import { UsageError } from '../server-target.js';
import { VERSION } from '../version.js';

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      http: { type: 'boolean', default: false },
      port: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (values.config === undefined) throw new UsageError('--config <file> is required');
  if (values.port !== undefined && !values.http) throw new UsageError('--port goes with --http');
  const servers = readServers(values.config);
  const gateway = new Gateway(
    {
      servers,
      clientInfo: { name: 'mcpkit-gateway', version: VERSION },
      eraCache: new FileEraCache(defaultEraCachePath()),
      // stdout may be the protocol: what the servers write to stderr goes to ours, named.
      onStderr: (server, text) => process.stderr.write(prefixed(server, text)),
      onError: (error) => console.error(`mcpkit serve: ${error.message}`),
    },
    { info: { name: 'mcpkit-gateway', version: VERSION } },
  );
  try {
    for (const status of await gateway.start())
      if (status.state === 'failed') console.error(`mcpkit serve: server "${status.name}" left out: ${status.error}`);
    await serveUntilDone(
      gateway.server,
      values.http ? { http: true, port: portNumber(values.port, 0) } : { http: false },
      'serve',
    );
  } finally {
    await gateway.close();
  }
  return 0;
}

function prefixed(server: string, text: string): string {
  return text.replace(/^(?=.)/gm, `[${server}] `);
}

/**
 * The servers of a configuration file: `{"mcpServers": {"name": {...}}}`, each entry a command
 * (`command`, `args`, `env`, `cwd`) or a URL (`url`, `headers`, `type` "http" or "sse"), with
 * the host's settings beside (`tools`, `consent`, `trusted`, `disabled`, `timeoutMs`).
 */
function readServers(file: string): Record<string, ServerEntry> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--config: cannot read ${file}: ${(error as Error).message}`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--config: ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const servers = isObject(config) ? config.mcpServers : undefined;
  if (!isObject(servers)) throw new UsageError(`--config: ${file} has no "mcpServers" object`);
  const entries: Record<string, ServerEntry> = {};
  for (const [name, entry] of Object.entries(servers)) {
    const where = `--config: ${file}: mcpServers["${name}"]`;
    if (!isObject(entry)) throw new UsageError(`${where} must be an object`);
    const type = entry.type ?? (entry.command !== undefined ? 'stdio' : 'http');
    if (type === 'stdio') {
      if (typeof entry.command !== 'string' || entry.command === '')
        throw new UsageError(`${where}.command must be a command to run`);
      entries[name] = { ...entry, type } as ServerEntry;
    } else if (type === 'http' || type === 'sse' || type === 'streamable-http') {
      if (typeof entry.url !== 'string' || !/^https?:\/\//i.test(entry.url))
        throw new UsageError(`${where}.url must be an http or https URL`);
      entries[name] = { ...entry, type: type === 'sse' ? 'sse' : 'http' } as ServerEntry;
    } else {
      throw new UsageError(`${where}.type must be "stdio", "http" or "sse", not ${JSON.stringify(type)}`);
    }
  }
  return entries;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
