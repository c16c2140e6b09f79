/**
 * The page of the example host (host.ts): it lists the server's tools that have a view, runs
 * one with the arguments you write, and renders its view with `renderView`: input first, then
 * the result. What a view says to the conversation (`ui/message`), the context it gives the
 * model and the links it asks to open appear as notes under it.
 */
import { renderView, type AppVisibility, type ViewDocument, type ViewServer, type ViewTool } from 'mcpkit/app-host';

/** A tool's view as the host read it (`host.readView`). */
type HostView = ViewDocument & { server: string; tool: ViewTool; toolVisibility: Record<string, AppVisibility[]> };

const token = new URLSearchParams(location.search).get('token') ?? '';
const sandbox = document.body.dataset.sandbox!;
const conversation = document.getElementById('conversation')!;

async function api<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${path}: ${response.status}`);
  return answer;
}

/** A view's server, as the view reaches it: through the host process, which checks each call. */
function serverOf(name: string): ViewServer {
  return {
    callTool: (params) => api('/api/call', { server: name, ...params }),
    readResource: (params) => api('/api/read', { server: name, ...params }),
  };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

function note(turn: HTMLElement, text: string): void {
  turn.append(element('div', { className: 'note', textContent: text }));
}

async function run(tool: ViewTool, input: Record<string, unknown>): Promise<void> {
  const turn = element('section', { className: 'turn' });
  turn.append(element('header', { textContent: `${tool.name}(${JSON.stringify(input)})` }));
  conversation.prepend(turn);
  const found = await api<HostView>('/api/view', { name: tool.name });
  const view = await renderView({
    container: turn,
    sandbox,
    tool: found.tool,
    document: found,
    toolVisibility: found.toolVisibility,
    server: serverOf(found.server),
    hostInfo: { name: 'mcpkit-apps-host', version: '1.0.0' },
    hooks: {
      message: async ({ content }) => note(turn, `View says: ${texts(content)}`),
      updateModelContext: async (context) =>
        note(
          turn,
          `Context for the model: ${texts((context.content as unknown[] | undefined) ?? []) || JSON.stringify(context)}`,
        ),
      openLink: async (url) => void window.open(url, '_blank', 'noopener'),
    },
  });
  await view.ready;
  await view.bridge.sendToolInput(input);
  try {
    const result = await api<Record<string, unknown>>('/api/run', { name: tool.name, arguments: input });
    await view.bridge.sendToolResult(result as Record<string, unknown>);
    const text = texts((result as { content?: unknown[] }).content ?? []);
    if (text !== '') turn.append(element('div', { className: 'text', textContent: `For the model: ${text}` }));
  } catch (error) {
    await view.bridge.sendToolCancelled(String((error as Error).message));
    turn.append(element('div', { className: 'error', textContent: String((error as Error).message) }));
  }
}

/** Arguments to start from: each property's default, first example or enum value, else an empty value of its type. */
function sample(tool: ViewTool): Record<string, unknown> {
  type Property = { default?: unknown; examples?: unknown[]; enum?: unknown[]; type?: string };
  const schema = (tool as { inputSchema?: { properties?: Record<string, Property> } }).inputSchema;
  const empty: Record<string, unknown> = { string: '', number: 0, integer: 0, boolean: false, array: [], object: {} };
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, p]) => [
      name,
      p.default ?? p.examples?.[0] ?? p.enum?.[0] ?? empty[p.type ?? 'string'] ?? null,
    ]),
  );
}

function texts(content: unknown[]): string {
  return content
    .map((block) =>
      (block as { type?: string; text?: string }).type === 'text' ? (block as { text: string }).text : '',
    )
    .join(' ');
}

const tools = await api<ViewTool[]>('/api/tools');
const list = document.getElementById('tools')!;
for (const tool of tools) {
  const card = element('div', { className: 'tool' });
  const args = element('textarea', { value: JSON.stringify(sample(tool), null, 1), spellcheck: false });
  const button = element('button', { textContent: 'Run' });
  button.dataset.tool = tool.name;
  button.addEventListener('click', () => {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(args.value) as Record<string, unknown>;
    } catch {
      args.classList.add('error');
      return;
    }
    void run(tool, input);
  });
  card.append(
    element('b', { textContent: tool.name }),
    element('p', { textContent: (tool as { description?: string }).description ?? '' }),
    args,
    button,
  );
  list.append(card);
}
