/**
 * A server's prompts: each a button named by the prompt's name; the one chosen has a field per
 * argument (labelled by its name, required ones marked, completed by the server), and `Get`
 * shows the messages it makes, each by its role and its content's kind.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { CompletionInput } from './completion-input.js';
import { ContentBlock } from './content-view.js';
import { InspectorContext } from './context.js';
import { usePaged } from './use-paged.js';

type Argument = { name: string; title?: string; description?: string; required?: boolean };
type Prompt = { name: string; title?: string; description?: string; arguments?: Argument[] };
type Message = { role: string; content: Record<string, unknown> | Record<string, unknown>[] };

export function PromptsTab({ server }: { server: ServerState }) {
  const prompts = usePaged<Prompt>(server.id, 'prompts/list', 'prompts');
  const [chosen, setChosen] = useState<Prompt | undefined>(undefined);
  return (
    <div class="split">
      <div>
        <ul class="list" aria-label="Prompts">
          {prompts.items.map((prompt) => (
            <li key={prompt.name}>
              <button type="button" aria-pressed={chosen?.name === prompt.name} onClick={() => setChosen(prompt)}>
                {prompt.name}
              </button>
            </li>
          ))}
        </ul>
        {prompts.more && (
          <button type="button" onClick={prompts.loadMore}>
            More prompts
          </button>
        )}
        {prompts.error !== undefined && <p class="error">{prompts.error}</p>}
      </div>
      <div class="detail">
        {chosen !== undefined && <PromptForm key={chosen.name} server={server} prompt={chosen} />}
      </div>
    </div>
  );
}

function PromptForm({ server, prompt }: { server: ServerState; prompt: Prompt }) {
  const { api } = useContext(InspectorContext);
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ description?: string; messages?: Message[] } | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const get = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    try {
      const params = { name: prompt.name, arguments: args };
      setResult(await api.command('request', { server: server.id, method: 'prompts/get', params }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form aria-labelledby="prompt-title" onSubmit={(e) => void get(e)}>
      <h2 id="prompt-title">{prompt.title ?? prompt.name}</h2>
      {prompt.description !== undefined && <p>{prompt.description}</p>}
      {(prompt.arguments ?? []).map((argument) => (
        <CompletionInput
          key={argument.name}
          server={server}
          completionRef={{ type: 'ref/prompt', name: prompt.name }}
          name={argument.name}
          value={values[argument.name] ?? ''}
          required={argument.required === true}
          {...(argument.description !== undefined ? { description: argument.description } : {})}
          context={values}
          onInput={(value) => setValues((current) => ({ ...current, [argument.name]: value }))}
        />
      ))}
      <button type="submit">Get</button>
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {result !== undefined && (
        <section role="region" aria-label="Messages">
          {result.description !== undefined && <p class="muted">{result.description}</p>}
          {(result.messages ?? []).map((message, i) => (
            <article class="message" key={i} aria-label={`${message.role} message ${i + 1}`}>
              <h3>{message.role}</h3>
              {(Array.isArray(message.content) ? message.content : [message.content]).map((block, j) => (
                <ContentBlock key={j} block={block} />
              ))}
            </article>
          ))}
        </section>
      )}
    </form>
  );
}
