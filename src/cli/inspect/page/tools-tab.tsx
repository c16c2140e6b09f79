/**
 * A server's tools: every page of `tools/list`, a filter by name, title and description, and
 * each tool a button named by its name (its title and hints beside it); the chosen one opens
 * with its form, `Run` and result. A `tools/list_changed` notification offers a refresh.
 * @module
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';
import { ToolDetail } from './tool-detail.js';
import { filterTools, hintWords, listAll, toolIcons, toolTitle, type Tool } from './tool-list.js';
import './tools.css';

export function ToolsTab({ server }: { server: ServerState }) {
  const { api, state } = useContext(InspectorContext);
  const [tools, setTools] = useState<Tool[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [loadedAfter, setLoadedAfter] = useState(0);
  const offered = server.info === undefined || server.info.capabilities.tools !== undefined;
  // The last log line when the list was asked for: a list_changed after it offers a refresh.
  const lastLog = useRef(0);
  lastLog.current = state.logs.at(-1)?.seq ?? 0;

  const load = useCallback(() => {
    setError(undefined);
    setLoadedAfter(lastLog.current);
    const page = (cursor: string | undefined) =>
      api.command('request', {
        server: server.id,
        method: 'tools/list',
        ...(cursor !== undefined ? { params: { cursor } } : {}),
      });
    listAll(page).then(setTools, (e: Error) => setError(e.message));
  }, [api, server.id]);
  useEffect(() => {
    if (offered) load();
  }, [load, offered]);

  if (!offered) return <p class="muted">This server offers no tools.</p>;
  const changed = state.logs.some(
    (l) => l.server === server.id && l.method === 'notifications/tools/list_changed' && l.seq > loadedAfter,
  );
  const shown = filterTools(tools ?? [], query);
  const tool = tools?.find((t) => t.name === chosen);
  return (
    <div class="split tools-tab">
      <div class="tool-pane">
        <input
          type="search"
          class="tool-filter"
          aria-label="Filter tools"
          placeholder="Filter by name, title or description"
          value={query}
          onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
        />
        <p class="muted tool-count" role="status">
          {tools === undefined ? 'Loading tools…' : countWords(shown.length, tools.length, query)}
        </p>
        {changed && (
          <p class="notice">
            The server's tools changed.{' '}
            <button type="button" onClick={load}>
              Refresh tools
            </button>
          </p>
        )}
        {error !== undefined && (
          <p role="alert" class="error">
            Cannot list the tools: {error}
          </p>
        )}
        <ul class="list tool-list" aria-label="Tools">
          {shown.map((t) => (
            <ToolButton key={t.name} tool={t} pressed={t.name === chosen} onChoose={() => setChosen(t.name)} />
          ))}
        </ul>
      </div>
      {tool !== undefined ? (
        <ToolDetail key={detailKey(server, tool)} server={server} tool={tool} tools={tools ?? []} />
      ) : (
        <p class="muted">Choose a tool to see its arguments and run it.</p>
      )}
    </div>
  );
}

/** A new form for another tool, or for the same tool once its schema changed. */
function detailKey(server: ServerState, tool: Tool): string {
  return `${server.id}\n${tool.name}\n${JSON.stringify(tool.inputSchema ?? null)}`;
}

function countWords(shown: number, all: number, query: string): string {
  const tools = `${all} tool${all === 1 ? '' : 's'}`;
  return query.trim() === '' ? tools : `${shown} of ${tools} match`;
}

/** A tool's button, named by its name alone; its title and hints describe it. */
function ToolButton({ tool, pressed, onChoose }: { tool: Tool; pressed: boolean; onChoose: () => void }) {
  const title = toolTitle(tool);
  const hints = hintWords(tool);
  const icon = toolIcons(tool).shown[0];
  const about = `tool-about-${encodeURIComponent(tool.name)}`;
  const described = title !== undefined || hints.length > 0;
  return (
    <li>
      <button
        type="button"
        class="tool-button"
        aria-pressed={pressed}
        aria-describedby={described ? about : undefined}
        onClick={onChoose}
      >
        {icon !== undefined && <img class="tool-icon" src={icon.src} alt="" />}
        <span class="tool-name">{tool.name}</span>
        {described && (
          <span id={about} class="tool-about" aria-hidden="true">
            {title !== undefined && <span class="tool-title">{title}</span>}
            {hints.map((hint) => (
              <span class={`badge badge-${hint.replace(/\s+/g, '-')}`}>{hint}</span>
            ))}
          </span>
        )}
      </button>
    </li>
  );
}
