// MCP Apps in the host's chat: a tool only a view may call (visibility ["app"]) is kept from
// the model, the others, with or without a view, are offered; a call of a tool with a view
// says which view to render, on the call (to start it with the input) and on its result (to
// render it with input and result), and the view it names can be read.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Host, openaiModel, type ChatEvent } from 'mcpkit/host';
import { listen, type ListeningServer } from 'mcpkit/node';
import { VIEW_HTML, VIEW_URI, weatherAppsServer } from '../helpers/apps-weather.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

describe('MCP Apps in the host’s chat', () => {
  let llm: ScriptedLlm;
  let http: ListeningServer;
  before(async () => {
    llm = await startScriptedLlm([]);
    http = await listen(weatherAppsServer(), { port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await http.close();
    await llm.close();
  });

  function host(): Host {
    return new Host({
      servers: { w: { type: 'http', url: http.url } },
      model: openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' }),
      consent: () => 'allow',
      apps: true,
      eraCache: false,
    });
  }

  async function turn(h: Host): Promise<ChatEvent[]> {
    const events: ChatEvent[] = [];
    for await (const event of h.chat([{ role: 'user', content: 'Hi' }])) events.push(event);
    return events;
  }

  it('offers the model every tool but those only a view may call', async () => {
    const h = host();
    const first = llm.requests.length;
    llm.push({ text: ['Hello.'] });
    try {
      await turn(h);
      const offered = JSON.stringify(llm.requests[first]!.body!.tools);
      assert.match(offered, /w__forecast/);
      assert.match(offered, /w__report/);
      assert.match(offered, /w__plain/);
      assert.doesNotMatch(offered, /w__refresh/);
      // Still in the catalog, for the view's host to call.
      assert.ok((await h.tools()).some((t) => t.name === 'w__refresh'));
    } finally {
      await h.close();
    }
  });

  it('reports the view of each call of a tool that has one, with its input and result', async () => {
    const h = host();
    llm.push(
      {
        toolCalls: [
          { id: 'c1', name: 'w__forecast', arguments: { city: 'Oslo' } },
          { id: 'c2', name: 'w__plain', arguments: {} },
        ],
      },
      { text: ['Sunny.'] },
    );
    try {
      const events = await turn(h);
      const view = { uri: VIEW_URI, tool: 'w__forecast', server: 'w' };
      const started = events.find((e) => e.type === 'tool_call' && e.call.id === 'c1');
      assert.deepEqual(started, {
        type: 'tool_call',
        call: { id: 'c1', name: 'w__forecast', arguments: { city: 'Oslo' } },
        server: 'w',
        view,
      });
      const done = events.find((e) => e.type === 'tool_result' && e.call.id === 'c1');
      assert.ok(done?.type === 'tool_result');
      assert.deepEqual(done.view, view);
      assert.deepEqual(done.call.arguments, { city: 'Oslo' });
      assert.deepEqual(done.result.structuredContent, { answer: 'Sunny, 21 °C' });
      // A tool without a view: no view on either event.
      for (const event of events.filter((e) => 'call' in e && e.call.id === 'c2'))
        assert.equal('view' in event, false, event.type);
      // What a front end does next: read the view the event names.
      assert.equal((await h.readView(done.view!.tool)).html, VIEW_HTML);
    } finally {
      await h.close();
    }
  });

  it('tells the model there is no such tool when it calls one only a view may call', async () => {
    const h = host();
    llm.push({ toolCalls: [{ id: 'c3', name: 'w__refresh', arguments: {} }] }, { text: ['I cannot.'] });
    try {
      const events = await turn(h);
      const error = events.find((e) => e.type === 'tool_error');
      assert.ok(error?.type === 'tool_error');
      assert.match(error.error.message, /There is no tool named w__refresh/);
    } finally {
      await h.close();
    }
  });
});
