// MCP Apps served by the official SDKs: an `McpServer` of @modelcontextprotocol/server 2.4.0 with
// tools and views registered by ext-apps 2.0.4's own registerAppTool and registerAppResource,
// over Streamable HTTP on 127.0.0.1, in both eras. Tools:
//   forecast {city}   a view whose _meta.ui (CSP, permissions) is on the content
//   outlook           a view whose _meta.ui is on its listing only
//   refresh {city}    only the view calls it (visibility ["app"])
//   report            the model's alone (visibility ["model"]), with the forecast's view
//   capability        what the official server sees of the client's Apps extension
import { McpServer } from '@modelcontextprotocol/server';
import {
  getUiCapability,
  registerAppResource,
  registerAppTool,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/server';
import * as z from 'zod';
import { startV2HttpServer, type V2HttpServer } from './v2-http-server.js';

export const SDK_VIEW_URI = 'ui://sdk-weather/forecast.html';
export const SDK_LISTED_URI = 'ui://sdk-weather/outlook.html';
export const SDK_VIEW_HTML = '<!doctype html><html><body><main>forecast</main></body></html>';
export const SDK_LISTED_HTML = '<!doctype html><html><body><main>outlook</main></body></html>';
/** The forecast view's `_meta.ui`, on its content. */
export const SDK_VIEW_UI = {
  csp: { connectDomains: ['https://api.weather.example'], resourceDomains: ['https://cdn.weather.example'] },
  permissions: { camera: {} },
};
/** The outlook view's `_meta.ui`, on its listing only. */
export const SDK_LISTED_UI = { csp: { baseUriDomains: ['https://base.weather.example'] }, prefersBorder: false };

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A fresh official server with the apps registered; `calls` records each call as `<tool> <arguments as JSON>`. */
function sdkAppsServer(calls: string[]): McpServer {
  const mcp = new McpServer({ name: 'sdk-weather', version: '2.0.4' });
  registerAppResource(mcp, 'Forecast view', SDK_VIEW_URI, {}, () => ({
    contents: [{ uri: SDK_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: SDK_VIEW_HTML, _meta: { ui: SDK_VIEW_UI } }],
  }));
  registerAppResource(mcp, 'Outlook view', SDK_LISTED_URI, { _meta: { ui: SDK_LISTED_UI } }, () => ({
    contents: [{ uri: SDK_LISTED_URI, mimeType: RESOURCE_MIME_TYPE, text: SDK_LISTED_HTML }],
  }));
  const city = z.object({ city: z.string() });
  registerAppTool(
    mcp,
    'forecast',
    { description: 'The forecast, in a view', inputSchema: city, _meta: { ui: { resourceUri: SDK_VIEW_URI } } },
    ({ city }) => {
      calls.push(`forecast ${JSON.stringify({ city })}`);
      return { ...text(`Sunny in ${city}`), structuredContent: { city, celsius: 21 } };
    },
  );
  registerAppTool(mcp, 'outlook', { description: 'The outlook', _meta: { ui: { resourceUri: SDK_LISTED_URI } } }, () =>
    text('Mild'),
  );
  registerAppTool(
    mcp,
    'refresh',
    {
      description: 'Only the view calls this',
      inputSchema: city,
      _meta: { ui: { resourceUri: SDK_VIEW_URI, visibility: ['app'] } },
    },
    ({ city }) => {
      calls.push(`refresh ${JSON.stringify({ city })}`);
      return { ...text(`Refreshed ${city}`), structuredContent: { city, celsius: 22 } };
    },
  );
  registerAppTool(
    mcp,
    'report',
    { description: 'The model’s alone', _meta: { ui: { resourceUri: SDK_VIEW_URI, visibility: ['model'] } } },
    () => {
      calls.push('report {}');
      return text('reported');
    },
  );
  mcp.registerTool('capability', { description: 'What the client declared for apps' }, () =>
    text(JSON.stringify(getUiCapability(mcp.server.getClientCapabilities()) ?? null)),
  );
  return mcp;
}

/** The official apps server on a free loopback port; `calls` records the tool calls of every instance. */
export function startSdkAppsServer(calls: string[] = []): Promise<V2HttpServer> {
  return startV2HttpServer({ factory: () => sdkAppsServer(calls) });
}
