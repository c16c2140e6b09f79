// Interoperability of MCP Apps: a view written with mcpkit/app, hosted by the official
// @modelcontextprotocol/ext-apps 2.0.4 AppBridge, over two windows that post to each other as
// browsers do (each message cloned, `source` the sender). The handshake, the tool's input and
// result, a call through the host, the view's size and messages, and teardown; the view's own
// tools listed and called by the official host, their list changes heard; downloads, teardown
// requests, resource lists, and the official host's denials (`isError: true`) reported as such.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { App } from '../../src/app/index.js';
import { windowPair } from '../helpers/fake-window.js';

/** An official AppBridge on the host's window, connected, and an mcpkit view named `name` on the other. */
async function hosted(name: string) {
  const w = windowPair();
  // The official transport listens on the global `window`: the host's, here.
  (globalThis as { window?: unknown }).window = w.host;
  const bridge = new AppBridge(
    null,
    { name: 'sdk-host', version: '2.0.4' },
    { openLinks: {}, downloadFile: {}, serverResources: {} },
  );
  const initialized = new Promise<void>((resolve) => bridge.addEventListener('initialized', () => resolve()));
  await bridge.connect(new PostMessageTransport(w.view as never, w.view as never));
  const app = new App({ name, version: '1' }, { peer: { target: w.host, listenOn: w.view }, autoResize: false });
  return { bridge, app, initialized };
}

describe('mcpkit/app hosted by the official AppBridge', () => {
  const globals = globalThis as { window?: unknown };
  const before = globals.window;
  after(() => {
    globals.window = before;
  });

  it('makes the handshake, takes the input and result, calls through the host, and tears down', async () => {
    const { view: viewWindow, host: hostWindow } = windowPair();
    // The official transport listens on the global `window`: the host's, here.
    globals.window = hostWindow;

    const bridge = new AppBridge(
      null,
      { name: 'sdk-host', version: '2.0.4' },
      { serverTools: {}, openLinks: {}, message: { text: {} } },
      { hostContext: { theme: 'dark', displayMode: 'inline' } },
    );
    const calls: unknown[] = [];
    bridge.oncalltool = async (params) => {
      calls.push(params);
      return { content: [{ type: 'text', text: `called ${params.name}` }] };
    };
    const messages: unknown[] = [];
    bridge.onmessage = async (params) => {
      messages.push(params);
      return {};
    };
    const sizes: unknown[] = [];
    bridge.addEventListener('sizechange', (size) => sizes.push(size));
    const initialized = new Promise<void>((resolve) => bridge.addEventListener('initialized', () => resolve()));
    await bridge.connect(new PostMessageTransport(viewWindow as never, viewWindow as never));

    const app = new App(
      { name: 'mcpkit-view', version: '1.0.0' },
      { peer: { target: hostWindow, listenOn: viewWindow }, autoResize: false },
    );
    const inputs: unknown[] = [];
    const results: unknown[] = [];
    app.on('toolinput', (p) => inputs.push(p.arguments));
    app.on('toolresult', (r) => results.push(r.structuredContent));
    let saved = false;
    app.on('teardown', () => {
      saved = true;
    });

    const hello = await app.connect();
    await initialized;
    assert.equal(hello.hostInfo.name, 'sdk-host');
    assert.equal(app.hostContext.theme, 'dark');
    assert.equal(bridge.getAppVersion()?.name, 'mcpkit-view');

    await bridge.sendToolInput({ arguments: { city: 'Oslo' } });
    await bridge.sendToolResult({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { temperature: 21 } });
    const called = await app.callServerTool('refresh', { city: 'Oslo' });
    assert.deepEqual(called.content, [{ type: 'text', text: 'called refresh' }]);
    assert.deepEqual(calls, [{ name: 'refresh', arguments: { city: 'Oslo' } }]);
    await app.sendMessage('Show Bergen too');
    assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'Show Bergen too' }] }]);
    await app.sendSize({ width: 320, height: 180 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(inputs, [{ city: 'Oslo' }]);
    assert.deepEqual(results, [{ temperature: 21 }]);
    assert.deepEqual(sizes, [{ width: 320, height: 180 }]);

    await bridge.teardownResource({});
    assert.equal(saved, true);
    await app.close();
    await bridge.close();
  });

  it("lists and calls the view's tools, and hears their list change", async () => {
    const { bridge, app, initialized } = await hosted('chart');
    const zoom = app.registerTool(
      'zoom',
      {
        description: 'Zooms the chart',
        inputSchema: { type: 'object', properties: { level: { type: 'number' } }, required: ['level'] },
      },
      ({ level }) => ({
        content: [{ type: 'text', text: `zoomed to ${String(level)}` }],
        structuredContent: { level },
      }),
    );
    app.registerTool('broken', {}, () => {
      throw new Error('no chart yet');
    });
    let changes = 0;
    bridge.setNotificationHandler('notifications/tools/list_changed', () => void changes++);
    await app.connect();
    await initialized;
    assert.deepEqual(bridge.getAppCapabilities(), { tools: { listChanged: true } });
    const listed = await bridge.listTools({});
    assert.deepEqual(
      listed.tools.map((t) => [t.name, t.description, t.inputSchema.required]),
      [
        ['zoom', 'Zooms the chart', ['level']],
        ['broken', undefined, undefined],
      ],
    );
    const called = await bridge.callTool({ name: 'zoom', arguments: { level: 2 } });
    assert.deepEqual(called.structuredContent, { level: 2 });
    const missing = await bridge.callTool({ name: 'zoom', arguments: {} });
    assert.equal(missing.isError, true);
    const broken = await bridge.callTool({ name: 'broken', arguments: {} });
    assert.deepEqual(broken, { content: [{ type: 'text', text: 'no chart yet' }], isError: true });
    await assert.rejects(bridge.callTool({ name: 'pan', arguments: {} }), /Unknown tool: pan/);
    zoom.disable();
    while (changes === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(
      (await bridge.listTools({})).tools.map((t) => t.name),
      ['broken'],
    );
    await app.close();
    await bridge.close();
  });

  it('offers files, asks for teardown, lists resources, and reports the host denying', async () => {
    const { bridge, app, initialized } = await hosted('report');
    const downloads: unknown[] = [];
    let allow = true;
    bridge.ondownloadfile = async (params) => (downloads.push(params.contents), allow ? {} : { isError: true });
    bridge.onopenlink = async () => ({ isError: true });
    bridge.onmessage = async () => ({ isError: true });
    bridge.onlistresources = async () => ({ resources: [{ uri: 'data://r', name: 'r' }] });
    const teardownAsked = new Promise<void>((resolve) => bridge.addEventListener('requestteardown', () => resolve()));
    await app.connect();
    await initialized;
    const file = { type: 'resource', resource: { uri: 'file:///r.csv', mimeType: 'text/csv', text: 'a\n' } } as const;
    await app.downloadFile({ contents: [file] });
    allow = false;
    await assert.rejects(app.downloadFile({ contents: [file] }), /the host denied ui\/download-file/);
    await assert.rejects(app.openLink('https://example.com/'), /the host denied ui\/open-link/);
    await assert.rejects(app.sendMessage('hi'), /the host denied ui\/message/);
    assert.deepEqual((await app.listServerResources()).resources, [{ uri: 'data://r', name: 'r' }]);
    await app.requestTeardown();
    await teardownAsked;
    assert.deepEqual(downloads, [[file], [file]]);
    await app.close();
    await bridge.close();
  });
});
