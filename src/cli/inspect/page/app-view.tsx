/**
 * A tool's MCP App view in the page: rendered by `renderView` of `mcpkit/app-host` through the
 * inspector's sandbox (another origin), given the call's input and then its result. The view's
 * own calls and reads go to its server through the inspector; what it says to the conversation,
 * the context it gives the model and the links it opens are listed under it.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { renderView, type RenderedView, type ViewServer, type ViewTool } from 'mcpkit/app-host';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

export interface AppViewProps {
  server: ServerState;
  tool: ViewTool;
  /** The server's tools: the view may call those whose visibility has `app`. */
  tools: readonly ViewTool[];
  input: Record<string, unknown>;
  /** The call's result, once it came. */
  result: Record<string, unknown> | undefined;
}

export function AppView({ server, tool, tools, input, result }: AppViewProps) {
  const { api, state } = useContext(InspectorContext);
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<Promise<RenderedView> | undefined>(undefined);
  const [said, setSaid] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const say = (line: string) => setSaid((lines) => [...lines, line]);

  useEffect(() => {
    if (state.sandbox === undefined || container.current === null) return;
    const through: ViewServer = {
      readResource: (params) => api.command('request', { server: server.id, method: 'resources/read', params }),
      callTool: (params) => api.command('request', { server: server.id, method: 'tools/call', params }),
    };
    const rendering = renderView({
      container: container.current,
      sandbox: state.sandbox,
      tool,
      tools,
      server: through,
      hostInfo: { name: 'mcpkit-inspect', version: '1.0.0' },
      hooks: {
        message: async (message) => say(`message: ${JSON.stringify(message.content)}`),
        updateModelContext: async (context) => say(`model context: ${JSON.stringify(context)}`),
        openLink: async (url) => {
          say(`open link: ${url}`);
          window.open(url, '_blank', 'noopener,noreferrer');
        },
      },
    });
    view.current = rendering;
    rendering
      .then(async (rendered) => {
        await rendered.ready;
        await rendered.bridge.sendToolInput(input);
      })
      .catch((e: Error) => setError(e.message));
    return () => void rendering.then((rendered) => rendered.remove('closed in the inspector')).catch(() => undefined);
  }, [state.sandbox, server.id, tool.name]);

  useEffect(() => {
    if (result === undefined) return;
    void view.current
      ?.then(async (rendered) => {
        await rendered.ready;
        await rendered.bridge.sendToolResult(result);
      })
      .catch((e: Error) => setError(e.message));
  }, [result]);

  return (
    <section class="app-view" aria-label={`View of ${tool.name}`}>
      {state.sandbox === undefined && <p class="muted">This inspector has no sandbox to render views in.</p>}
      <div ref={container} />
      {error !== undefined && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {said.length > 0 && (
        <ul aria-label="What the view said">
          {said.map((line) => (
            <li>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
