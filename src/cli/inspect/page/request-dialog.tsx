/**
 * A server's request waiting for the user: an elicitation (`Accept`, `Decline`, `Cancel`) or a
 * sampling request (the model's reply typed in `Response`, then `Send`), in a modal `dialog`.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { PendingRequest } from '../protocol.js';
import { InspectorContext } from './context.js';

export function RequestDialog({ request }: { request: PendingRequest }) {
  const { api } = useContext(InspectorContext);
  const dialog = useRef<HTMLDialogElement>(null);
  const [reply, setReply] = useState('');
  useEffect(() => {
    if (dialog.current?.open === false) dialog.current.showModal();
  }, [request.id]);
  const respond = (result: Record<string, unknown>) => void api.command('respond', { id: request.id, result });
  const message = typeof request.params.message === 'string' ? request.params.message : undefined;
  return (
    <dialog ref={dialog} aria-labelledby="request-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="request-title">
        {request.kind === 'sampling' ? 'The server asks for a model’s reply' : 'The server asks'}
      </h2>
      {message !== undefined && <p>{message}</p>}
      <pre>{JSON.stringify(request.params, null, 2)}</pre>
      {request.kind === 'sampling' ? (
        <>
          <label>
            Response
            <textarea value={reply} onInput={(e) => setReply((e.target as HTMLTextAreaElement).value)} />
          </label>
          <button
            type="button"
            onClick={() => respond({ role: 'assistant', content: { type: 'text', text: reply }, model: 'inspector' })}
          >
            Send
          </button>
        </>
      ) : (
        <div class="actions">
          <button type="button" onClick={() => respond({ action: 'accept', content: {} })}>
            Accept
          </button>
          <button type="button" onClick={() => respond({ action: 'decline' })}>
            Decline
          </button>
          <button type="button" onClick={() => respond({ action: 'cancel' })}>
            Cancel
          </button>
        </div>
      )}
    </dialog>
  );
}
