// The tools a view offers its host, seen from the host (ViewBridge): listed and called on
// mcpkit's view and on the official @modelcontextprotocol/ext-apps 2.0.4 App, a change of the
// view's list heard, and a view that declared no tools never asked.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { App as SdkApp, PostMessageTransport as SdkTransport } from '@modelcontextprotocol/ext-apps';
import { z } from 'zod';
import { ViewBridge } from '../../src/app-host/bridge.js';
import { App, PostMessageTransport } from '../../src/app/index.js';
import { windowPair } from '../helpers/fake-window.js';

/** A bridge on the host's window that counts the view's list changes and records what it posts. */
function hostOf(w: ReturnType<typeof windowPair>) {
  const heard = { changes: 0, posted: [] as string[] };
  w.view.addEventListener('message', (event) => {
    const { method } = (event as Event & { data: { method?: string } }).data;
    if (method !== undefined) heard.posted.push(method);
  });
  const bridge = new ViewBridge(new PostMessageTransport({ target: w.view, listenOn: w.host }), {
    hostInfo: { name: 'mcpkit-host', version: '1.0.0' },
    hostCapabilities: {},
    hostContext: {},
    toolVisibility: () => undefined,
    hooks: { viewToolsChanged: () => void heard.changes++ },
  });
  return { bridge, heard };
}

/** Resolves once `check` holds, looked at after each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('ViewBridge and the tools of a view', () => {
  it("lists and calls mcpkit's view tools, and hears their list change", async () => {
    const w = windowPair();
    const { bridge, heard } = hostOf(w);
    await bridge.start();
    const app = new App(
      { name: 'chart', version: '1' },
      { peer: { target: w.host, listenOn: w.view }, autoResize: false },
    );
    const zoom = app.registerTool(
      'zoom',
      { description: 'Zooms the chart', inputSchema: { type: 'object', properties: { level: { type: 'number' } } } },
      ({ level }) => ({ content: [{ type: 'text', text: `zoomed to ${String(level)}` }] }),
    );
    await app.connect();
    assert.deepEqual(bridge.appCapabilities, { tools: { listChanged: true } });
    assert.deepEqual(await bridge.listViewTools(), [
      {
        name: 'zoom',
        description: 'Zooms the chart',
        inputSchema: { type: 'object', properties: { level: { type: 'number' } } },
      },
    ]);
    assert.deepEqual(await bridge.callViewTool('zoom', { level: 2 }), {
      content: [{ type: 'text', text: 'zoomed to 2' }],
    });
    await assert.rejects(bridge.callViewTool('pan'), /Unknown tool: pan/);
    zoom.disable();
    await until(() => heard.changes === 1);
    assert.deepEqual(await bridge.listViewTools(), []);
    await bridge.teardown();
    await app.close();
  });

  it('never asks a view that declared no tools', async () => {
    const w = windowPair();
    const { bridge, heard } = hostOf(w);
    await bridge.start();
    const app = new App(
      { name: 'plain', version: '1' },
      { peer: { target: w.host, listenOn: w.view }, autoResize: false },
    );
    await app.connect();
    await assert.rejects(bridge.listViewTools(), /the view offers no tools .*tools\/list not sent/);
    await assert.rejects(bridge.callViewTool('zoom'), /the view offers no tools .*tools\/call not sent/);
    assert.deepEqual(heard.posted, []);
    await bridge.teardown();
    await app.close();
  });

  describe('with the official App', () => {
    const globals = globalThis as { window?: unknown };
    const before = globals.window;
    after(() => {
      globals.window = before;
    });

    it('lists and calls its registered tools, and hears their list change', async () => {
      const w = windowPair();
      const { bridge, heard } = hostOf(w);
      await bridge.start();
      // The official transport listens on the global `window`: the view's, here.
      globals.window = w.view;
      const app = new SdkApp({ name: 'sdk-chart', version: '2.0.4' }, {}, { autoResize: false });
      const zoom = app.registerTool(
        'zoom',
        { description: 'Zooms the chart', inputSchema: z.object({ level: z.number() }) },
        async ({ level }) => ({ content: [{ type: 'text', text: `zoomed to ${level}` }] }),
      );
      await app.connect(new SdkTransport(w.host as never, w.host as never));
      await bridge.ready;
      assert.deepEqual(bridge.appCapabilities, { tools: { listChanged: true } });
      const [tool] = await bridge.listViewTools();
      assert.equal(tool?.name, 'zoom');
      assert.equal(tool?.description, 'Zooms the chart');
      assert.deepEqual(tool?.inputSchema.properties, { level: { type: 'number' } });
      assert.deepEqual(await bridge.callViewTool('zoom', { level: 3 }), {
        content: [{ type: 'text', text: 'zoomed to 3' }],
      });
      // The official view reports invalid input as a JSON-RPC error: the call rejects.
      await assert.rejects(bridge.callViewTool('zoom', { level: 'high' }), /Invalid input for tool zoom/);
      zoom.disable();
      await until(() => heard.changes === 1);
      await assert.rejects(bridge.callViewTool('zoom', { level: 3 }), /Tool zoom is disabled/);
      assert.deepEqual(await bridge.listViewTools(), []);
      await bridge.teardown();
      await app.close();
    });
  });
});
