/**
 * Running a tool: `Run` sends `tools/call` under a fresh call name (disabled, with the reason
 * said, while the arguments are wrong); while it runs, `Cancel` and a progress bar fed by the
 * call's progress events; then the result, or why the call failed.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import type { InspectorApi } from './api.js';
import { InspectorContext } from './context.js';
import type { Problem } from './field-drafts.js';
import { ResultView } from './result-view.js';
import type { PageState } from './state.js';
import type { Tool } from './tool-list.js';

let calls = 0;

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

export function RunControls(props: {
  api: InspectorApi;
  server: ServerState;
  tool: Tool;
  args: { value: Record<string, unknown> } | { problems: Problem[] };
}) {
  const { state } = useContext(InspectorContext);
  const [running, setRunning] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<Record<string, unknown> | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [cancelling, setCancelling] = useState(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const run = async () => {
    if (!('value' in props.args) || running !== undefined) return;
    const call = freshCall();
    setRunning(call);
    setFailure(undefined);
    setResult(undefined);
    setCancelling(false);
    try {
      const params = { name: props.tool.name, arguments: props.args.value };
      const answer = await props.api.command('request', {
        server: props.server.id,
        method: 'tools/call',
        params,
        call,
      });
      if (live.current) setResult(answer);
    } catch (error) {
      if (live.current) setFailure((error as Error).message);
    } finally {
      if (live.current) setRunning(undefined);
    }
  };
  const cancel = () => {
    if (running === undefined) return;
    setCancelling(true);
    props.api.command('cancel', { call: running }).catch((error: Error) => live.current && setFailure(error.message));
  };

  const blocker = 'problems' in props.args ? runBlocker(props.args.problems) : undefined;
  const progress = running === undefined ? undefined : state.progress[running];
  return (
    <>
      <div class="run-bar">
        <button
          type="submit"
          class="primary"
          disabled={blocker !== undefined || running !== undefined}
          aria-describedby={blocker !== undefined ? 'run-blocker' : undefined}
          onClick={() => void run()}
        >
          Run
        </button>
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
      {failure !== undefined && (
        <p role="alert" class="error">
          The call failed: {failure}
        </p>
      )}
      {result !== undefined && <ResultView result={result} />}
    </>
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
          : (progress?.message ?? (progress !== undefined ? `${progress.progress}` : 'Running…'))}
      </p>
    </div>
  );
}
