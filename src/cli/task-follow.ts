/**
 * Following a task from the command line: its status messages as they change (on a terminal,
 * as the label of a spinning bar), until it ends; Ctrl-C stops following, not the task.
 * @module
 */
import type { CallToolResult } from 'mcpkit';
import type { TaskState, ToolTask } from 'mcpkit/client';
import { ProgressBar } from './terminal/index.js';

/** Waits for `task`'s result, showing its states unless `quiet`. */
export async function followTask(
  task: ToolTask,
  label: string,
  signal: AbortSignal,
  quiet: boolean,
): Promise<CallToolResult> {
  const bar = new ProgressBar({ label });
  let shown = '';
  const onStatus = (state: TaskState) => {
    if (quiet) return;
    const line = `${state.status}${state.statusMessage ? `: ${state.statusMessage}` : ''}`;
    if (line === shown) return;
    shown = line;
    if (!bar.active) return console.error(`  task ${task.taskId} ${line}`);
    // The task is about to ask (a form in the terminal): the line makes room for it.
    if (state.status === 'input_required') return bar.clear();
    // The extension reports progress as a status message: the bar shows it with no count.
    bar.update({ progress: Number.NaN, message: line });
  };
  try {
    return await task.result({ signal, onStatus });
  } finally {
    bar.done();
  }
}

/** What to run to pick a detached task up again. */
export function attachHint(taskId: string): string {
  return `the task goes on: \`mcpkit task result ${taskId}\` (with the same server) waits for it, \`mcpkit task cancel ${taskId}\` ends it`;
}
