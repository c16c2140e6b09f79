/**
 * A server's notifications as they come: log messages (level, logger, data) and every other
 * notification by its method, newest last.
 * @module
 */
import { useContext } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

export function LogsTab({ server }: { server: ServerState }) {
  const { state } = useContext(InspectorContext);
  const logs = state.logs.filter((entry) => entry.server === server.id);
  if (logs.length === 0) return <p class="muted">No notifications yet.</p>;
  return (
    <ol class="logs" aria-label="Notifications">
      {logs.map((entry) => {
        const params = (entry.params ?? {}) as { level?: string; logger?: string; data?: unknown };
        const log = entry.method === 'notifications/message';
        return (
          <li key={entry.seq}>
            <time>{new Date(entry.time).toLocaleTimeString()}</time>{' '}
            <strong>{log ? params.level : entry.method}</strong>
            {log && params.logger !== undefined && <span class="muted"> {params.logger}</span>}{' '}
            <code>{JSON.stringify(log ? params.data : entry.params)}</code>
          </li>
        );
      })}
    </ol>
  );
}
