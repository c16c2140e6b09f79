/**
 * MCP Apps in the host: what it declares to servers when the application renders views, what
 * the catalog knows of each tool's view and of who may call the tool, and a view's document read
 * from its server with the policy to render it under. The rendering is the front end's (a
 * browser page with `ViewBridge` of `mcpkit/app-host`); the host, where the sessions are, reads
 * the view and runs the calls the view makes.
 * @module
 */
import type {
  APP_MIME_TYPE,
  APPS_EXTENSION,
  AppViewMeta,
  AppVisibility,
  ReadResourceResult,
  Resource,
  Tool,
} from 'mcpkit';
import { toolView, toolVisibility, viewDocument, viewPolicy, ViewError, type ViewPolicy } from 'mcpkit/app-host';
import type { CatalogTool } from './catalog.js';

// The class `readView` throws, for `instanceof` through `mcpkit/host`: the Node bundle holds its
// own copy of `mcpkit/app-host`, apart from the browser's.
export { ViewError };

// The entry points export these constants as types only: their values, checked against them.
const EXTENSION: typeof APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const VIEW_TYPE: typeof APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What a client of a host that renders views declares: the view type under the extension. */
export function appsCapabilities(): { extensions: Record<string, { mimeTypes: string[] }> } {
  return { extensions: { [EXTENSION]: { mimeTypes: [VIEW_TYPE] } } };
}

/** What the catalog knows of a tool as an MCP App. */
export interface ToolApp {
  /** The `ui://` URI of the tool's view; absent when it has none, or names it wrong. */
  view?: string;
  /** Who may call the tool: `model` (it is offered to the model), `app` (its server's views), or both. */
  visibility: readonly AppVisibility[];
}

/**
 * Each tool's view and visibility, worked out once per tool as its server listed it (the
 * catalog keeps a list until it changes): a view named wrong is reported once, not at each look.
 */
export class ToolApps {
  readonly #known = new WeakMap<Tool, ToolApp>();
  readonly #report: (error: Error) => void;

  constructor(report: (error: Error) => void) {
    this.#report = report;
  }

  of(server: string, tool: Tool): ToolApp {
    let app = this.#known.get(tool);
    if (app === undefined) {
      app = { visibility: toolVisibility(tool) };
      try {
        const view = toolView(tool);
        if (view !== undefined) app.view = view;
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        this.#report(new Error(`server "${server}": ${why}; the tool is listed without a view`, { cause: error }));
      }
      this.#known.set(tool, app);
    }
    return app;
  }
}

/** A tool's view, ready for a front end to render and drive. */
export interface HostView {
  /** The tool's catalog name. */
  name: string;
  /** The server whose tool it is; the view's calls and reads go there. */
  server: string;
  /** The tool as its server describes it (what the view's `hostContext.toolInfo.tool` is). */
  tool: Tool;
  /** The view's `ui://` URI. */
  uri: string;
  /** The view's HTML document. */
  html: string;
  /** The view's `_meta.ui`: the content's, else its `resources/list` entry's. */
  meta: AppViewMeta | undefined;
  /** The Content Security Policy and `allow` list to render it under. */
  policy: ViewPolicy;
  /**
   * Who may call each tool of the view's server, by the server's own names (those a view
   * calls): for `ViewBridge`'s `toolVisibility`. The host checks again on each call.
   */
  toolVisibility: Record<string, AppVisibility[]>;
}

/** What reading a view needs of its server. */
export interface ViewSource {
  /** Reads a resource through the server's session. */
  read(uri: string): Promise<ReadResourceResult>;
  /** The server's `resources/list`, for a view whose content has no `_meta.ui`. */
  listing(): Promise<Resource[]>;
  /** The server's tools in the catalog. */
  tools(): Promise<CatalogTool[]>;
}

/** Reads the view of `found` from its server and checks it is one HTML document of the view's type. */
export async function readToolView(found: CatalogTool, source: ViewSource): Promise<HostView> {
  const uri = viewUri(found);
  const result = await source.read(uri);
  let document = viewDocument(uri, result);
  if (document.meta === undefined) {
    // Servers may put `_meta.ui` on the listing only; hosts look there too.
    const entry = (await source.listing()).find((resource) => resource.uri === uri);
    if (entry?._meta !== undefined) document = viewDocument(uri, result, entry._meta);
  }
  const tools = await source.tools();
  return {
    name: found.name,
    server: found.server,
    tool: found.tool,
    uri,
    html: document.html,
    meta: document.meta,
    policy: viewPolicy(document.meta),
    toolVisibility: Object.fromEntries(tools.map((entry) => [entry.tool.name, [...entry.visibility]])),
  };
}

/** The view of a catalog tool, or a `ViewError` saying why it has none. */
function viewUri(found: CatalogTool): string {
  if (found.view !== undefined) return found.view;
  // A view key that is not a `ui://` URI: its own error says what the server wrote.
  toolView(found.tool);
  throw new ViewError(`${found.name} has no view`);
}
