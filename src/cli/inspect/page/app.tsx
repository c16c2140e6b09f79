/**
 * The page: the servers inspected (a switcher when there are several), the one selected with
 * its tabs, a form to connect a first server or another, and the dialog for a server's request waiting for an
 * answer. Its state is the inspector's: loaded once, then kept by the event stream.
 * @module
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { InspectorApi } from './api.js';
import { ConnectForm } from './connect-form.js';
import { InspectorContext } from './context.js';
import { RequestDialog } from './request-dialog.js';
import { ServerView } from './server-view.js';
import { applyEvent, applyLoaded, EMPTY, type PageState } from './state.js';

export function App({ api }: { api: InspectorApi }) {
  const [state, setState] = useState<PageState>(EMPTY);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [connecting, setConnecting] = useState(false);

  useEffect(() => {
    const stop = new AbortController();
    const load = async () => {
      const loaded = await api.command('state', {});
      setState((current) => applyLoaded(current, loaded));
    };
    api
      .listen(
        (event) => setState((current) => applyEvent(current, event)),
        () => void load().catch((error: Error) => setFailure(error.message)),
        stop.signal,
      )
      .catch((error: Error) => setFailure(error.message));
    return () => stop.abort();
  }, [api]);

  // A server being connected that waits for the user to authorize is shown, whatever else is.
  const authorizing = state.servers.find(
    (s) => s.status === 'connecting' && s.auth !== undefined && s.auth.status !== 'done' && s.auth.status !== 'failed',
  );
  const server = authorizing ?? state.servers.find((s) => s.id === selected) ?? state.servers[0];
  const value = useMemo(() => ({ api, state }), [api, state]);
  return (
    <InspectorContext.Provider value={value}>
      <header class="bar">
        <span class="brand">mcpkit inspect</span>
        {state.servers.length > 1 && (
          <span class="control">
            <label for="server-switcher">Server</label>{' '}
            <select
              id="server-switcher"
              value={server?.id}
              onChange={(e) => setSelected((e.target as HTMLSelectElement).value)}
            >
              {state.servers.map((s) => (
                <option value={s.id}>{s.info?.name ?? s.label}</option>
              ))}
            </select>
          </span>
        )}
        {state.servers.length > 0 && !connecting && (
          <button type="button" onClick={() => setConnecting(true)}>
            Connect another
          </button>
        )}
      </header>
      <main>
        {failure !== undefined && (
          <p role="alert" class="error">
            {failure}
          </p>
        )}
        {server === undefined || (connecting && authorizing === undefined) ? (
          <ConnectForm
            onConnected={(id) => {
              setSelected(id);
              setConnecting(false);
            }}
            {...(server !== undefined ? { onClose: () => setConnecting(false) } : {})}
          />
        ) : (
          <ServerView key={server.id} server={server} />
        )}
      </main>
      {state.pending[0] !== undefined && <RequestDialog key={state.pending[0].id} request={state.pending[0]} />}
    </InspectorContext.Provider>
  );
}
