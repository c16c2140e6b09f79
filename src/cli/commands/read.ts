/** `mcpkit read`: read one resource and print its contents. */
import type { ReadResourceResult } from 'mcpkit';
import { withConfigHost } from '../config-host.js';
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { renderResourceContents } from '../render.js';
import { UsageError } from '../server-target.js';

export async function runRead(args: string[]): Promise<number> {
  const { options, positionals, target, config, values } = parseCommand('read', args, { server: { type: 'string' } });
  const [uri, ...extra] = positionals;
  if (uri === undefined) throw new UsageError('which resource? usage: mcpkit read <uri>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const server = values.server as string | undefined;
  if (server !== undefined && config === undefined) throw new UsageError('--server names a server of --config');
  const result: ReadResourceResult =
    config !== undefined
      ? await withConfigHost(config, options, (host) => host.readResource(uri, server === undefined ? {} : { server }))
      : await withSession(target!, options, (session) => session.readResource({ uri }));
  if (options.json) console.log(JSON.stringify(result, null, 2));
  else console.log(result.contents.map(renderResourceContents).join('\n'));
  return 0;
}
