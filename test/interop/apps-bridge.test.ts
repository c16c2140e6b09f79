// Interoperability of MCP Apps: a view written with mcpkit/app, hosted by the official
// @modelcontextprotocol/ext-apps 2.0.4 AppBridge, over two windows that post to each other as
// browsers do (each message cloned, `source` the sender). The handshake, the tool's input and
// result, a call through the host, the view's size and messages, and teardown.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { App } from '../../src/app/index.js';
import { windowPair } from '../helpers/fake-window.js';

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
});
