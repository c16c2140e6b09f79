// Serving MCP Apps (io.modelcontextprotocol/ui) in both eras: a view listed and read as
// text/html;profile=mcp-app with its _meta.ui on both, loaded once; a tool pointing at it by
// both keys; a handler that knows whether its client renders apps; and the mistakes refused
// when the view or the tool is registered.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appToolMeta, appView, rendersApps, Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../src/types/apps.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;
const HTML = '<!doctype html><html><body><div id="app"></div></body></html>';
const UI = {
  csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
  permissions: { clipboardWrite: {} },
  prefersBorder: true,
};

function weatherServer(html: Parameters<typeof appView>[3] = HTML) {
  const server = new Server({ name: 'apps', version: '1.0.0' });
  appView(server, 'ui://weather/view.html', { name: 'Weather view', ...UI }, html);
  server.tool(
    'weather',
    { description: 'The weather in a city', _meta: appToolMeta({ view: 'ui://weather/view.html' }) },
    (_args, ctx) => ({
      content: [{ type: 'text', text: rendersApps(ctx) ? 'Shown in the view.' : 'Sunny, 21 °C.' }],
      structuredContent: { temperature: 21 },
    }),
  );
  server.tool(
    'refresh',
    { description: 'Only the view calls this', _meta: appToolMeta({ visibility: ['app'] }) },
    () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
  return server;
}

const rendering = { options: { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } } };

for (const version of ERAS) {
  describe(`apps in ${version}`, () => {
    it('lists and reads the view as text/html;profile=mcp-app with its _meta.ui', async () => {
      const pair = await connectPair(weatherServer(), { protocolVersion: version });
      const { resources } = await pair.client.listResources();
      assert.deepEqual(resources, [
        { uri: 'ui://weather/view.html', name: 'Weather view', mimeType: APP_MIME_TYPE, _meta: { ui: UI } },
      ]);
      const read = await pair.client.readResource({ uri: 'ui://weather/view.html' });
      assert.deepEqual(read.contents, [
        { uri: 'ui://weather/view.html', mimeType: APP_MIME_TYPE, text: HTML, _meta: { ui: UI } },
      ]);
      await pair.close();
    });

    it('points the tool at its view by both keys, and keeps visibility', async () => {
      const pair = await connectPair(weatherServer(), { protocolVersion: version });
      const { tools } = await pair.client.listTools();
      assert.deepEqual(
        tools.map((t) => [t.name, t._meta]),
        [
          ['weather', { ui: { resourceUri: 'ui://weather/view.html' }, 'ui/resourceUri': 'ui://weather/view.html' }],
          ['refresh', { ui: { visibility: ['app'] } }],
        ],
      );
      await pair.close();
    });

    it('tells a handler whether its client renders apps', async () => {
      for (const [client, text] of [
        [rendering, 'Shown in the view.'],
        [undefined, 'Sunny, 21 °C.'],
      ] as const) {
        const pair = await connectPair(weatherServer(), { protocolVersion: version, ...(client && { client }) });
        const result = await pair.client.callTool({ name: 'weather', arguments: {} });
        assert.deepEqual('content' in result && result.content, [{ type: 'text', text }]);
        await pair.close();
      }
    });
  });
}

describe('a view given as a function', () => {
  it('is loaded on the first read only, and tried again after a failed load', async () => {
    let loads = 0;
    const pair = await connectPair(
      weatherServer(async () => {
        loads++;
        if (loads === 1) throw new Error('the bundle is not built yet');
        return new TextEncoder().encode(HTML);
      }),
    );
    assert.equal(loads, 0, 'nothing is loaded before a read');
    await assert.rejects(pair.client.readResource({ uri: 'ui://weather/view.html' }));
    for (let i = 0; i < 3; i++) {
      const read = await pair.client.readResource({ uri: 'ui://weather/view.html' });
      assert.equal((read.contents[0] as { text: string }).text, HTML);
    }
    assert.equal(loads, 2);
    await pair.close();
  });

  it('is sent as base64 when its bytes are not UTF-8', async () => {
    const bytes = new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]);
    const pair = await connectPair(weatherServer(bytes));
    const read = await pair.client.readResource({ uri: 'ui://weather/view.html' });
    assert.equal((read.contents[0] as { blob: string }).blob, Buffer.from(bytes).toString('base64'));
    await pair.close();
  });
});

describe('mistakes refused when registered', () => {
  const server = () => new Server({ name: 'apps', version: '1.0.0' });
  for (const [what, register, message] of [
    ['a URI of another scheme', () => appView(server(), 'https://x/view.html', {}, HTML), /starts with ui:\/\//],
    [
      'an origin that would add to the policy',
      () => appView(server(), 'ui://v', { csp: { connectDomains: ["https://a.example 'unsafe-eval'"] } }, HTML),
      /csp\.connectDomains holds .* not an origin/,
    ],
    [
      'an unknown CSP key',
      () => appView(server(), 'ui://v', { csp: { scriptDomains: [] } as never }, HTML),
      /csp\.scriptDomains is not one of/,
    ],
    [
      'an unknown permission',
      () => appView(server(), 'ui://v', { permissions: { usb: {} } as never }, HTML),
      /permissions\.usb is not one of/,
    ],
    ['a domain with a space', () => appView(server(), 'ui://v', { domain: 'a b' }, HTML), /domain must be a host name/],
    ['no visibility at all', () => appToolMeta({ visibility: [] }), /visibility is "model", "app" or both/],
    ['an unknown visibility', () => appToolMeta({ visibility: ['user' as never] }), /visibility is/],
    ['a view of another scheme', () => appToolMeta({ view: 'file:///v.html' }), /starts with ui:\/\//],
  ] as const) {
    it(`refuses ${what}`, () => {
      assert.throws(register, (error: unknown) => error instanceof TypeError && message.test(error.message));
    });
  }
});
