// MCP Apps in the host: a host made with `apps: true` declares the extension to every server in
// both eras (and one without declares nothing), its catalog knows each tool's view and
// visibility (a view named wrong is reported once and left out), `readView` gives a view's
// document and policy with the errors it can have, and a view's calls go to its own server
// only, to tools whose visibility lets views call them, through consent. The servers are
// mcpkit servers on real sockets.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ConsentDeniedError,
  Host,
  NotInCatalogError,
  ViewError,
  type ConsentRequest,
  type HostOptions,
} from 'mcpkit/host';
import { listen, type ListeningServer } from 'mcpkit/node';
import { Server } from 'mcpkit/server';
import {
  LISTED_HTML,
  LISTED_UI,
  LISTED_URI,
  VIEW_HTML,
  VIEW_MIME,
  VIEW_UI,
  VIEW_URI,
  weatherAppsServer,
} from '../helpers/apps-weather.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;

describe('MCP Apps in the host', () => {
  let weather: ListeningServer;
  let notes: ListeningServer;
  const calls: string[] = [];
  before(async () => {
    weather = await listen(weatherAppsServer(calls), { port: 0, host: '127.0.0.1' });
    const other = new Server({ name: 'notes', version: '1' });
    other.tool('note', { description: 'A note' }, () => ({ content: [{ type: 'text', text: 'noted' }] }));
    notes = await listen(other, { port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await weather.close();
    await notes.close();
  });

  function host(options: Partial<HostOptions> = {}): Host {
    return new Host({
      servers: { w: { type: 'http', url: weather.url }, n: { type: 'http', url: notes.url } },
      eraCache: false,
      ...options,
    });
  }

  async function declared(h: Host): Promise<{ renders: boolean; declared: unknown }> {
    const result = await h.callTool('w__capability', {}, { approved: true });
    return JSON.parse((result.content[0] as { text: string }).text) as { renders: boolean; declared: unknown };
  }

  for (const version of ERAS) {
    it(`declares the Apps extension to every server with apps: true, and only then, in ${version}`, async () => {
      const rendering = host({ apps: true, protocolVersion: version });
      const plain = host({ protocolVersion: version });
      try {
        assert.deepEqual(await declared(rendering), { renders: true, declared: { mimeTypes: [VIEW_MIME] } });
        assert.equal(rendering.servers.find((s) => s.name === 'w')?.protocolVersion, version);
        assert.deepEqual(await declared(plain), { renders: false, declared: null });
      } finally {
        await rendering.close();
        await plain.close();
      }
    });
  }

  it('knows each tool’s view and visibility, and reports a view named wrong once', async () => {
    const errors: Error[] = [];
    const h = host({ onError: (e) => errors.push(e) });
    try {
      const byName = async () => new Map((await h.tools({ servers: ['w'] })).map((t) => [t.name, t]));
      const tools = await byName();
      const app = (name: string) => ({ view: tools.get(name)?.view, visibility: tools.get(name)?.visibility });
      assert.deepEqual(app('w__forecast'), { view: VIEW_URI, visibility: ['model', 'app'] });
      assert.deepEqual(app('w__outlook'), { view: LISTED_URI, visibility: ['model', 'app'] });
      assert.deepEqual(app('w__refresh'), { view: undefined, visibility: ['app'] });
      assert.deepEqual(app('w__report'), { view: VIEW_URI, visibility: ['model'] });
      assert.deepEqual(app('w__plain'), { view: undefined, visibility: ['model', 'app'] });
      assert.deepEqual(app('w__broken'), { view: undefined, visibility: ['model', 'app'] });
      assert.equal(errors.length, 1);
      assert.match(errors[0]!.message, /server "w": .*broken.*not a ui:\/\/ URI.*listed without a view/);
      // Asked again, the same list: nothing reported again.
      await byName();
      assert.equal((await h.tool('w__broken'))?.view, undefined);
      assert.equal((await h.tool('w__forecast'))?.view, VIEW_URI);
      assert.equal(errors.length, 1);
    } finally {
      await h.close();
    }
  });

  it('reads a view: its document, its _meta.ui, its policy, and who may call its server’s tools', async () => {
    const h = host({ apps: true });
    try {
      const view = await h.readView('w__forecast');
      assert.equal(view.name, 'w__forecast');
      assert.equal(view.server, 'w');
      assert.equal(view.tool.name, 'forecast');
      assert.equal(view.uri, VIEW_URI);
      assert.equal(view.html, VIEW_HTML);
      assert.deepEqual(view.meta, VIEW_UI);
      assert.match(view.policy.csp, /connect-src 'self' https:\/\/api\.example\.com;/);
      assert.match(view.policy.csp, /script-src 'self' 'unsafe-inline' https:\/\/cdn\.example\.com;/);
      assert.equal(view.policy.allow, 'clipboard-write');
      assert.deepEqual(view.policy.dropped, []);
      assert.deepEqual(view.toolVisibility.refresh, ['app']);
      assert.deepEqual(view.toolVisibility.report, ['model']);
      assert.deepEqual(view.toolVisibility.forecast, ['model', 'app']);
      assert.equal(view.toolVisibility.note, undefined, 'only the view’s own server’s tools');
      // Round-trips as JSON, for a front end in a browser.
      assert.deepEqual(JSON.parse(JSON.stringify(view)), view);
    } finally {
      await h.close();
    }
  });

  it('takes a view’s _meta.ui from its listing when the content has none', async () => {
    const h = host({ apps: true });
    try {
      const view = await h.readView('w__outlook');
      assert.equal(view.html, LISTED_HTML);
      assert.deepEqual(view.meta, LISTED_UI);
      assert.match(view.policy.csp, /frame-src https:\/\/video\.example\.com;/);
    } finally {
      await h.close();
    }
  });

  it('says clearly why a view cannot be read', async () => {
    const h = host({ apps: true });
    try {
      await assert.rejects(h.readView('w__nothing'), (e: unknown) => {
        assert.ok(e instanceof NotInCatalogError, String(e));
        assert.match(e.message, /no tool named "w__nothing"/);
        return true;
      });
      await assert.rejects(h.readView('w__plain'), (e: unknown) => {
        assert.ok(e instanceof ViewError, String(e));
        assert.equal(e.message, 'w__plain has no view');
        return true;
      });
      await assert.rejects(h.readView('w__broken'), (e: unknown) => {
        assert.ok(e instanceof ViewError, String(e));
        assert.match(e.message, /not a ui:\/\/ URI: "https:\/\/weather\.example\.com\/view\.html"/);
        return true;
      });
      await assert.rejects(h.readView('w__mistyped'), (e: unknown) => {
        assert.ok(e instanceof ViewError, String(e));
        assert.match(e.message, /is "text\/html", not text\/html;profile=mcp-app/);
        return true;
      });
    } finally {
      await h.close();
    }
  });

  it('runs a view’s calls on its own server only, for tools a view may call, through consent', async () => {
    const asked: ConsentRequest[] = [];
    const h = host({ apps: true, consent: (request) => (asked.push(request), 'allow') });
    try {
      const result = await h.callFromView('w', 'refresh', { city: 'Oslo' });
      assert.deepEqual(result.structuredContent, { answer: 'refreshed' });
      assert.ok(calls.includes('refresh {"city":"Oslo"}'));
      assert.equal(asked.length, 1);
      assert.deepEqual(
        { ...asked[0], tool: undefined },
        {
          kind: 'tool',
          server: 'w',
          tool: undefined,
          name: 'w__refresh',
          arguments: { city: 'Oslo' },
          trusted: false,
          fromView: true,
        },
      );
      // The model's calls are not marked.
      await h.callTool('w__plain', {});
      assert.equal((asked[1] as { fromView?: boolean }).fromView, undefined);

      const before = calls.length;
      await assert.rejects(h.callFromView('w', 'report', {}), (e: unknown) => {
        assert.ok(e instanceof ConsentDeniedError, String(e));
        assert.match(e.message, /w__report: a view may not call this tool/);
        return true;
      });
      // Another server's tool, even one views may call, is not this view's to call.
      await assert.rejects(h.callFromView('w', 'note', {}), NotInCatalogError);
      await assert.rejects(h.callFromView('nowhere', 'refresh', {}), /no server named "nowhere"/);
      assert.equal(calls.length, before, 'nothing refused ran');
      assert.equal(asked.length, 2, 'nothing refused was asked about');
    } finally {
      await h.close();
    }
  });

  it('refuses a view’s call the user or the configuration refuses', async () => {
    const h = host({
      apps: true,
      consent: () => 'deny',
      servers: {
        w: { type: 'http', url: weather.url, consent: { forecast: 'deny' } },
      },
    });
    try {
      await assert.rejects(h.callFromView('w', 'refresh', {}), /w__refresh: the call was not allowed/);
      await assert.rejects(h.callFromView('w', 'forecast', {}), /does not allow calls of this tool/);
      const approved = await h.callFromView('w', 'refresh', {}, { approved: true });
      assert.deepEqual(approved.structuredContent, { answer: 'refreshed' });
    } finally {
      await h.close();
    }
  });

  it('reads a resource for a view from its own server', async () => {
    const h = host({ apps: true });
    try {
      const read = await h.readFromView('w', VIEW_URI);
      const [content] = read.contents as { mimeType?: string; text?: string; _meta?: unknown }[];
      assert.equal(content?.mimeType, VIEW_MIME);
      assert.equal(content?.text, VIEW_HTML);
      assert.deepEqual(content?._meta, { ui: VIEW_UI });
      await assert.rejects(h.readFromView('n', VIEW_URI));
    } finally {
      await h.close();
    }
  });
});
