/**
 * `mcpkit servers`: every server of a configuration, started: its state (and why it failed),
 * the revision it speaks, and how much it offers.
 */
import { withConfigHost } from '../config-host.js';
import { EXIT } from '../exit-codes.js';
import { parseCommand } from '../options.js';
import { columns } from '../render.js';
import { UsageError } from '../server-target.js';

export async function runServers(args: string[]): Promise<number> {
  const { options, positionals, config } = parseCommand('servers', args);
  if (config === undefined) throw new UsageError('servers shows the servers of a configuration: pass --config FILE');
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  return withConfigHost(config, options, async (host) => {
    const [tools, resources, templates, prompts] = await Promise.all([
      host.tools(),
      host.resources(),
      host.resourceTemplates(),
      host.prompts(),
    ]);
    const count = (items: { server: string }[], name: string) => items.filter((i) => i.server === name).length;
    const rows = host.servers.map((status) => ({
      ...status,
      ...(status.state === 'ready' && {
        tools: count(tools, status.name),
        resources: count(resources, status.name),
        resourceTemplates: count(templates, status.name),
        prompts: count(prompts, status.name),
      }),
    }));
    if (options.json) {
      console.log(JSON.stringify({ servers: rows }, null, 2));
    } else {
      const lines = columns(
        rows.map((row) => [
          row.name,
          row.state === 'ready'
            ? `ready  ${row.protocolVersion}  ${row.tools} tools, ${row.resources} resources, ${row.resourceTemplates} templates, ${row.prompts} prompts  (${String(row.serverInfo?.title ?? row.serverInfo?.name)} ${row.serverInfo?.version})`
            : `${row.state}${row.error ? `: ${row.error}` : ''}`,
        ]),
        '',
      );
      for (const line of lines) console.log(line);
    }
    return rows.some((row) => row.state === 'failed') ? EXIT.connection : EXIT.ok;
  });
}
