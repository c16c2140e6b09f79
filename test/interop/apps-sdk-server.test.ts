// Interoperability of MCP Apps the other way: mcpkit's Host reads the apps of a server built
// with the official SDKs (@modelcontextprotocol/server 2.4.0 and ext-apps 2.0.4's
// registerAppTool / registerAppResource), over Streamable HTTP on a real socket, in 2025-11-25
// and 2026-07-28. Its catalog knows each tool's view and visibility, readView gives the HTML and
// the policy of the view's _meta.ui (from the content, else the listing), the chat (a scripted
// model) names the view of a call with its input and result, and a view's calls run only for
// tools whose visibility lets a view call them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConsentDeniedError, Host, openaiModel, type ChatEvent } from 'mcpkit/host';
import {
  SDK_LISTED_HTML,
  SDK_LISTED_UI,
  SDK_LISTED_URI,
  SDK_VIEW_HTML,
  SDK_VIEW_UI,
  SDK_VIEW_URI,
  startSdkAppsServer,
} from '../helpers/apps-sdk-server.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';
import type { V2HttpServer } from '../helpers/v2-http-server.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;

describe('mcpkit’s host reads the official SDK’s apps', () => {
  let sdk: V2HttpServer;
  let llm: ScriptedLlm;
  const calls: string[] = [];
  before(async () => {
    sdk = await startSdkAppsServer(calls);
    llm = await startScriptedLlm([]);
  });
  after(async () => {
    await sdk.close();
    await llm.close();
  });

  function host(protocolVersion: (typeof ERAS)[number]): Host & AsyncDisposable {
    return new Host({
      servers: { s: { type: 'http', url: sdk.url } },
      model: openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' }),
      consent: () => 'allow',
      apps: true,
      protocolVersion,
      eraCache: false,
    });
  }

  for (const version of ERAS) {
    it(`knows each tool’s view and visibility, and declares the extension the server reads, in ${version}`, async () => {
      await using h = host(version);
      const tools = new Map((await h.tools()).map((t) => [t.name, { view: t.view, visibility: t.visibility }]));
      assert.deepEqual(tools.get('s__forecast'), { view: SDK_VIEW_URI, visibility: ['model', 'app'] });
      assert.deepEqual(tools.get('s__outlook'), { view: SDK_LISTED_URI, visibility: ['model', 'app'] });
      assert.deepEqual(tools.get('s__refresh'), { view: SDK_VIEW_URI, visibility: ['app'] });
      assert.deepEqual(tools.get('s__report'), { view: SDK_VIEW_URI, visibility: ['model'] });
      assert.deepEqual(tools.get('s__capability'), { view: undefined, visibility: ['model', 'app'] });
      assert.equal(h.servers[0]?.protocolVersion, version);
      const declared = await h.callTool('s__capability', {});
      assert.deepEqual(JSON.parse((declared.content[0] as { text: string }).text), {
        mimeTypes: ['text/html;profile=mcp-app'],
      });
    });

    it(`reads a view’s HTML and its policy, from the content’s _meta.ui or the listing’s, in ${version}`, async () => {
      await using h = host(version);
      const view = await h.readView('s__forecast');
      assert.equal(view.uri, SDK_VIEW_URI);
      assert.equal(view.html, SDK_VIEW_HTML);
      assert.deepEqual(view.meta, SDK_VIEW_UI);
      assert.match(view.policy.csp, /connect-src 'self' https:\/\/api\.weather\.example;/);
      assert.match(view.policy.csp, /img-src 'self' data: https:\/\/cdn\.weather\.example;/);
      assert.match(view.policy.csp, /frame-src 'none'/);
      assert.equal(view.policy.allow, 'camera');
      assert.deepEqual(view.toolVisibility.refresh, ['app']);
      assert.deepEqual(view.toolVisibility.report, ['model']);

      const listed = await h.readView('s__outlook');
      assert.equal(listed.html, SDK_LISTED_HTML);
      assert.deepEqual(listed.meta, SDK_LISTED_UI);
      assert.match(listed.policy.csp, /base-uri https:\/\/base\.weather\.example$/);
      assert.equal(listed.policy.allow, '');
    });

    it(`names the view of the model’s call with its input and result, and hides app-only tools, in ${version}`, async () => {
      await using h = host(version);
      const first = llm.requests.length;
      llm.push({ toolCalls: [{ id: 'f1', name: 's__forecast', arguments: { city: 'Oslo' } }] }, { text: ['Sunny.'] });
      const events: ChatEvent[] = [];
      for await (const event of h.chat([{ role: 'user', content: 'Weather in Oslo?' }])) events.push(event);
      const offered = JSON.stringify(llm.requests[first]!.body!.tools);
      assert.match(offered, /s__forecast/);
      assert.match(offered, /s__report/);
      assert.doesNotMatch(offered, /s__refresh/);

      const view = { uri: SDK_VIEW_URI, tool: 's__forecast', server: 's' };
      const started = events.find((e) => e.type === 'tool_call');
      assert.ok(started?.type === 'tool_call');
      assert.deepEqual(started.view, view);
      const done = events.find((e) => e.type === 'tool_result');
      assert.ok(done?.type === 'tool_result');
      assert.deepEqual(done.view, view);
      assert.deepEqual(done.call.arguments, { city: 'Oslo' });
      assert.deepEqual(done.result.structuredContent, { city: 'Oslo', celsius: 21 });
      assert.equal(events.at(-1)?.type, 'done');
    });

    it(`runs a view’s call of an app-only tool and refuses a model-only one, in ${version}`, async () => {
      await using h = host(version);
      const result = await h.callFromView('s', 'refresh', { city: 'Bergen' });
      assert.deepEqual(result.structuredContent, { city: 'Bergen', celsius: 22 });
      const before = calls.length;
      await assert.rejects(h.callFromView('s', 'report', {}), (e: unknown) => {
        assert.ok(e instanceof ConsentDeniedError, String(e));
        assert.match(e.message, /s__report: a view may not call this tool/);
        return true;
      });
      assert.equal(calls.length, before, 'the model-only tool did not run');
      const read = await h.readFromView('s', SDK_VIEW_URI);
      assert.equal((read.contents[0] as { text?: string }).text, SDK_VIEW_HTML);
    });
  }
});
