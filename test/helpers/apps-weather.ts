// An mcpkit server with MCP Apps, for the host's tests and the interop tests: a tool with a view
// (its `_meta.ui` on the listing and on the content), one whose view says `_meta.ui` on its
// listing only, an app-only helper, a model-only tool with a view, a plain tool, a tool whose
// view is not a ui:// URI, one whose view is not of the view's type, and `capability`, which
// answers with what the client of the request declared under the Apps extension.
import { appToolMeta, appView, rendersApps, Server } from 'mcpkit/server';

export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const VIEW_MIME = 'text/html;profile=mcp-app';
export const VIEW_URI = 'ui://weather/view.html';
export const LISTED_URI = 'ui://weather/listed.html';
export const WRONG_TYPE_URI = 'ui://weather/wrong-type.html';
export const VIEW_HTML = '<!doctype html><html><body><p id="forecast">view</p></body></html>';
export const LISTED_HTML = '<!doctype html><html><body><p>listed</p></body></html>';
export const VIEW_UI = {
  csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
  permissions: { clipboardWrite: {} },
  prefersBorder: true,
};
export const LISTED_UI = { csp: { frameDomains: ['https://video.example.com'] } };

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

/** The weather server; `calls` records each tool call as `<tool> <arguments as JSON>`. */
export function weatherAppsServer(calls: string[] = []): Server {
  const server = new Server({ name: 'weather', version: '1.0.0' });
  appView(server, VIEW_URI, { name: 'Forecast view', ...VIEW_UI }, VIEW_HTML);
  // `_meta.ui` on the listing only: a host must look there when the content has none.
  server.resource(LISTED_URI, { name: 'Listed view', mimeType: VIEW_MIME, _meta: { ui: LISTED_UI } }, () => ({
    contents: [{ uri: LISTED_URI, mimeType: VIEW_MIME, text: LISTED_HTML }],
  }));
  server.resource(WRONG_TYPE_URI, { name: 'Plain page', mimeType: 'text/html' }, () => ({
    contents: [{ uri: WRONG_TYPE_URI, mimeType: 'text/html', text: '<p>not a view</p>' }],
  }));
  const tool = (name: string, description: string, meta: Record<string, unknown> | undefined, answer: string) =>
    server.tool(name, { description, ...(meta && { _meta: meta }) }, (args) => {
      calls.push(`${name} ${JSON.stringify(args)}`);
      return { ...text(answer), structuredContent: { answer } };
    });
  tool('forecast', 'The forecast, shown in a view', appToolMeta({ view: VIEW_URI }), 'Sunny, 21 °C');
  tool('outlook', 'The outlook, in a view described on its listing', appToolMeta({ view: LISTED_URI }), 'Mild');
  tool('refresh', 'Only the view calls this', appToolMeta({ visibility: ['app'] }), 'refreshed');
  tool('report', 'The model’s alone', appToolMeta({ view: VIEW_URI, visibility: ['model'] }), 'reported');
  tool('plain', 'No view', undefined, 'plain');
  tool('broken', 'A view named wrong', { ui: { resourceUri: 'https://weather.example.com/view.html' } }, 'broken');
  tool('mistyped', 'A view of another type', appToolMeta({ view: WRONG_TYPE_URI }), 'mistyped');
  server.tool('capability', { description: 'What the client declared for apps' }, (_args, ctx) => {
    const extensions = ctx.clientCapabilities.extensions as Record<string, unknown> | undefined;
    return text(JSON.stringify({ renders: rendersApps(ctx), declared: extensions?.[APPS_EXTENSION_ID] ?? null }));
  });
  return server;
}
