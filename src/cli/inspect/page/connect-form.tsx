/**
 * Connecting to a server from the page: a command (stdio: the command, its arguments, its
 * environment as `KEY=VALUE` lines, its directory) or a URL (HTTP: headers as `Name: value`
 * lines; the transport found, Streamable HTTP or else HTTP+SSE, or the one chosen), and the
 * era. Starting a command needs the token like every request, and the inspector echoes it in
 * its terminal.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { EraChoice } from '../protocol.js';
import { EMPTY_DRAFT, targetOf, type ConnectDraft } from './connect-target.js';
import { InspectorContext } from './context.js';

export function ConnectForm({ onConnected, onClose }: { onConnected: (id: string) => void; onClose?: () => void }) {
  const { api } = useContext(InspectorContext);
  const [draft, setDraft] = useState<ConnectDraft>(EMPTY_DRAFT);
  const [era, setEra] = useState<EraChoice>('auto');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<ConnectDraft>) => setDraft((current) => ({ ...current, ...change }));
  const text = (key: TextKey) => ({
    value: draft[key],
    onInput: (e: Event) => set({ [key]: (e.target as HTMLInputElement).value }),
  });
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const target = targetOf(draft);
      setBusy(true);
      const { server } = await api.command('connect', { target, era });
      onConnected(server.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="connect" onSubmit={(e) => void submit(e)} aria-labelledby="connect-title">
      <h1 id="connect-title">Connect to a server</h1>
      <span class="control">
        <label for="connect-transport">Transport</label>{' '}
        <select
          id="connect-transport"
          value={draft.kind}
          onChange={(e) => set({ kind: (e.target as HTMLSelectElement).value as 'stdio' })}
        >
          <option value="stdio">stdio (a command)</option>
          <option value="http">HTTP (a URL)</option>
        </select>
      </span>
      {draft.kind === 'stdio' ? <StdioFields text={text} /> : <HttpFields text={text} draft={draft} set={set} />}
      <span class="control">
        <label for="connect-era">Era</label>{' '}
        <select
          id="connect-era"
          value={era}
          onChange={(e) => setEra((e.target as HTMLSelectElement).value as EraChoice)}
        >
          <option value="auto">automatic</option>
          <option value="2025-11-25">2025-11-25</option>
          <option value="2026-07-28">2026-07-28</option>
        </select>
      </span>
      <div class="actions">
        <button type="submit" disabled={busy}>
          Connect
        </button>
        {onClose !== undefined && (
          <button type="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}

/** The draft's text fields. */
type TextKey = { [K in keyof ConnectDraft]: ConnectDraft[K] extends string ? K : never }[keyof ConnectDraft];
type TextProps = (key: TextKey) => { value: string; onInput: (e: Event) => void };

function StdioFields({ text }: { text: TextProps }) {
  return (
    <>
      <label>
        Command <input required {...text('command')} />
      </label>
      <label>
        Arguments <input {...text('args')} />
      </label>
      <label>
        Environment (KEY=VALUE, one a line)
        <textarea {...text('env')} />
      </label>
      <label>
        Working directory <input {...text('cwd')} />
      </label>
    </>
  );
}

function HttpFields(props: { text: TextProps; draft: ConnectDraft; set: (change: Partial<ConnectDraft>) => void }) {
  return (
    <>
      <label>
        URL <input type="url" required {...props.text('url')} />
      </label>
      <label>
        Headers (Name: value, one a line)
        <textarea {...props.text('headers')} />
      </label>
      <span class="control">
        <label for="connect-http-transport">HTTP transport</label>{' '}
        <select
          id="connect-http-transport"
          value={props.draft.transport}
          onChange={(e) => props.set({ transport: (e.target as HTMLSelectElement).value as 'sse' })}
        >
          <option value="auto">automatic (Streamable HTTP, else HTTP+SSE)</option>
          <option value="streamable">Streamable HTTP</option>
          <option value="sse">HTTP+SSE (2024-11-05)</option>
        </select>
      </span>
      <fieldset>
        <legend>OAuth, if the server asks for it</legend>
        <label class="inline">
          <input
            type="checkbox"
            checked={props.draft.stepThrough}
            onChange={(e) => props.set({ stepThrough: (e.target as HTMLInputElement).checked })}
          />{' '}
          Step through authorization
        </label>
        <label>
          Client ID (registered beforehand; empty to register) <input {...props.text('clientId')} />
        </label>
        <label>
          Client secret <input type="password" autocomplete="off" {...props.text('clientSecret')} />
        </label>
      </fieldset>
    </>
  );
}
