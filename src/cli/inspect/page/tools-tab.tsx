/**
 * A server's tools: each a button named by the tool's name; the one chosen has its arguments
 * as JSON, a `Run` button and its result in a region named `Result`.
 * @module
 */
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { toolView } from 'mcpkit/app-host';
import { AppView } from './app-view.js';
import { InspectorContext } from './context.js';

type Tool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  _meta?: Record<string, unknown>;
};

export function ToolsTab({ server }: { server: ServerState }) {
  const { api } = useContext(InspectorContext);
  const [tools, setTools] = useState<Tool[]>([]);
  const [chosen, setChosen] = useState<Tool | undefined>(undefined);
  const [args, setArgs] = useState('{}');
  const [result, setResult] = useState<Record<string, unknown> | undefined>(undefined);
  const [input, setInput] = useState<Record<string, unknown> | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    api
      .command('request', { server: server.id, method: 'tools/list' })
      .then((listed) => setTools((listed.tools ?? []) as Tool[]))
      .catch((e: Error) => setError(e.message));
  }, [api, server.id]);
  const run = async () => {
    setError(undefined);
    try {
      const params = { name: chosen!.name, arguments: JSON.parse(args) as Record<string, unknown> };
      setResult(undefined);
      setInput(params.arguments);
      setResult(await api.command('request', { server: server.id, method: 'tools/call', params }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div class="split">
      <ul class="list" aria-label="Tools">
        {tools.map((tool) => (
          <li>
            <button type="button" aria-pressed={chosen?.name === tool.name} onClick={() => setChosen(tool)}>
              {tool.name}
            </button>
          </li>
        ))}
      </ul>
      {chosen !== undefined && (
        <div class="detail">
          <h2>{chosen.title ?? chosen.name}</h2>
          {chosen.description !== undefined && <p>{chosen.description}</p>}
          <label>
            Arguments
            <textarea value={args} onInput={(e) => setArgs((e.target as HTMLTextAreaElement).value)} />
          </label>
          <button type="button" onClick={() => void run()}>
            Run
          </button>
          {error !== undefined && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
          {input !== undefined && toolView(chosen) !== undefined && (
            <AppView server={server} tool={chosen} tools={tools} input={input} result={result} />
          )}
          {result !== undefined && (
            <section role="region" aria-label="Result">
              <pre>{JSON.stringify(result, null, 2)}</pre>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
