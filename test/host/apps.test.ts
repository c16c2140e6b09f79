// MCP Apps in the host's chat: a tool only a view may call (visibility ["app"]) is kept from
// the model; the others, with or without a view, are offered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Host, openaiModel, type ChatEvent } from '../../src/host/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { appToolMeta, appView, Server } from '../../src/server/index.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

describe('MCP Apps in the host’s chat', () => {
  let llm: ScriptedLlm;
  let http: ListeningServer;
  before(async () => {
    llm = await startScriptedLlm([]);
    const server = new Server({ name: 'weather', version: '1' });
    appView(server, 'ui://weather/view.html', {}, '<!doctype html><p>view</p>');
    const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
    server.tool(
      'forecast',
      { description: 'With a view', _meta: appToolMeta({ view: 'ui://weather/view.html' }) },
      () => text('sunny'),
    );
    server.tool('refresh', { description: 'Only the view calls it', _meta: appToolMeta({ visibility: ['app'] }) }, () =>
      text('ok'),
    );
    server.tool('plain', { description: 'No view' }, () => text('plain'));
    http = await listen(server, { port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await http.close();
    await llm.close();
  });

  it('offers the model every tool but those only a view may call', async () => {
    const host = new Host({
      servers: { w: { type: 'http', url: http.url } },
      model: openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' }),
      eraCache: false,
    });
    const first = llm.requests.length;
    llm.push({ text: ['Hello.'] });
    try {
      const events: ChatEvent[] = [];
      for await (const event of host.chat([{ role: 'user', content: 'Hi' }])) events.push(event);
      const offered = JSON.stringify(llm.requests[first]!.body!.tools);
      assert.match(offered, /w__forecast/);
      assert.match(offered, /w__plain/);
      assert.doesNotMatch(offered, /w__refresh/);
      // Still in the catalog, for the view's host to call.
      assert.ok((await host.tools()).some((t) => t.name === 'w__refresh'));
    } finally {
      await host.close();
    }
  });
});
