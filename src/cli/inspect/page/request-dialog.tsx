/**
 * A server's request waiting for the user, in a modal `dialog` with a heading and the focus
 * inside: an elicitation (a form from its schema, or a URL to open; `Accept`, `Decline`,
 * `Cancel`, and Escape cancels), a sampling request (its messages, the model's reply typed in
 * `Response`, then `Send`; or `Reject`, and Escape rejects, which answers with the error -1), or
 * a request for the client's roots. Focus goes back where it was when the dialog closes.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { AnswerError, PendingRequest } from '../protocol.js';
import { InspectorContext } from './context.js';
import { ElicitationActions, ElicitationForm } from './elicitation-form.js';
import { SamplingForm, type Answer } from './sampling-form.js';

/** What a sampling request the user rejects is answered with (the spec's example, 2025-11-25). */
export const SAMPLING_REJECTED: AnswerError = { code: -1, message: 'User rejected sampling request' };

const TITLES = {
  elicitation: 'The server asks you',
  sampling: 'The server asks for a model’s reply',
  roots: 'The server asks for your roots',
};

/**
 * The focus back where it was before the dialog. A control disabled meanwhile (`Run`, while the
 * call that asked runs) cannot take it: then the first enabled button beside it does (`Cancel`).
 */
function focusBack(before: HTMLElement | null): void {
  if (before === null) return;
  if (!(before as HTMLButtonElement).disabled) return before.focus();
  const beside = before.parentElement?.querySelector<HTMLButtonElement>('button:not([disabled])');
  (beside ?? before).focus();
}

export function RequestDialog({ request }: { request: PendingRequest }) {
  const { api, state } = useContext(InspectorContext);
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    if (dialog.current?.open === false) dialog.current.showModal();
    return () => focusBack(before);
  }, []);
  const send = (answer: { result: Record<string, unknown> } | { error: AnswerError }) => {
    setBusy(true);
    setError(undefined);
    api
      .command('respond', { id: request.id, ...answer })
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  const respond: Answer = (result) => send({ result });
  const reject = () => send({ error: SAMPLING_REJECTED });
  const onCancel = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (request.kind === 'elicitation') respond({ action: 'cancel' });
    if (request.kind === 'sampling') reject();
  };
  const server = state.servers.find((s) => s.id === request.server);
  const message = typeof request.params.message === 'string' ? request.params.message : undefined;
  return (
    <dialog ref={dialog} aria-labelledby="request-title" aria-describedby="request-from" onCancel={onCancel}>
      <h2 id="request-title">{TITLES[request.kind]}</h2>
      <p id="request-from" class="muted">
        From {server?.info?.name ?? server?.label ?? request.server}
      </p>
      {message !== undefined && <p class="pre">{message}</p>}
      {request.kind === 'elicitation' &&
        (request.params.mode === 'url' ? (
          <UrlRequest url={String(request.params.url ?? '')} respond={respond} busy={busy} />
        ) : (
          <ElicitationForm schema={request.params.requestedSchema} respond={respond} busy={busy} />
        ))}
      {request.kind === 'sampling' && (
        <SamplingForm id={request.id} params={request.params} respond={respond} reject={reject} busy={busy} />
      )}
      {request.kind === 'roots' && <RootsRequest respond={respond} busy={busy} />}
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </dialog>
  );
}

/** Elicitation in URL mode: the URL to open (only web addresses become links), and the answers. */
function UrlRequest({ url, respond, busy }: { url: string; respond: Answer; busy: boolean }) {
  const web = /^https?:\/\//i.test(url);
  return (
    <>
      <p>
        {web ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open {url}
          </a>
        ) : (
          <code>{url}</code>
        )}
      </p>
      <ElicitationActions respond={respond} busy={busy} onAccept={() => respond({ action: 'accept' })} />
    </>
  );
}

/** The client's roots, as `file://` URIs one a line. */
function RootsRequest({ respond, busy }: { respond: Answer; busy: boolean }) {
  const [text, setText] = useState('');
  const roots = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((uri) => ({ uri, name: uri.replace(/\/+$/, '').split('/').pop() || uri }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        respond({ roots });
      }}
    >
      <label>
        Roots (one file:// URI a line)
        <textarea value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
      </label>
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}
