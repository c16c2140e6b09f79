// The view's side of MCP Apps (mcpkit/app), against a host written here, over two windows
// that post to each other as browsers do (each message cloned, `source` the sender): the
// handshake and its order, the host's notifications as events, calls through the host,
// teardown that waits for the view, and messages from any other window ignored.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { App, JsonRpcError } from '../../src/app/index.js';
import { FakeWindow, windowPair } from '../helpers/fake-window.js';

interface Posted {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A view's window and its host's, and a host that answers as told and records what it got. */
function frames(answers: Record<string, (params: Record<string, unknown>) => Record<string, unknown>> = {}) {
  const { view, host } = windowPair();
  const received: Posted[] = [];
  const post = (message: Posted) => view.postMessage(message);
  const replies = new Map<number | string, (message: Posted) => void>();
  host.addEventListener('message', (event) => {
    const message = (event as Event & { data: Posted }).data;
    received.push(message);
    if (message.method === undefined) {
      replies.get(message.id!)?.(message);
      return;
    }
    if (message.id === undefined) return;
    const answer = message.method === 'ui/initialize' ? initialize : answers[message.method];
    if (answer) post({ jsonrpc: '2.0', id: message.id, result: answer(message.params ?? {}) });
    else post({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  });
  let next = 100;
  const ask = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Posted>((resolve) => {
      const id = next++;
      replies.set(id, resolve);
      post({ jsonrpc: '2.0', id, method, params });
    });
  const peer = { target: host, listenOn: view };
  return { view, host, received, post, ask, peer };
}

const initialize = () => ({
  protocolVersion: '2026-01-26',
  hostInfo: { name: 'test-host', version: '1' },
  hostCapabilities: { serverTools: {}, openLinks: {} },
  hostContext: { theme: 'dark', displayMode: 'inline', locale: 'en-US' },
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mcpkit/app', () => {
  it('makes the handshake, then says initialized, and keeps what the host said', async () => {
    const f = frames();
    const app = new App({ name: 'weather-view', version: '1.0.0' }, { peer: f.peer, autoResize: false });
    const result = await app.connect();
    await settle();
    assert.deepEqual(
      f.received.map((m) => m.method),
      ['ui/initialize', 'ui/notifications/initialized'],
    );
    assert.deepEqual(f.received[0]!.params, {
      appInfo: { name: 'weather-view', version: '1.0.0' },
      appCapabilities: {},
      protocolVersion: '2026-01-26',
    });
    assert.equal(result.hostInfo.name, 'test-host');
    assert.equal(app.hostContext.theme, 'dark');
    assert.deepEqual(app.hostCapabilities, { serverTools: {}, openLinks: {} });
    await app.close();
  });

  it("hands the host's notifications to listeners, and merges context changes", async () => {
    const f = frames();
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    const seen: [string, unknown][] = [];
    app.on('toolinputpartial', (p) => seen.push(['partial', p.arguments]));
    app.on('toolinput', (p) => seen.push(['input', p.arguments]));
    app.on('hostcontextchanged', (p) => seen.push(['context', p]));
    await app.connect();
    f.post({ jsonrpc: '2.0', method: 'ui/notifications/tool-input-partial', params: { arguments: { city: 'Os' } } });
    f.post({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } });
    f.post({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'light' } });
    f.post({
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-result',
      params: { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { temperature: 21 } },
    });
    await settle();
    assert.deepEqual(seen, [
      ['partial', { city: 'Os' }],
      ['input', { city: 'Oslo' }],
      ['context', { theme: 'light' }],
    ]);
    assert.deepEqual(app.hostContext, { theme: 'light', displayMode: 'inline', locale: 'en-US' });
    // A listener added after the result came still gets it.
    const late = await new Promise((resolve) => app.on('toolresult', resolve));
    assert.deepEqual(late, { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { temperature: 21 } });
    await app.close();
  });

  it('calls the server through the host, and asks the host for messages, links and modes', async () => {
    const f = frames({
      'tools/call': (p) => ({ content: [{ type: 'text', text: `called ${String(p.name)}` }] }),
      'resources/read': (p) => ({ contents: [{ uri: p.uri, text: 'data' }] }),
      'ui/message': () => ({}),
      'ui/open-link': () => ({}),
      'ui/update-model-context': () => ({}),
      'ui/request-display-mode': () => ({ mode: 'inline' }),
    });
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    await assert.rejects(app.callServerTool('refresh'), /before connect\(\) finished the handshake/);
    await app.connect();
    assert.deepEqual((await app.callServerTool('refresh', { city: 'Oslo' })).content, [
      { type: 'text', text: 'called refresh' },
    ]);
    assert.deepEqual((await app.readServerResource('data://x')).contents, [{ uri: 'data://x', text: 'data' }]);
    await app.sendMessage('Show me Bergen too');
    await app.openLink('https://example.com/');
    await app.updateModelContext({ structuredContent: { city: 'Oslo' } });
    assert.equal(await app.requestDisplayMode('fullscreen'), 'inline');
    await app.sendLog('info', { clicked: 'refresh' });
    await settle();
    const sent = f.received.filter((m) => m.method !== undefined).map((m) => [m.method, m.params]);
    assert.deepEqual(sent.slice(2), [
      ['tools/call', { name: 'refresh', arguments: { city: 'Oslo' } }],
      ['resources/read', { uri: 'data://x' }],
      ['ui/message', { role: 'user', content: [{ type: 'text', text: 'Show me Bergen too' }] }],
      ['ui/open-link', { url: 'https://example.com/' }],
      ['ui/update-model-context', { structuredContent: { city: 'Oslo' } }],
      ['ui/request-display-mode', { mode: 'fullscreen' }],
      ['notifications/message', { level: 'info', data: { clicked: 'refresh' } }],
    ]);
    await app.close();
  });

  it('answers ping, refuses what it does not serve, and finishes teardown before answering', async () => {
    const f = frames();
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    let saved = false;
    app.on('teardown', async () => {
      await settle();
      saved = true;
    });
    await app.connect();
    assert.deepEqual((await f.ask('ping')).result, {});
    assert.equal((await f.ask('tools/list')).error?.code, -32601);
    const teardown = await f.ask('ui/resource-teardown', { reason: 'closed' });
    assert.deepEqual(teardown.result, {});
    assert.equal(saved, true, 'the answer came after the listener finished');
    await app.close();
  });

  it('ignores messages from any window but the host', async () => {
    const f = frames();
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    const inputs: unknown[] = [];
    app.on('toolinput', (p) => inputs.push(p.arguments));
    await app.connect();
    const stranger = new FakeWindow('stranger');
    f.view.deliver(
      { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { evil: 1 } } },
      stranger,
    );
    f.post({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } });
    await settle();
    assert.deepEqual(inputs, [{ city: 'Oslo' }]);
    await app.close();
  });
});

describe('mcpkit/app: tools the view offers', () => {
  function viewWithTools() {
    const f = frames();
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    const greet = app.registerTool(
      'greet',
      {
        title: 'Greet',
        description: 'Greets someone',
        inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        annotations: { readOnlyHint: true },
      },
      ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${String(name)}` }], structuredContent: { name } }),
    );
    app.registerTool('explode', {}, () => {
      throw new Error('the chart is not drawn yet');
    });
    app.registerTool('refuse', {}, () => {
      throw new JsonRpcError(-32001, 'not now');
    });
    return { f, app, greet };
  }
  const listChanged = (f: ReturnType<typeof frames>) =>
    f.received.filter((m) => m.method === 'notifications/tools/list_changed').length;

  it('declares tools when one is registered before connect, lists and calls them', async () => {
    const { f, app } = viewWithTools();
    await app.connect();
    assert.deepEqual(f.received[0]!.params!.appCapabilities, { tools: { listChanged: true } });
    const listed = (await f.ask('tools/list')).result!.tools as { name: string }[];
    assert.deepEqual(listed[0], {
      name: 'greet',
      title: 'Greet',
      description: 'Greets someone',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      annotations: { readOnlyHint: true },
    });
    assert.deepEqual(listed[1], { name: 'explode', inputSchema: { type: 'object', properties: {} } });
    assert.deepEqual((await f.ask('tools/call', { name: 'greet', arguments: { name: 'Ada' } })).result, {
      content: [{ type: 'text', text: 'Hello, Ada' }],
      structuredContent: { name: 'Ada' },
    });
    assert.equal(listChanged(f), 0, 'registering before the handshake is no change to report');
    await app.close();
  });

  it('answers bad calls: unknown tool, arguments not an object, missing keys, a failing handler', async () => {
    const { f, app } = viewWithTools();
    await app.connect();
    const unknown = await f.ask('tools/call', { name: 'nope', arguments: {} });
    assert.deepEqual(unknown.error, { code: -32602, message: 'Unknown tool: nope' });
    const notObject = await f.ask('tools/call', { name: 'greet', arguments: ['Ada'] });
    assert.deepEqual(notObject.error, { code: -32602, message: 'Tool arguments must be an object' });
    const missing = await f.ask('tools/call', { name: 'greet', arguments: {} });
    assert.deepEqual(missing.result, {
      content: [{ type: 'text', text: 'Invalid arguments for tool greet: missing name' }],
      isError: true,
    });
    // The tool's own failure is a result the model can read; a JSON-RPC error stays one.
    const exploded = await f.ask('tools/call', { name: 'explode' });
    assert.deepEqual(exploded.result, {
      content: [{ type: 'text', text: 'the chart is not drawn yet' }],
      isError: true,
    });
    assert.deepEqual((await f.ask('tools/call', { name: 'refuse' })).error, { code: -32001, message: 'not now' });
    await app.close();
  });

  it('tells the host once per burst of changes; a disabled tool is neither listed nor callable', async () => {
    const { f, app, greet } = viewWithTools();
    await app.connect();
    greet.disable();
    greet.update({ description: 'Greets warmly' });
    await settle();
    assert.equal(listChanged(f), 1);
    assert.equal(greet.enabled, false);
    const names = (r: Posted) => (r.result!.tools as { name: string }[]).map((t) => t.name);
    assert.deepEqual(names(await f.ask('tools/list')), ['explode', 'refuse']);
    assert.deepEqual((await f.ask('tools/call', { name: 'greet', arguments: { name: 'Ada' } })).error, {
      code: -32602,
      message: 'The tool greet is disabled',
    });
    greet.enable();
    await settle();
    const tools = (await f.ask('tools/list')).result!.tools as { name: string; description?: string }[];
    assert.equal(tools.find((t) => t.name === 'greet')?.description, 'Greets warmly');
    greet.remove();
    greet.enable(); // a removed tool's handle does nothing
    await settle();
    assert.equal(listChanged(f), 3);
    assert.deepEqual(names(await f.ask('tools/list')), ['explode', 'refuse']);
    assert.throws(() => app.registerTool('explode', {}, () => ({ content: [] })), /already registered/);
    const again = app.registerTool('greet', {}, () => ({ content: [{ type: 'text', text: 'hi' }] }));
    await settle();
    assert.equal(listChanged(f), 4);
    assert.deepEqual((await f.ask('tools/call', { name: again.name })).result, {
      content: [{ type: 'text', text: 'hi' }],
    });
    await app.close();
  });

  it('refuses a tool registered after telling the host it has none', async () => {
    const f = frames();
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    await app.connect();
    assert.throws(() => app.registerTool('late', {}, () => ({ content: [] })), /told its host it has no tools/);
    assert.equal((await f.ask('tools/call', { name: 'late' })).error?.code, -32601);
    await app.close();
  });
});

describe('mcpkit/app: downloads, teardown requests, resource lists and denials', () => {
  it('sends download-file, request-teardown and resources/list', async () => {
    const f = frames({
      'ui/download-file': () => ({}),
      'resources/list': (p) => ({
        resources: [{ uri: 'data://a', name: 'a' }],
        ...(p.cursor ? {} : { nextCursor: '2' }),
      }),
    });
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    await app.connect();
    const file = {
      type: 'resource',
      resource: { uri: 'file:///report.csv', mimeType: 'text/csv', text: 'a,b\n1,2\n' },
    };
    await app.downloadFile({ contents: [file as never] });
    await app.requestTeardown();
    const first = await app.listServerResources();
    assert.equal(first.nextCursor, '2');
    await app.listServerResources({ cursor: '2' });
    await settle();
    const sent = f.received.filter((m) => m.method !== undefined).map((m) => [m.method, m.params]);
    assert.deepEqual(sent.slice(2), [
      ['ui/download-file', { contents: [file] }],
      ['ui/notifications/request-teardown', {}],
      ['resources/list', {}],
      ['resources/list', { cursor: '2' }],
    ]);
    await app.close();
  });

  it('reports a host answer with isError as a denial, as it does a JSON-RPC error', async () => {
    const denied = () => ({ isError: true });
    const f = frames({ 'ui/message': denied, 'ui/open-link': denied, 'ui/download-file': denied });
    const app = new App({ name: 'v', version: '1' }, { peer: f.peer, autoResize: false });
    await app.connect();
    await assert.rejects(app.sendMessage('hi'), /the host denied ui\/message/);
    await assert.rejects(app.openLink('https://example.com/'), /the host denied ui\/open-link/);
    await assert.rejects(app.downloadFile({ contents: [] }), /the host denied ui\/download-file/);
    await assert.rejects(app.updateModelContext({ structuredContent: {} }), /Method not found/);
    await app.close();
  });
});
