/**
 * `mcpkit serve --config FILE [--http [--port N]]`: a gateway. One MCP server offering the
 * catalog of every server of an `mcpServers` configuration (under its allow and deny lists),
 * over stdio, or over Streamable HTTP and HTTP+SSE on 127.0.0.1.
 * @module
 */
import { parseArgs } from 'node:util';
import { Gateway, readConfig } from 'mcpkit/host';
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
  const file = values.config ?? (process.env.MCPKIT_CONFIG || undefined);
  if (file === undefined) throw new UsageError('--config <file> (or MCPKIT_CONFIG) is required');
  if (values.port !== undefined && !values.http) throw new UsageError('--port goes with --http');
  const { servers } = await readConfig(file);
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
