/**
 * A server's sampling request, answered in the dialog: its system prompt and messages, each by
 * role and content; the reply typed in `Response`, then `Send`; or `Reject`. Where the inspector
 * has a model (`MCPKIT_PROVIDER`), `Ask <model>` drafts the reply: its text goes into `Response`
 * to send or edit, and `Send the model's answer` sends the model's answer as it came (tool uses
 * included).
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import { ContentBlock } from './content-view.js';
import { InspectorContext } from './context.js';

export type Answer = (result: Record<string, unknown>) => void;

type SamplingMessage = { role: string; content: Record<string, unknown> | Record<string, unknown>[] };

/** The text of an answer's content blocks, joined. */
export function answerText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [result.content];
  return content
    .flatMap((block) => {
      const b = block as { type?: unknown; text?: unknown } | null;
      return b?.type === 'text' && typeof b.text === 'string' ? [b.text] : [];
    })
    .join('\n');
}

export function SamplingForm(props: {
  id: string;
  params: Record<string, unknown>;
  respond: Answer;
  reject: () => void;
  busy: boolean;
}) {
  const { params, respond, busy } = props;
  const { api, state } = useContext(InspectorContext);
  const [reply, setReply] = useState('');
  const [drafted, setDrafted] = useState<Record<string, unknown> | undefined>(undefined);
  const [asking, setAsking] = useState<string | undefined>(undefined);
  const messages = (Array.isArray(params.messages) ? params.messages : []) as SamplingMessage[];
  const ask = () => {
    setAsking('Asking the model…');
    api
      .command('draft', { id: props.id })
      .then(({ result }) => {
        setDrafted(result);
        setReply(answerText(result));
        setAsking(undefined);
      })
      .catch((e: Error) => setAsking(`The model did not answer: ${e.message}`));
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        respond({ role: 'assistant', content: { type: 'text', text: reply }, model: 'inspector' });
      }}
    >
      {typeof params.systemPrompt === 'string' && (
        <p>
          <strong>System:</strong> <span class="pre">{params.systemPrompt}</span>
        </p>
      )}
      <section aria-label="Messages" class="messages">
        {messages.map((message, i) => (
          <article class="message" key={i} aria-label={`${message.role} message ${i + 1}`}>
            <h3>{message.role}</h3>
            {(Array.isArray(message.content) ? message.content : [message.content]).map((block, j) => (
              <ContentBlock key={j} block={block ?? {}} />
            ))}
          </article>
        ))}
      </section>
      {typeof params.maxTokens === 'number' && <p class="muted">At most {params.maxTokens} tokens.</p>}
      <label>
        Response
        <textarea value={reply} onInput={(e) => setReply((e.target as HTMLTextAreaElement).value)} />
      </label>
      {asking !== undefined && (
        <p role="status" class="muted">
          {asking}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          Send
        </button>
        {state.model !== undefined && (
          <button type="button" disabled={busy || asking === 'Asking the model…'} onClick={ask}>
            Ask {state.model}
          </button>
        )}
        {drafted !== undefined && (
          <button type="button" disabled={busy} onClick={() => respond(drafted)}>
            Send the model’s answer
          </button>
        )}
        <button type="button" disabled={busy} onClick={props.reject}>
          Reject
        </button>
      </div>
    </form>
  );
}
