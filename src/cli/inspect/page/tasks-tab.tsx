/**
 * A server's tasks: those listed (`tasks/list`, 2025-11-25) and those seen (answers that became
 * tasks, status notifications of either era), each with its status, `Result` and `Cancel` while
 * it runs. Status notifications update the list as they come.
 * @module
 */
import { useContext, useEffect, useState } from 'preact/hooks';
import { ResultView } from './result-view.js';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';
import { gatherTasks, isTerminal, taskSupport, type TaskView } from './tasks-model.js';

export function TasksTab({ server }: { server: ServerState }) {
  const { api, state } = useContext(InspectorContext);
  const support = taskSupport(server);
  const [error, setError] = useState<string | undefined>(undefined);
  const list = () => {
    setError(undefined);
    if (!support?.list) return;
    void api.command('request', { server: server.id, method: 'tasks/list' }).catch((e: Error) => setError(e.message));
  };
  useEffect(list, [server.id]);
  const tasks = gatherTasks(server.id, state.wire, state.logs);
  return (
    <div>
      <div class="actions">
        {support?.list && (
          <button type="button" onClick={list}>
            List tasks
          </button>
        )}
      </div>
      {support?.extension && !support.list && (
        <p class="muted">This server's tasks come from requests that became tasks; it has no list of them.</p>
      )}
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {tasks.length === 0 ? (
        <p class="muted">No tasks yet.</p>
      ) : (
        <ul class="tasks" aria-label="Tasks">
          {tasks.map((task) => (
            <TaskItem key={task.taskId} server={server} task={task} cancel={support?.cancel ?? false} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TaskItem({ server, task, cancel }: { server: ServerState; task: TaskView; cancel: boolean }) {
  const { api } = useContext(InspectorContext);
  const [result, setResult] = useState<unknown>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const ask = (method: string) =>
    api.command('request', { server: server.id, method, params: { taskId: task.taskId } });
  const showResult = () => {
    setError(undefined);
    if (task.result !== undefined || task.error !== undefined) return setResult(task.result ?? { error: task.error });
    const method = server.info?.era === 'stateless' ? 'tasks/get' : 'tasks/result';
    void ask(method)
      .then((answer) => setResult(method === 'tasks/get' ? (answer.result ?? answer.error ?? answer) : answer))
      .catch((e: Error) => setError(e.message));
  };
  const terminal = isTerminal(task.status);
  return (
    <li class="task" aria-label={`Task ${task.taskId}`}>
      <p>
        <code>{task.taskId}</code> <strong class={`status status-${task.status}`}>{task.status}</strong>
        {task.statusMessage !== undefined && <span> {task.statusMessage}</span>}
        {task.createdAt !== undefined && <span class="muted"> created {task.createdAt}</span>}
      </p>
      <div class="actions">
        <button type="button" onClick={() => void ask('tasks/get').catch((e: Error) => setError(e.message))}>
          Refresh
        </button>
        <button type="button" onClick={showResult}>
          Result
        </button>
        {cancel && !terminal && (
          <button type="button" onClick={() => void ask('tasks/cancel').catch((e: Error) => setError(e.message))}>
            Cancel task
          </button>
        )}
      </div>
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {result !== undefined && (
        <section role="region" aria-label={`Result of ${task.taskId}`}>
          {/* A tool's task ends with a tool's result: shown as the Tools tab shows one. */}
          {Array.isArray((result as { content?: unknown }).content) ? (
            <ResultView result={result as Record<string, unknown>} />
          ) : (
            <pre tabIndex={0}>{JSON.stringify(result, null, 2)}</pre>
          )}
        </section>
      )}
    </li>
  );
}
