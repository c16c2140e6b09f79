/**
 * A server's notifications as they come: log messages (level, logger, data) and every other
 * notification by its method, newest last; and, where the server offers logging, the level it
 * should log from: sent with `logging/setLevel` (2025-11-25), or from 2026-07-28, which keeps no
 * session, in the `_meta` of every request to the server from then on.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export function LogsTab({ server }: { server: ServerState }) {
  const { state } = useContext(InspectorContext);
  const logs = state.logs.filter((entry) => entry.server === server.id);
  const levels = server.info?.capabilities.logging !== undefined;
  return (
    <div>
      {levels && <LevelSelect server={server} />}
      {logs.length === 0 ? (
        <p class="muted">No notifications yet.</p>
      ) : (
        <ol class="logs" aria-label="Notifications" aria-live="polite">
          {logs.map((entry) => {
            const params = (entry.params ?? {}) as { level?: string; logger?: string; data?: unknown };
            const log = entry.method === 'notifications/message';
            return (
              <li key={entry.seq} class={log ? `level-${params.level}` : undefined}>
                <time>{new Date(entry.time).toLocaleTimeString()}</time>{' '}
                <strong>{log ? params.level : entry.method}</strong>
                {log && params.logger !== undefined && <span class="muted"> {params.logger}</span>}{' '}
                <code>{JSON.stringify(log ? params.data : entry.params)}</code>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** The `_meta` member that carries a request's log level since 2026-07-28. */
const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

function LevelSelect({ server }: { server: ServerState }) {
  const { api } = useContext(InspectorContext);
  const level = server.logLevel ?? '';
  const stateless = server.info?.era === 'stateless';
  const [error, setError] = useState<string | undefined>(undefined);
  const choose = (next: string) => {
    setError(undefined);
    api
      .command('request', { server: server.id, method: 'logging/setLevel', params: { level: next } })
      .catch((e: Error) => setError(e.message));
  };
  return (
    <div class="actions">
      <span class="control">
        <label for="logging-level">Logging level</label>{' '}
        <select
          id="logging-level"
          value={level}
          aria-describedby={stateless ? 'logging-level-how' : undefined}
          onChange={(e) => choose((e.target as HTMLSelectElement).value)}
        >
          <option value="" disabled>
            {stateless ? 'none' : "the server's own"}
          </option>
          {LEVELS.map((name) => (
            <option value={name}>{name}</option>
          ))}
        </select>
      </span>
      {stateless && (
        <p class="muted" id="logging-level-how">
          {level === ''
            ? 'No level is sent: this server sends no log messages until one is chosen.'
            : `Sent as ${LOG_LEVEL_META} in the _meta of every request to this server; its log messages come while a request is served.`}
        </p>
      )}
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}
