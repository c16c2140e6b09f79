/** `mcpkit call`: call one tool and print what it returns. */
import { withSession } from '../connect.js';
import { parseCommand, parseJsonObject } from '../options.js';
import { renderContent } from '../render.js';
import { UsageError } from '../server-target.js';

export async function runCall(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand('call', args);
  const [name, json, ...extra] = positionals;
  if (name === undefined) throw new UsageError('which tool? usage: mcpkit call <tool> [json] -- <command...>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const toolArguments = parseJsonObject(json, 'tool arguments');

  return withSession(target, options, async (session) => {
    const controller = new AbortController();
    const onSigint = () => controller.abort(new Error('interrupted'));
    process.once('SIGINT', onSigint);
    try {
      const result = await session.callTool(
        { name, arguments: toolArguments },
        {
          signal: controller.signal,
          ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
          onprogress: ({ progress, total, message }) => {
            if (!options.json)
              console.error(
                `  progress ${progress}${total === undefined ? '' : `/${total}`}${message ? `: ${message}` : ''}`,
              );
          },
        },
      );
      if (options.json) {
        console.log(JSON.stringify(result, null, 2));
      } else {
        const text = renderContent(result.content);
        if (result.isError === true) console.error(text);
        else console.log(text);
      }
      return result.isError === true ? 1 : 0;
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      console.error('mcpkit call: cancelled');
      return 130; // the shell's code for a command ended by Ctrl-C
    } finally {
      process.removeListener('SIGINT', onSigint);
    }
  });
}
