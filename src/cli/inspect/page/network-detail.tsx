/**
 * One message of the network view, opened: for a request and its response, the request's
 * params and the response's result or error side by side; a request the inspector sent can be
 * sent again (through the `request` command), and its new answer is shown.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';
import { formatDuration, type WireRow } from './wire-filter.js';

/** Requests that belong to the connection itself: sending them again would confuse it. */
const NOT_RESENT = new Set(['initialize', 'subscriptions/listen']);

export function NetworkDetail({ server, row, rows }: { server: ServerState; row: WireRow; rows: readonly WireRow[] }) {
  const { api } = useContext(InspectorContext);
  const [again, setAgain] = useState<{ result?: unknown; error?: string } | undefined>(undefined);
  const pair = row.pair !== undefined ? rows.find((r) => r.entry.seq === row.pair) : undefined;
  const request = row.kind === 'request' || row.kind === 'notification' ? row : pair;
  const response = request === row ? pair : row;
  const message = (request?.entry.message ?? {}) as { method?: string; params?: Record<string, unknown> };
  const resendable =
    request?.kind === 'request' && request.entry.direction === 'sent' && !NOT_RESENT.has(message.method ?? '');
  const resend = () => {
    setAgain(undefined);
    const params = { ...(message.params ?? {}) };
    delete params._meta;
    api
      .command('request', { server: server.id, method: message.method!, params })
      .then((result) => setAgain({ result }))
      .catch((e: Error) => setAgain({ error: e.message }));
  };
  return (
    <section class="detail" role="region" aria-label="Message details">
      <h2>
        {row.method ?? 'response'} {row.id !== undefined && <span class="muted">#{String(row.id)}</span>}{' '}
        <span class="muted">{formatDuration(row.duration)}</span>
      </h2>
      <div class="pair">
        <section aria-label="Request">
          <h3>{request?.kind === 'notification' ? 'Notification' : 'Request'}</h3>
          {request !== undefined ? (
            <pre tabIndex={0}>{JSON.stringify(request.entry.message, null, 2)}</pre>
          ) : (
            <p class="muted">Not seen.</p>
          )}
        </section>
        {request?.kind !== 'notification' && (
          <section aria-label="Response">
            <h3>Response</h3>
            {response !== undefined ? (
              <pre tabIndex={0}>{JSON.stringify(response.entry.message, null, 2)}</pre>
            ) : (
              <p class="muted">No response yet.</p>
            )}
          </section>
        )}
      </div>
      {resendable && (
        <button type="button" onClick={resend}>
          Send again
        </button>
      )}
      {again !== undefined && (
        <section role="region" aria-label="Answer sent again">
          {again.error !== undefined ? (
            <p class="error">{again.error}</p>
          ) : (
            <pre tabIndex={0}>{JSON.stringify(again.result, null, 2)}</pre>
          )}
        </section>
      )}
    </section>
  );
}
