/** `mcpkit call`: call one tool and print what it returns. */
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { UsageError } from '../server-target.js';

export async function runCall(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand(args);
  const [name, json, ...extra] = positionals;
  if (name === undefined) throw new UsageError('which tool? usage: mcpkit call <tool> [json] -- <command...>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const toolArguments = parseArguments(json);

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
            if (!options.json) console.error(`  progress ${progress}${total === undefined ? '' : `/${total}`}${message ? `: ${message}` : ''}`);
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

function parseArguments(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`tool arguments are not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('tool arguments must be a JSON object, like \'{"text":"hi"}\'');
  return value as Record<string, unknown>;
}

/** Content blocks as a person would read them. */
function renderContent(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block: Record<string, unknown>) => {
      switch (block.type) {
        case 'text':
          return String(block.text);
        case 'image':
        case 'audio':
          return `[${String(block.type)} ${String(block.mimeType)}, ${Math.floor((String(block.data).length * 3) / 4)} bytes]`;
        case 'resource_link':
          return `[link ${String(block.uri)}${block.name ? ` (${String(block.name)})` : ''}]`;
        case 'resource': {
          const resource = block.resource as Record<string, unknown>;
          return typeof resource?.text === 'string' ? resource.text : `[resource ${String(resource?.uri)}]`;
        }
        default:
          return JSON.stringify(block);
      }
    })
    .join('\n');
}
