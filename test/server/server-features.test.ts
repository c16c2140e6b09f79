// The features as a user wires them, through `server.resource/resourceTemplate/prompt/tool` and
// the client's typed methods and events: many sessions, subscriptions, list changes at runtime.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import { nextEvent } from '../helpers/linked-client.js';

function exampleServer(): Server {
  const server = new Server({ name: 'features', version: '1' });
  server.resource('memo://today', { name: 'today', mimeType: 'text/plain' }, () => 'Buy milk');
  server.resourceTemplate(
    'greeting://{name}',
    { name: 'greeting', complete: { name: (value) => ['Ada', 'Alan', 'Grace'].filter((n) => n.startsWith(value)) } },
    (_uri, vars) => `Hello, ${String(vars.name)}!`,
  );
  server.prompt(
    'review',
    { description: 'Review code', arguments: [{ name: 'code', required: true }] },
    ({ code }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Review:\n${code}` } }],
    }),
  );
  server.tool('noop', {}, () => ({ content: [] }));
  return server;
}

describe('server features through the public API', () => {
  it('declares what is registered and serves resources, templates, prompts and completion', async () => {
    const { client: session } = await connectPair(exampleServer(), { protocolVersion: '2025-11-25' });
    assert.deepEqual(Object.keys(session.serverCapabilities).sort(), [
      'completions',
      'logging',
      'prompts',
      'resources',
      'tools',
    ]);
    const read = await session.readResource({ uri: 'memo://today' });
    assert.deepEqual(read.contents, [{ uri: 'memo://today', mimeType: 'text/plain', text: 'Buy milk' }]);
    const greeting = await session.readResource({ uri: 'greeting://Ada' });
    assert.equal((greeting.contents[0] as { text: string }).text, 'Hello, Ada!');
    const prompt = await session.getPrompt({ name: 'review', arguments: { code: 'x = 1' } });
    assert.deepEqual(prompt.messages, [{ role: 'user', content: { type: 'text', text: 'Review:\nx = 1' } }]);
    const completion = await session.complete({
      ref: { type: 'ref/resource', uri: 'greeting://{name}' },
      argument: { name: 'name', value: 'A' },
    });
    assert.deepEqual(completion.completion.values, ['Ada', 'Alan']);
    await assert.rejects(
      session.readResource({ uri: 'memo://nothing' }),
      (e: { code?: number; data?: unknown }) =>
        e.code === -32002 && (e.data as { uri: string }).uri === 'memo://nothing',
    );
    await session.close();
  });

  it('sends resources/updated only to the sessions subscribed to that resource', async () => {
    const server = exampleServer();
    const [{ client: subscribed }, { client: other }] = await Promise.all([
      connectPair(server, { protocolVersion: '2025-11-25' }),
      connectPair(server, { protocolVersion: '2025-11-25' }),
    ]);
    await subscribed.subscribeResource({ uri: 'memo://today' });
    const heard: string[] = [];
    other.on('resourceUpdated', (p) => heard.push(`other ${p.uri}`));
    const update = nextEvent(subscribed, 'resourceUpdated');
    await server.resourceUpdated('memo://today');
    assert.equal((await update).uri, 'memo://today');
    await subscribed.unsubscribeResource({ uri: 'memo://today' });
    await server.resourceUpdated('memo://today');
    await other.ping(); // a round trip: anything sent before it has arrived
    assert.deepEqual(heard, []);
    await Promise.all([subscribed.close(), other.close()]);
  });

  it('tells every session when lists change at runtime, once per tick', async () => {
    const server = exampleServer();
    const [{ client: a }, { client: b }] = await Promise.all([
      connectPair(server, { protocolVersion: '2025-11-25' }),
      connectPair(server, { protocolVersion: '2025-11-25' }),
    ]);
    let toolChanges = 0;
    a.on('toolsListChanged', () => toolChanges++);
    const bTools = nextEvent(b, 'toolsListChanged');
    const aPrompts = nextEvent(a, 'promptsListChanged');
    const aResources = nextEvent(a, 'resourcesListChanged');
    const tool = server.tool('later', { description: 'added later' }, () => ({ content: [] }));
    tool.disable();
    tool.enable();
    server.prompt('later', {}, () => ({ messages: [] }));
    server.resource('memo://later', { name: 'later' }, () => 'x');
    await Promise.all([bTools, aPrompts, aResources]);
    await a.ping();
    assert.equal(toolChanges, 1, 'three tool changes in one tick make one notification');
    assert.deepEqual(
      (await a.listTools()).tools.map((t) => t.name),
      ['noop', 'later'],
    );
    tool.remove();
    await nextEvent(b, 'toolsListChanged');
    assert.deepEqual(
      (await b.listTools()).tools.map((t) => t.name),
      ['noop'],
    );
    await Promise.all([a.close(), b.close()]);
  });
});
