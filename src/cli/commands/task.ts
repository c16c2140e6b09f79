/**
 * `mcpkit task get|result|cancel <id>`: a task a server runs, found again by its id (from
 * `mcpkit call --task` or `--detach`): its state, its result (waiting for it), or its end.
 */
import { withSession } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import { parseCommand } from '../options.js';
import { UsageError } from '../server-target.js';
import { attachHint, followTask } from '../task-follow.js';
import { print } from './call.js';

const ACTIONS = ['get', 'result', 'cancel'] as const;

export async function runTask(args: string[]): Promise<number> {
  // `task <action> <id>` first: the id is taken as it is, even one that starts with `-`.
  const leading = ACTIONS.includes(args[0] as (typeof ACTIONS)[number]) && args[1] !== undefined && args[1] !== '--';
  const parsed = parseCommand('task', leading ? args.slice(2) : args);
  const { options, target, config } = parsed;
  const [action, taskId] = leading ? args : parsed.positionals;
  if (leading && parsed.positionals.length > 0)
    throw new UsageError(`unexpected arguments: ${parsed.positionals.join(' ')}`);
  if (!ACTIONS.includes(action as (typeof ACTIONS)[number]) || taskId === undefined)
    throw new UsageError('usage: mcpkit task get|result|cancel <task id> -- <command...> | <url>');
  if (config !== undefined || target === undefined)
    throw new UsageError('mcpkit task needs the server given directly (the one that runs the task), not --config');

  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  try {
    return await withSession(target, options, async (session) => {
      const task = session.task(taskId);
      if (action === 'cancel') {
        await task.cancel({ signal: controller.signal });
        if (options.json) console.log(JSON.stringify({ taskId, cancelled: true }));
        else if (!options.quiet) console.error(`mcpkit task: asked the server to cancel task ${taskId}`);
        return EXIT.ok;
      }
      if (action === 'get') {
        const state = await task.status({ signal: controller.signal });
        if (options.json) console.log(JSON.stringify(state, null, 2));
        else {
          console.log(`${state.taskId} ${state.status}${state.statusMessage ? `: ${state.statusMessage}` : ''}`);
          console.log(`  created ${state.createdAt}, updated ${state.lastUpdatedAt}, kept ${keptFor(state.ttlMs)}`);
        }
        return EXIT.ok;
      }
      return print(await followTask(task, taskId, controller.signal, options.quiet || options.json), options.json);
    });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    console.error(`mcpkit task: stopped following; ${attachHint(taskId)}`);
    return EXIT.interrupted;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

function keptFor(ttlMs: number | null): string {
  if (ttlMs === null) return 'as long as the server lasts';
  return ttlMs >= 60_000 ? `${Math.round(ttlMs / 60_000)} min from creation` : `${ttlMs} ms from creation`;
}
