/**
 * `renderView`: a tool's view in a web page. It reads the view through the page's connection
 * to the server (or takes a document already read), frames the sandbox proxy on its own
 * origin under the view's policy (the `csp` goes to the sandbox, which sends it as a header;
 * the `allow` list goes on the frame), hands the proxy the HTML once it is ready, and then
 * speaks with the view through a `ViewBridge`: the tool's input and result in the order the
 * specification requires, the view's tool calls and reads sent to the same server (a tool
 * the view may not call is refused), the frame sized from the view's reports, and the
 * application's hooks for messages, links and the model's context.
 * @module
 */
import { PostMessageTransport } from '../transports/post-message.js';
import type { AppHostCapabilities, AppHostContext, AppVisibility } from '../types/apps.js';
import type { Implementation } from '../types/base.js';
import { ViewBridge, type ViewHooks } from './bridge.js';
import { viewPolicy, type ViewPolicy } from './policy.js';
import { VIEW_SANDBOX } from './sandbox-page.js';
import {
  toolView,
  toolVisibility,
  viewDocument,
  ViewError,
  type ToolWithMeta,
  type ViewDocument,
} from './view-resource.js';

type Params = Record<string, unknown>;

/** What the page's connection to the view's server must do: a `ClientSession` does it. */
export interface ViewServer {
  /** Reads a resource of the server (the view's HTML, and what the view reads). */
  readResource(params: { uri: string }): Promise<object>;
  /** Calls a tool of the server for the view. */
  callTool(params: { name: string; arguments?: Params }): Promise<object>;
}

/** A tool as the server listed it: its name and `_meta`. */
export type ViewTool = ToolWithMeta & {
  /** The tool's name, as the server lists it. */
  name: string;
};

/** The options of `renderView`: where the frame goes, the sandbox page, and the host's side of the view. */
export interface RenderViewOptions {
  /** Where the view's frame goes: it is appended to this element. */
  container: Element;
  /** The sandbox proxy page, on an origin other than the page's (see `sandboxResponse`). */
  sandbox: string | URL;
  /** The tool whose view this is. */
  tool: ViewTool;
  /** The view's server: the view is read from it unless `document` is given; its calls go to it. */
  server?: ViewServer;
  /** The view, when the application read it itself (through a host in Node, say). */
  document?: ViewDocument;
  /** The server's tools, for their visibility: a view may call only those whose visibility has `app`. */
  tools?: readonly ViewTool[];
  /** The same, by tool name (what `host.readView` of `mcpkit/host` gives); wins over `tools`. */
  toolVisibility?: Readonly<Record<string, readonly AppVisibility[]>>;
  /** Who the host is to the view. */
  hostInfo: Implementation;
  /** What the host offers; by default what `server` and `hooks` make possible. */
  hostCapabilities?: AppHostCapabilities;
  /** Theme, locale and the rest; the defaults come from the page (see `pageContext`). */
  hostContext?: AppHostContext;
  /** The application's side of the view's requests; `callTool` and `readResource` default to `server`. */
  hooks?: ViewHooks;
  /** The inner frame's sandbox flags: `allow-scripts allow-same-origin allow-forms` by default. */
  sandboxFlags?: string;
  /** How long the view has to answer a teardown before it is removed anyway. Default 3 s. */
  teardownTimeoutMs?: number;
  /** How long the sandbox page has to load and say it is ready. Default 10 s. */
  loadTimeoutMs?: number;
}

/** A view on the page. */
export interface RenderedView {
  /** The outer frame, as placed in the container. */
  readonly frame: HTMLIFrameElement;
  /** The host's side of the conversation with the view. */
  readonly bridge: ViewBridge;
  /** The Content Security Policy and permissions the view runs under. */
  readonly policy: ViewPolicy;
  /** Resolves once the view said `initialized`. */
  readonly ready: Promise<void>;
  /** Asks the view to save its state (`ui/resource-teardown`), then removes the frame; resolves with whether it answered. */
  remove(reason?: string): Promise<boolean>;
}

const DEFAULT_TEARDOWN_MS = 3_000;
const DEFAULT_LOAD_MS = 10_000;

/** Renders `options.tool`'s view; resolves once the sandbox has the view's HTML. */
export async function renderView(options: RenderViewOptions): Promise<RenderedView> {
  const document = options.document ?? (await readView(options));
  const policy = viewPolicy(document.meta);
  const sandbox = new URL(options.sandbox, location.href);
  if (sandbox.origin === location.origin) {
    throw new ViewError('The sandbox must be on an origin of its own, not the page’s');
  }
  sandbox.searchParams.set('host', location.origin);
  if (document.meta?.csp !== undefined) sandbox.searchParams.set('csp', JSON.stringify(document.meta.csp));
  const frame = viewFrame(options.container.ownerDocument, sandbox, policy, document.meta?.prefersBorder);
  const proxyReady = sandboxReady(frame, sandbox.origin, options.loadTimeoutMs ?? DEFAULT_LOAD_MS);
  options.container.append(frame);
  const proxy = await proxyReady.catch((error: unknown) => {
    frame.remove();
    throw error;
  });
  const bridge = new ViewBridge(
    new PostMessageTransport({ target: proxy, listenOn: window, targetOrigin: sandbox.origin }),
    {
      hostInfo: options.hostInfo,
      hostCapabilities: options.hostCapabilities ?? capabilitiesOf(options),
      hostContext: {
        ...pageContext(options.container),
        toolInfo: { tool: { ...options.tool } },
        ...options.hostContext,
      },
      toolVisibility: visibilityOf(options),
      hooks: hooksOf(options, frame),
    },
  );
  await bridge.start();
  proxy.postMessage(
    {
      jsonrpc: '2.0',
      method: 'ui/notifications/sandbox-resource-ready',
      params: {
        html: document.html,
        sandbox: options.sandboxFlags ?? VIEW_SANDBOX,
        ...(document.meta?.csp !== undefined && { csp: document.meta.csp }),
        ...(document.meta?.permissions !== undefined && { permissions: document.meta.permissions }),
      },
    },
    sandbox.origin,
  );
  const timeout = options.teardownTimeoutMs ?? DEFAULT_TEARDOWN_MS;
  const unfollow = options.hostContext?.theme === undefined ? followTheme(bridge) : () => {};
  return {
    frame,
    bridge,
    policy,
    ready: bridge.ready,
    remove: async (reason) => {
      unfollow();
      const answered = await Promise.race([bridge.teardown(reason), delay(timeout, false)]);
      frame.remove();
      return answered;
    },
  };
}

/** The view of `options.tool`, read from `options.server`. */
async function readView(options: RenderViewOptions): Promise<ViewDocument> {
  const uri = toolView(options.tool);
  if (uri === undefined) throw new ViewError(`The tool ${options.tool.name} has no view`);
  if (options.server === undefined) throw new ViewError('renderView needs the view’s server or its document');
  return viewDocument(uri, await options.server.readResource({ uri }));
}

function viewFrame(page: Document, src: URL, policy: ViewPolicy, border: boolean | undefined): HTMLIFrameElement {
  const frame = page.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  if (policy.allow !== '') frame.setAttribute('allow', policy.allow);
  frame.setAttribute('title', 'MCP App');
  frame.dataset.prefersBorder = String(border ?? 'default');
  frame.style.cssText = `display:block;width:100%;height:0;border:${border === true ? '1px solid rgba(127,127,127,.35);border-radius:8px' : '0'}`;
  frame.src = src.href;
  return frame;
}

/** The proxy's window, once it says it is ready: only that frame, from the sandbox's origin. */
function sandboxReady(frame: HTMLIFrameElement, origin: string, timeoutMs: number): Promise<Window> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', listener);
      reject(new ViewError(`The sandbox ${origin} did not say it was ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (event: MessageEvent) => {
      const proxy = frame.contentWindow;
      const data = event.data as { method?: unknown } | null;
      if (proxy === null || event.source !== proxy || event.origin !== origin) return;
      if (data?.method !== 'ui/notifications/sandbox-proxy-ready') return;
      window.removeEventListener('message', listener);
      clearTimeout(timer);
      resolve(proxy);
    };
    window.addEventListener('message', listener);
  });
}

/** What the page knows of itself: theme, locale, time zone, width, platform. */
export function pageContext(container: Element): AppHostContext {
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const width = Math.floor(container.getBoundingClientRect().width);
  return {
    theme: dark ? 'dark' : 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    containerDimensions: { ...(width > 0 && { maxWidth: width }), maxHeight: 6000 },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    userAgent: navigator.userAgent,
  };
}

/** Tells the view when the page's color scheme changes; returns how to stop. */
function followTheme(bridge: ViewBridge): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const changed = (event: MediaQueryListEvent) =>
    void bridge.sendHostContext({ theme: event.matches ? 'dark' : 'light' });
  dark.addEventListener('change', changed);
  return () => dark.removeEventListener('change', changed);
}

function capabilitiesOf(options: RenderViewOptions): AppHostCapabilities {
  const hooks = options.hooks ?? {};
  return {
    ...((options.server !== undefined || hooks.callTool !== undefined) && { serverTools: {} }),
    ...((options.server !== undefined || hooks.readResource !== undefined) && { serverResources: {} }),
    ...(hooks.message !== undefined && { message: { text: {} } }),
    ...(hooks.openLink !== undefined && { openLinks: {} }),
    ...(hooks.updateModelContext !== undefined && { updateModelContext: { text: {}, structuredContent: {} } }),
    ...(hooks.log !== undefined && { logging: {} }),
  };
}

/** A tool the server did not list is one the view may not call; the listed ones by their visibility. */
function visibilityOf(options: RenderViewOptions): (name: string) => AppVisibility[] | undefined {
  const named = options.toolVisibility;
  if (named !== undefined) return (name) => (Object.hasOwn(named, name) ? [...named[name]!] : []);
  const tools = options.tools ?? [options.tool];
  return (name) => {
    const tool = tools.find((t) => t.name === name);
    return tool === undefined ? [] : [...toolVisibility(tool)];
  };
}

function hooksOf(options: RenderViewOptions, frame: HTMLIFrameElement): ViewHooks {
  const { server } = options;
  const hooks = options.hooks ?? {};
  return {
    ...hooks,
    callTool:
      hooks.callTool ?? (server && ((name, args) => server.callTool({ name, arguments: args }) as Promise<Params>)),
    readResource: hooks.readResource ?? (server && ((uri) => server.readResource({ uri }) as Promise<Params>)),
    size: (size) => {
      if (typeof size.height === 'number' && Number.isFinite(size.height) && size.height >= 0) {
        frame.style.height = `${Math.min(Math.ceil(size.height), 6000)}px`;
      }
      hooks.size?.(size);
    },
  };
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(resolve, ms, value));
}
