/**
 * Running a tool: `Run` sends `tools/call` under a fresh call name (disabled, with the reason
 * said, while the arguments are wrong), as a task where the tool's calls must be or the user
 * chooses to (`Run as a task`, where they may be); while it runs, `Cancel` and a progress bar
 * fed by the call's progress events; then the result (or the task it became), or why the call
 * failed.
 * @module
 */
import { toolView, type ViewTool } from 'mcpkit/app-host';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { OutputCheck, ServerState } from '../protocol.js';
import type { InspectorApi } from './api.js';
import { InspectorContext } from './context.js';
import type { Problem } from './field-drafts.js';
import { AppView } from './app-view.js';
import { ResultView } from './result-view.js';
import type { PageState } from './state.js';
import { readTask } from './tasks-model.js';
import { callsAsTask, offersTask, type Tool } from './tool-list.js';

let calls = 0;

/** Whether a tool has an MCP App view (a malformed view key counts as none). */
function hasView(tool: Tool): boolean {
  try {
    return toolView(tool as ViewTool) !== undefined;
  } catch {
    return false;
  }
}

/** A call name no other call of this page has. */
function freshCall(): string {
  const random = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : String(Math.random()).slice(2);
  return `tool-${++calls}-${random}`;
}

/** The reason `Run` is disabled, in one sentence. */
export function runBlocker(problems: Problem[]): string {
  const said = problems.slice(0, 3).map((p) => `${p.path} ${p.message}`);
  const more = problems.length > 3 ? `, and ${problems.length - 3} more` : '';
  return `Cannot run yet: ${said.join('; ')}${more}.`;
}

/** What became of the latest call. */
interface Outcome {
  /** Its call name: each call has a view of its own. */
  call?: string;
  /** The arguments it was called with. */
  input?: Record<string, unknown>;
  result?: Record<string, unknown>;
  /** Its structured content against the tool's output schema, when checked. */
  output?: OutputCheck;
  failure?: string;
  /** Why it stopped, when it was cancelled from here. */
  cancelled?: string;
}

/** One tool's calls, one at a time: the running call's name, what became of the last, run and cancel. */
function useToolCall(api: InspectorApi, server: ServerState, tool: Tool) {
  const [running, setRunning] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>({});
  const [cancelling, setCancelling] = useState(false);
  const asked = useRef<string | undefined>(undefined);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const settle = (next: Outcome) => live.current && setOutcome(next);

  const run = async (args: Record<string, unknown>, asTask: boolean) => {
    if (running !== undefined) return;
    const call = freshCall();
    setRunning(call);
    setOutcome({ call, input: args });
    setCancelling(false);
    try {
      const task = asTask || callsAsTask(tool, server.info?.era);
      const params = { name: tool.name, arguments: args, ...(task && { task: {} }) };
      const { result, output } = await api.command('call', { server: server.id, params, call });
      settle({ call, input: args, result, ...(output !== undefined && { output }) });
    } catch (error) {
      // A call cancelled from here is said to be, not reported as a failure.
      const message = (error as Error).message;
      settle(
        asked.current === call ? { call, input: args, cancelled: message } : { call, input: args, failure: message },
      );
    } finally {
      if (live.current) setRunning(undefined);
    }
  };
  const cancel = () => {
    if (running === undefined) return;
    setCancelling(true);
    asked.current = running;
    api.command('cancel', { call: running }).catch((error: Error) => settle({ failure: error.message }));
  };
  return { running, outcome, cancelling, run, cancel };
}

export function RunControls(props: {
  api: InspectorApi;
  server: ServerState;
  tool: Tool;
  /** The server's tools: a view may call those whose visibility has `app`. */
  tools: readonly Tool[];
  args: { value: Record<string, unknown> } | { problems: Problem[] };
}) {
  const { state } = useContext(InspectorContext);
  const { running, outcome, cancelling, run, cancel } = useToolCall(props.api, props.server, props.tool);
  const [asTask, setAsTask] = useState(false);
  const taskOffered = offersTask(props.tool, props.server.info?.era);
  const { call, input, result, output, failure, cancelled } = outcome;
  const view = hasView(props.tool);
  const args = props.args;
  const blocker = 'problems' in props.args ? runBlocker(props.args.problems) : undefined;
  const progress = running === undefined ? undefined : state.progress[running];
  // When the call ends, Cancel goes: focus on it (or lost with it) comes back to Run.
  const runButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (running === undefined && lost) runButton.current?.focus();
  }, [running]);
  return (
    <>
      <div class="run-bar">
        <button
          ref={runButton}
          type="submit"
          class="primary"
          disabled={blocker !== undefined || running !== undefined}
          aria-describedby={blocker !== undefined ? 'run-blocker' : undefined}
          onClick={() => 'value' in args && void run(args.value, taskOffered && asTask)}
        >
          Run
        </button>
        {taskOffered && (
          <label class="inline">
            <input
              type="checkbox"
              checked={asTask}
              onChange={(e) => setAsTask((e.target as HTMLInputElement).checked)}
            />{' '}
            Run as a task
          </label>
        )}
        {running !== undefined && (
          <button type="button" onClick={cancel} disabled={cancelling}>
            Cancel
          </button>
        )}
        {blocker !== undefined && (
          <p id="run-blocker" class="muted run-blocker">
            {blocker}
          </p>
        )}
      </div>
      {running !== undefined && <RunProgress progress={progress} cancelling={cancelling} />}
      {cancelled !== undefined && (
        <p role="status" class="muted">
          Cancelled ({cancelled}).
        </p>
      )}
      {failure !== undefined && (
        <p role="alert" class="error">
          The call failed: {failure}
        </p>
      )}
      {view && input !== undefined && (
        <AppView key={call} server={props.server} tool={props.tool} tools={props.tools} input={input} result={result} />
      )}
      {result !== undefined && <CallResult result={result} output={output} />}
    </>
  );
}

/** A call's result; or, where the call became a task, the task, to follow in the Tasks tab. */
function CallResult({ result, output }: { result: Record<string, unknown>; output: OutputCheck | undefined }) {
  const task = Array.isArray(result.content) ? undefined : readTask(result);
  if (task === undefined) return <ResultView result={result} {...(output !== undefined && { output })} />;
  return (
    <p role="status" class="notice">
      The call became the task <code>{task.taskId}</code> ({task.status}): follow it in the Tasks tab.
    </p>
  );
}

/** The running call's progress: a bar (without a total, one that only says it runs) and its message. */
function RunProgress({
  progress,
  cancelling,
}: {
  progress: PageState['progress'][string] | undefined;
  cancelling: boolean;
}) {
  return (
    <div class="run-progress">
      {progress?.total !== undefined && progress.total > 0 ? (
        <progress aria-label="Progress" value={progress.progress} max={progress.total} />
      ) : (
        <progress aria-label="Progress" />
      )}
      <p role="status" class="muted">
        {cancelling
          ? 'Cancelling…'
          : (progress?.message ?? (progress !== undefined ? progressWords(progress) : 'Running…'))}
      </p>
    </div>
  );
}

/** Progress without a message, in words: how far, of how much when the total is known. */
function progressWords(progress: PageState['progress'][string]): string {
  return progress.total !== undefined ? `${progress.progress} of ${progress.total}` : `${progress.progress}`;
}
