/** `mcpkit prompt`: get one prompt with its arguments and print its messages. */
import type { GetPromptResult } from 'mcpkit';
import { withSession } from '../connect.js';
import { parseCommand, parseJsonObject } from '../options.js';
import { renderContent } from '../render.js';
import { UsageError } from '../server-target.js';

export async function runPrompt(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand('prompt', args);
  const [name, json, ...extra] = positionals;
  if (name === undefined) throw new UsageError('which prompt? usage: mcpkit prompt <name> [json] -- <command...>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const promptArguments = parseJsonObject(json, 'prompt arguments');
  for (const [key, value] of Object.entries(promptArguments)) {
    if (typeof value !== 'string') throw new UsageError(`prompt argument ${key} must be a string`);
  }
  return withSession(target, options, async (session) => {
    const result = (await session.request('prompts/get', {
      name,
      arguments: promptArguments as Record<string, string>,
    })) as GetPromptResult;
    if (options.json) {
      console.log(JSON.stringify(result, null, 2));
      return 0;
    }
    if (typeof result.description === 'string') console.log(`# ${result.description}`);
    for (const message of result.messages) {
      console.log(`\n[${message.role}]\n${renderContent([message.content])}`);
    }
    return 0;
  });
}
