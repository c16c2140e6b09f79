/**
 * `mcpkit call`: call one tool and print what it returns. Progress is drawn as a bar on a
 * terminal (plain lines otherwise); Ctrl-C cancels the call and exits 130.
 */
import type { CallToolResult } from 'mcpkit';
import { ToolTask, type ClientSession } from 'mcpkit/client';
import { withConfigHost } from '../config-host.js';
import { withSession } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import { parseCommand } from '../options.js';
import { renderContent } from '../render.js';
import { UsageError } from '../server-target.js';
import { ProgressBar } from '../terminal/index.js';
import { toolArguments } from '../tool-arguments.js';
import { attachHint, followTask } from '../task-follow.js';

export async function runCall(args: string[]): Promise<number> {
  const { options, positionals, target, config, values } = parseCommand('call', args, {
    task: { type: 'boolean', default: false },
    detach: { type: 'boolean', default: false },
  });
  const [name, ...words] = positionals;
  if (name === undefined) throw new UsageError('which tool? usage: mcpkit call <tool> [arguments]');
  const asTask = values.task === true || values.detach === true;
  if (asTask && config !== undefined)
    throw new UsageError('--task and --detach need a server given directly, not --config');
  if (asTask) return callAsTask(name, words, target!, options, values.detach === true);

  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  const bar = new ProgressBar({ label: name });
  const request = {
    signal: controller.signal,
    ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
    onprogress: ({ progress, total, message }: { progress: number; total?: number; message?: string }) => {
      if (options.json) return;
      if (bar.active) bar.update({ progress, total, message });
      else
        console.error(
          `  progress ${progress}${total === undefined ? '' : `/${total}`}${message ? `: ${message}` : ''}`,
        );
    },
  };
  try {
    const result =
      config !== undefined
        ? await withConfigHost(config, options, async (host) => {
            const toolArgs = await toolArguments(words, async () => (await host.tool(name))?.tool.inputSchema);
            // The user named this very call: it is their consent (a configuration's deny still refuses).
            return host.callTool(name, toolArgs, { ...request, approved: true });
          })
        : await withSession(target!, options, async (session) => {
            const toolArgs = await toolArguments(words, () => schemaOf(session, name));
            const answer = await session.callTool({ name, arguments: toolArgs }, request);
            if (!('content' in answer)) throw new Error(`the server answered ${name} with a task`);
            return answer;
          });
    bar.done();
    return print(result, options.json);
  } catch (error) {
    bar.done();
    if (!controller.signal.aborted) throw error;
    console.error('mcpkit call: cancelled');
    return EXIT.interrupted;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/**
 * `call --task`: the call as a task, followed until it ends (Ctrl-C stops following and says
 * how to pick it up again), or with `--detach` only started, its id printed.
 */
async function callAsTask(
  name: string,
  words: string[],
  target: NonNullable<ReturnType<typeof parseCommand>['target']>,
  options: ReturnType<typeof parseCommand>['options'],
  detach: boolean,
): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  let taskId: string | undefined;
  try {
    return await withSession(target, options, async (session) => {
      const toolArgs = await toolArguments(words, () => schemaOf(session, name));
      const started = await session.callToolAsTask(
        { name, arguments: toolArgs },
        { signal: controller.signal, ...(options.timeoutMs && { timeoutMs: options.timeoutMs }) },
      );
      // The server answered at once: there is no task to follow.
      if (!(started instanceof ToolTask)) return print(started, options.json);
      taskId = started.taskId;
      if (detach) {
        if (options.json) console.log(JSON.stringify(started.state ?? { taskId }, null, 2));
        else console.log(taskId);
        if (!options.quiet) console.error(`mcpkit call: started task ${taskId}; ${attachHint(taskId)}`);
        return EXIT.ok;
      }
      if (!options.quiet && !options.json) console.error(`mcpkit call: ${name} runs as task ${taskId}`);
      return print(await followTask(started, name, controller.signal, options.quiet || options.json), options.json);
    });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    console.error(`mcpkit call: stopped following${taskId ? `; ${attachHint(taskId)}` : ''}`);
    return EXIT.interrupted;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** The tool's input schema, to read `key=value` pairs by; `undefined` when it cannot be had. */
async function schemaOf(session: ClientSession, name: string): Promise<unknown> {
  if (!session.serverCapabilities.tools) return undefined;
  try {
    for await (const tool of session.tools()) if (tool.name === name) return tool.inputSchema;
  } catch {
    // Listing is only a help for reading the arguments; the call itself says what is wrong.
  }
  return undefined;
}

export function print(result: CallToolResult, json: boolean): number {
  if (json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const text = renderContent(result.content);
    const structured = result.content.length === 0 && result.structuredContent !== undefined;
    const shown = structured ? JSON.stringify(result.structuredContent, null, 2) : text;
    if (result.isError === true) console.error(shown);
    else console.log(shown);
  }
  return result.isError === true ? EXIT.toolError : EXIT.ok;
}
