// A host's side of one view (ViewBridge), over two windows that post to each other as browsers
// do: with mcpkit's own view, and with the official @modelcontextprotocol/ext-apps 2.0.4 App.
// Nothing reaches the view before it is initialized; a tool the model alone may call is refused
// to the view; each request goes to its hook, or is refused without one; teardown waits.
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
  });
});
