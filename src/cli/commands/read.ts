/** `mcpkit read`: read one resource and print its contents. */
import type { ReadResourceResult } from 'mcpkit';
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { renderResourceContents } from '../render.js';
import { UsageError } from '../server-target.js';

export async function runRead(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand('read', args);
  const [uri, ...extra] = positionals;
  if (uri === undefined) throw new UsageError('which resource? usage: mcpkit read <uri> -- <command...>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  return withSession(target, options, async (session) => {
    const result = (await session.request('resources/read', { uri })) as ReadResourceResult;
    if (options.json) console.log(JSON.stringify(result, null, 2));
    else console.log(result.contents.map(renderResourceContents).join('\n'));
    return 0;
  });
}
