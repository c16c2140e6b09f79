/** `mcpkit prompt`: get one prompt with its arguments and print its messages. */
import type { GetPromptResult } from 'mcpkit';
import { withConfigHost } from '../config-host.js';
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { renderContent } from '../render.js';
import { UsageError } from '../server-target.js';
import { promptArguments } from '../tool-arguments.js';

export async function runPrompt(args: string[]): Promise<number> {
  const { options, positionals, target, config } = parseCommand('prompt', args);
  const [name, ...words] = positionals;
  if (name === undefined) throw new UsageError('which prompt? usage: mcpkit prompt <name> [arguments]');
  const promptArgs = await promptArguments(words);
  const result: GetPromptResult =
    config !== undefined
      ? await withConfigHost(config, options, (host) => host.getPrompt(name, promptArgs))
      : await withSession(target!, options, (session) => session.getPrompt({ name, arguments: promptArgs }));
  if (options.json) {
    console.log(JSON.stringify(result, null, 2));
    return 0;
  }
  if (typeof result.description === 'string') console.log(`# ${result.description}`);
  for (const message of result.messages) {
    console.log(`\n[${message.role}]\n${renderContent([message.content])}`);
  }
  return 0;
}
