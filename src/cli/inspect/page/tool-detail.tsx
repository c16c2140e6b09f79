/**
 * The chosen tool: its name, title, hints, icons and description (markdown), the form of its
 * arguments (or raw JSON), `Run` (disabled with the reason while an argument is wrong), and
 * while it runs a progress bar and `Cancel`; then its result.
 * @module
 */
import { useContext, useMemo, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';
import { argumentsOf, draftOf, initialDraft, partialArguments, rawArguments, type Draft } from './field-drafts.js';
import { JsonView } from './json-view.js';
import { Markdown } from './markdown.js';
import { formOf, freeForm } from './schema-fields.js';
import { SchemaForm } from './schema-form.js';
import { RunControls } from './run-controls.js';
import { hintWords, toolIcons, toolTitle, type Tool } from './tool-list.js';
import './tools.css';

export function ToolDetail({ server, tool, tools }: { server: ServerState; tool: Tool; tools: readonly Tool[] }) {
  const { api } = useContext(InspectorContext);
  const form = useMemo(() => formOf(tool.inputSchema), [tool]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(form));
  // Arguments without fixed fields start as raw JSON.
  const [raw, setRaw] = useState<string | undefined>(() => (freeForm(tool.inputSchema) ? '{}' : undefined));
  const [rawProblem, setRawProblem] = useState<string | undefined>(undefined);
  const args = raw === undefined ? argumentsOf(form, draft) : rawArguments(raw);

  const toggleRaw = () => {
    setRawProblem(undefined);
    if (raw === undefined) return setRaw(JSON.stringify(partialArguments(form, draft), null, 2));
    const typed = rawArguments(raw);
    if ('problems' in typed) return setRawProblem(`The arguments ${typed.problems[0]!.message}.`);
    const made = draftOf(form, typed.value);
    if ('error' in made) return setRawProblem(`The form cannot show these arguments: ${made.error}.`);
    setDraft(made.draft);
    setRaw(undefined);
  };

  return (
    <div class="detail tool-detail">
      <ToolHeader tool={tool} />
      <form class="tool-form" aria-label={`Arguments of ${tool.name}`} onSubmit={(e) => e.preventDefault()} noValidate>
        <div class="form-bar">
          <h3>Arguments</h3>
          {form.fields.some((f) => f.required) && <span class="muted">* required</span>}
          <button type="button" aria-pressed={raw !== undefined} onClick={toggleRaw}>
            Raw JSON
          </button>
        </div>
        {rawProblem !== undefined && (
          <p role="alert" class="error">
            {rawProblem}
          </p>
        )}
        {raw !== undefined ? (
          <label class="field">
            Arguments as JSON
            <textarea
              class="raw-json"
              value={raw}
              spellcheck={false}
              onInput={(e) => setRaw((e.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
        ) : form.fields.length === 0 ? (
          <p class="muted">This tool takes no arguments.</p>
        ) : (
          <SchemaForm form={form} draft={draft} onChange={setDraft} />
        )}
        <RunControls api={api} server={server} tool={tool} tools={tools} args={args} />
      </form>
    </div>
  );
}

function ToolHeader({ tool }: { tool: Tool }) {
  const title = toolTitle(tool);
  const hints = hintWords(tool);
  const icons = toolIcons(tool);
  return (
    <header class="tool-header">
      <h2>
        {icons.shown.slice(0, 1).map((icon) => (
          <img class="tool-icon" src={icon.src} alt="" />
        ))}
        {title ?? tool.name}
      </h2>
      {title !== undefined && (
        <p class="muted">
          <code>{tool.name}</code>
        </p>
      )}
      {hints.length > 0 && (
        <ul class="badges" aria-label="Hints">
          {hints.map((hint) => (
            <li class={`badge badge-${hint.replace(/\s+/g, '-')}`}>{hint}</li>
          ))}
        </ul>
      )}
      {icons.named.length > 0 && (
        <p class="muted">Icons not shown (the page shows only data: images): {icons.named.join(', ')}</p>
      )}
      {tool.description !== undefined && <Markdown text={tool.description} label="Description" />}
      <details>
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema ?? {}} label="Input schema" />
      </details>
      {tool.outputSchema !== undefined && (
        <details>
          <summary>Output schema</summary>
          <JsonView value={tool.outputSchema} label="Output schema" />
        </details>
      )}
    </header>
  );
}
