// A host's side of one view (ViewBridge), over two windows that post to each other as browsers
// do: with mcpkit's own view, and with the official @modelcontextprotocol/ext-apps 2.0.4 App.
// Nothing reaches the view before it is initialized; a tool the model alone may call is refused
// to the view; each request goes to its hook, or is refused without one, and a hook that says
// no is a denial the view hears; the tool's input and result go in the protocol's order only;
// a view that initializes twice, or asks another version, is answered; teardown waits.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { App as SdkApp, PostMessageTransport as SdkTransport } from '@modelcontextprotocol/ext-apps';
import { ViewBridge, type ViewHooks } from '../../src/app-host/bridge.js';
import { App, PostMessageTransport } from '../../src/app/index.js';
import { windowPair } from '../helpers/fake-window.js';

const VISIBILITY: Record<string, ('model' | 'app')[]> = { refresh: ['app'], weather: ['model'] };

function bridgeFor(w: ReturnType<typeof windowPair>, hooks: ViewHooks) {
  const bridge = new ViewBridge(new PostMessageTransport({ target: w.view, listenOn: w.host }), {
    hostInfo: { name: 'mcpkit-host', version: '1.0.0' },
    hostCapabilities: { serverTools: {}, message: {} },
    hostContext: { theme: 'light', displayMode: 'inline' },
    toolVisibility: (name) => VISIBILITY[name],
    hooks,
  });
  return bridge;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The methods of what the host posts to the view's window, as they arrive. */
function postedToView(w: ReturnType<typeof windowPair>) {
  const methods: string[] = [];
  w.view.addEventListener('message', (event) => {
    const { method } = (event as Event & { data: { method?: string } }).data;
    if (method !== undefined) methods.push(method);
  });
  return methods;
}

function mcpkitView(w: ReturnType<typeof windowPair>, name = 'view') {
  return new App({ name, version: '1' }, { peer: { target: w.host, listenOn: w.view }, autoResize: false });
}

describe('ViewBridge', () => {
  it("hosts mcpkit's view: input after initialized, calls by visibility, hooks, teardown", async () => {
    const w = windowPair();
    const calls: unknown[] = [];
    const bridge = bridgeFor(w, {
      callTool: async (name, args) => (calls.push([name, args]), { content: [{ type: 'text', text: 'ok' }] }),
    });
    await bridge.start();
    // Sent before the view is there: it waits for `initialized`.
    const input = bridge.sendToolInput({ city: 'Oslo' });
    const app = new App(
      { name: 'view', version: '1' },
      { peer: { target: w.host, listenOn: w.view }, autoResize: false },
    );
    const inputs: unknown[] = [];
    app.on('toolinput', (p) => inputs.push(p.arguments));
    let saved = false;
    app.on('teardown', () => {
      saved = true;
    });
    await app.connect();
    await input;
    await settle();
    assert.deepEqual(inputs, [{ city: 'Oslo' }]);
    assert.deepEqual(bridge.appInfo, { name: 'view', version: '1' });

    assert.deepEqual((await app.callServerTool('refresh')).content, [{ type: 'text', text: 'ok' }]);
    await assert.rejects(app.callServerTool('weather'), /cannot be called from a view/);
    assert.deepEqual(calls, [['refresh', {}]]);
    await assert.rejects(app.openLink('https://example.com/'), /Method not found/);
    assert.equal(await app.requestDisplayMode('fullscreen'), 'inline');

    assert.equal(await bridge.teardown('closed'), true);
    assert.equal(saved, true);
    await app.close();
  });

  it('keeps the order of input and result: partial input before input, one input, one ending', async () => {
    const w = windowPair();
    const bridge = bridgeFor(w, {});
    await bridge.start();
    const sent = postedToView(w);
    const app = mcpkitView(w);
    await app.connect();
    await assert.rejects(bridge.sendToolResult({ content: [] }), /sendToolResult: send the tool's input first/);
    await assert.rejects(bridge.sendToolCancelled('stopped'), /sendToolCancelled: send the tool's input first/);
    await bridge.sendToolInputPartial({ city: 'Os' });
    await bridge.sendToolInput({ city: 'Oslo' });
    await assert.rejects(bridge.sendToolInputPartial({ city: 'Osl' }), /the complete input was sent/);
    await assert.rejects(bridge.sendToolInput({ city: 'Bergen' }), /the input was already sent/);
    await bridge.sendToolResult({ content: [{ type: 'text', text: 'Sunny' }] });
    await assert.rejects(bridge.sendToolResult({ content: [] }), /already ended with a result or a cancellation/);
    await assert.rejects(bridge.sendToolCancelled(), /already ended with a result or a cancellation/);
    await settle();
    assert.deepEqual(sent, [
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ]);
    await bridge.teardown();
    await app.close();
  });

  it('answers a second ui/initialize and a view asking another version', async () => {
    const w = windowPair();
    const bridge = bridgeFor(w, {});
    await bridge.start();
    const answers: { id?: number; result?: Record<string, unknown> }[] = [];
    w.view.addEventListener('message', (event) => answers.push((event as Event & { data: never }).data));
    const first = mcpkitView(w, 'first');
    await first.connect();
    await first.close();
    w.host.postMessage({
      jsonrpc: '2.0',
      id: 7,
      method: 'ui/initialize',
      params: { appInfo: { name: 'old', version: '0' }, appCapabilities: {}, protocolVersion: '2024-01-01' },
    });
    await settle();
    const answer = answers.find((m) => m.id === 7);
    assert.equal(answer?.result?.protocolVersion, '2026-01-26');
    assert.equal((answer?.result?.hostInfo as { name: string }).name, 'mcpkit-host');
    assert.deepEqual(bridge.appInfo, { name: 'old', version: '0' });
    // Mounted again in the same frame (a framework's double mount): the new view replaces the old.
    const second = mcpkitView(w, 'second');
    await second.connect();
    assert.deepEqual(bridge.appInfo, { name: 'second', version: '1' });
    assert.equal(await bridge.teardown(), true);
    await second.close();
  });

  it("passes downloads, teardown requests and resource lists to its hooks, and a hook's no as a denial", async () => {
    const w = windowPair();
    const seen: unknown[] = [];
    let allow = true;
    const bridge = bridgeFor(w, {
      downloadFile: async (params) => (seen.push(['download', params.contents.length]), allow),
      openLink: async (url) => (seen.push(['link', url]), allow),
      message: async () => allow,
      requestTeardown: () => void seen.push(['teardown']),
      listResources: async (params) => ({ resources: [], ...(params.cursor === undefined && { nextCursor: 'p2' }) }),
    });
    await bridge.start();
    const app = mcpkitView(w);
    await app.connect();
    await app.downloadFile({ contents: [{ type: 'resource_link', uri: 'https://example.com/r.csv', name: 'r.csv' }] });
    await app.openLink('https://example.com/');
    await app.requestTeardown();
    assert.equal((await app.listServerResources()).nextCursor, 'p2');
    assert.equal((await app.listServerResources({ cursor: 'p2' })).nextCursor, undefined);
    allow = false;
    await assert.rejects(app.openLink('https://example.org/'), /Link denied/);
    await assert.rejects(app.downloadFile({ contents: [] }), /Download denied/);
    await assert.rejects(app.sendMessage('hi'), /Message denied/);
    await settle();
    assert.deepEqual(seen, [
      ['download', 1],
      ['link', 'https://example.com/'],
      ['teardown'],
      ['link', 'https://example.org/'],
      ['download', 0],
    ]);
    await bridge.teardown();
    await app.close();
  });

  describe('hosting the official App', () => {
    const globals = globalThis as { window?: unknown };
    const before = globals.window;
    after(() => {
      globals.window = before;
    });

    it('makes the handshake, takes the input and result, and calls through the host', async () => {
      const w = windowPair();
      const messages: unknown[] = [];
      const bridge = bridgeFor(w, {
        callTool: async (name) => ({ content: [{ type: 'text', text: `called ${name}` }] }),
        message: async (params) => void messages.push(params),
      });
      await bridge.start();
      // The official transport listens on the global `window`: the view's, here.
      globals.window = w.view;
      const app = new SdkApp({ name: 'sdk-view', version: '2.0.4' }, {}, { autoResize: false });
      const inputs: unknown[] = [];
      const results: unknown[] = [];
      app.ontoolinput = (p) => void inputs.push(p.arguments);
      app.ontoolresult = (r) => void results.push(r.structuredContent);
      await app.connect(new SdkTransport(w.host as never, w.host as never));
      await bridge.ready;
      assert.equal(app.getHostVersion()?.name, 'mcpkit-host');
      assert.equal(app.getHostContext()?.theme, 'light');
      await bridge.sendToolInput({ city: 'Oslo' });
      await bridge.sendToolResult({
        content: [{ type: 'text', text: 'Sunny' }],
        structuredContent: { temperature: 21 },
      });
      const called = await app.callServerTool({ name: 'refresh', arguments: {} });
      assert.deepEqual(called.content, [{ type: 'text', text: 'called refresh' }]);
      await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'More' }] });
      await settle();
      assert.deepEqual(inputs, [{ city: 'Oslo' }]);
      assert.deepEqual(results, [{ temperature: 21 }]);
      assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'More' }] }]);
      // The official view answers teardown only when it has a handler for it: removed all the same.
      assert.equal(await bridge.teardown(), false);
      await app.close();
    });

    it('passes its downloads, teardown requests and resource lists to the hooks, and denies', async () => {
      const w = windowPair();
      const seen: unknown[] = [];
      const bridge = bridgeFor(w, {
        downloadFile: async (params) => void seen.push(['download', params.contents]),
        openLink: async () => false,
        requestTeardown: () => void seen.push(['teardown']),
        listResources: async () => ({ resources: [{ uri: 'data://a', name: 'a' }] }),
      });
      await bridge.start();
      globals.window = w.view;
      const app = new SdkApp({ name: 'sdk-view', version: '2.0.4' }, {}, { autoResize: false });
      await app.connect(new SdkTransport(w.host as never, w.host as never));
      const file = { type: 'resource' as const, resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'a' } };
      await app.downloadFile({ contents: [file] });
      await app.requestTeardown();
      const listed = await app.listServerResources({});
      assert.deepEqual(listed.resources, [{ uri: 'data://a', name: 'a' }]);
      await assert.rejects(app.openLink({ url: 'https://example.com/' }), /Link denied/);
      await settle();
      assert.deepEqual(seen, [['download', [file]], ['teardown']]);
      await bridge.teardown();
      await app.close();
    });
  });
});
