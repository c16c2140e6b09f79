// What a host reads of an MCP App before rendering: a tool's view (nested key first, the flat
// legacy key else, only ui:// URIs), its visibility (both by default), and the view's document
// (one HTML item of the view's type, text or base64, the content's _meta.ui before the listing's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toolView, toolVisibility, viewDocument, ViewError } from 'mcpkit/app-host';

const MIME = 'text/html;profile=mcp-app';

describe('a tool view', () => {
  it('is read from _meta.ui.resourceUri, else from the flat key', () => {
    assert.equal(
      toolView({ _meta: { ui: { resourceUri: 'ui://a/v.html' }, 'ui/resourceUri': 'ui://b' } }),
      'ui://a/v.html',
    );
    assert.equal(toolView({ _meta: { 'ui/resourceUri': 'ui://b/v.html' } }), 'ui://b/v.html');
    assert.equal(toolView({ _meta: { ui: { visibility: ['app'] } } }), undefined);
    assert.equal(toolView({}), undefined);
  });

  it('must be a ui:// URI', () => {
    for (const bad of ['https://x/v.html', 'ui://', 42]) {
      assert.throws(() => toolView({ name: 't', _meta: { ui: { resourceUri: bad } } }), ViewError);
    }
  });

  it('is visible to both unless the tool says otherwise', () => {
    assert.deepEqual(toolVisibility({}), ['model', 'app']);
    assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: ['app'] } } }), ['app']);
    assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: ['model', 'root'] } } }), ['model']);
    assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: [] } } }), []);
    assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: 'app' } } }), ['model', 'app']);
  });
});

describe('a view document', () => {
  it('takes text or base64, with the content meta before the listing meta', () => {
    const listing = { ui: { prefersBorder: true } };
    const text = viewDocument('ui://a', { contents: [{ uri: 'ui://a', mimeType: MIME, text: '<p>é</p>' }] }, listing);
    assert.deepEqual(text, { uri: 'ui://a', html: '<p>é</p>', meta: { prefersBorder: true } });
    const blob = Buffer.from('<p>é</p>').toString('base64');
    const own = { ui: { csp: { connectDomains: ['https://api.example.com'] } } };
    const read = viewDocument('ui://a', { contents: [{ uri: 'ui://a', mimeType: MIME, blob, _meta: own }] }, listing);
    assert.deepEqual(read, { uri: 'ui://a', html: '<p>é</p>', meta: own.ui });
  });

  it('refuses what is not one HTML document of the view type', () => {
    const cases: [unknown, RegExp][] = [
      [[], /one document; the server sent 0/],
      [
        [
          { mimeType: MIME, text: 'a' },
          { mimeType: MIME, text: 'b' },
        ],
        /sent 2/,
      ],
      [[{ mimeType: 'text/html', text: 'a' }], /"text\/html", not text\/html;profile=mcp-app/],
      [[{ mimeType: MIME }], /neither text nor a base64 blob/],
      [[{ mimeType: MIME, blob: '@@' }], /neither text nor a base64 blob/],
      [[{ mimeType: MIME, blob: Buffer.from([0xff, 0xfe]).toString('base64') }], /not UTF-8/],
    ];
    for (const [contents, message] of cases) {
      assert.throws(
        () => viewDocument('ui://a', { contents }),
        (e) => e instanceof ViewError && message.test(e.message),
      );
    }
    assert.throws(() => viewDocument('ui://a', {}), /sent no contents/);
  });
});
