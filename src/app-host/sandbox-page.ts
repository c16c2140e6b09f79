/**
 * The sandbox proxy: the page a web host frames on an origin of its own, which frames the view
 * in turn (the specification's double iframe). The view can then never reach the host's
 * origin (its cookies, its storage, its DOM), whatever its own sandbox allows. The page says
 * `ui/notifications/sandbox-proxy-ready` to the host, takes the view's HTML from the host's
 * `ui/notifications/sandbox-resource-ready`, writes it into an inner frame (which keeps the
 * proxy's origin and inherits its Content Security Policy, sent as a header with the page),
 * and from then on relays every message between host and view, both ways, except the
 * `ui/notifications/sandbox-*` ones, which are its own. It hears only its parent, from the
 * host's origin, and the inner frame; it posts to the host's origin only.
 * @module
 */

/** The sandbox flags the inner frame gets unless the host asks for fewer. */
export const VIEW_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** The flags a host may give the inner frame; any other (top navigation, popups) is dropped. */
export const VIEW_SANDBOX_FLAGS: readonly string[] = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-modals',
  'allow-pointer-lock',
];

// The script is plain ES2020 in a string: it runs as the page's one inline script, allowed by
// the view's own policy ('unsafe-inline' scripts), and needs no build of its own. Its lists
// are the constants above, written out (a test holds them equal) so that a page importing only
// renderView does not bundle the proxy page too.
const PROXY_SCRIPT = `
(() => {
  const host = new URLSearchParams(location.search).get('host');
  const FLAGS = ['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-modals', 'allow-pointer-lock'];
  const FEATURES = [['camera', 'camera'], ['microphone', 'microphone'], ['geolocation', 'geolocation'], ['clipboardWrite', 'clipboard-write']];
  const own = (m) => m !== null && typeof m === 'object' && typeof m.method === 'string' && m.method.startsWith('ui/notifications/sandbox-');
  let inner;
  function render(params) {
    if (inner !== undefined || params === null || typeof params !== 'object' || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    const asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\\s+/) : ['allow-scripts', 'allow-same-origin', 'allow-forms'];
    inner.setAttribute('sandbox', asked.filter((flag) => FLAGS.includes(flag)).join(' '));
    const permissions = params.permissions !== null && typeof params.permissions === 'object' ? params.permissions : {};
    inner.setAttribute('allow', FEATURES.filter(([key]) => permissions[key] !== undefined).map(([, f]) => f).join('; '));
    inner.setAttribute('title', 'view');
    document.body.appendChild(inner);
    const doc = inner.contentDocument;
    doc.open();
    doc.write(params.html);
    doc.close();
  }
  addEventListener('message', (event) => {
    const message = event.data;
    if (event.source === parent && event.origin === host) {
      if (!own(message)) inner?.contentWindow?.postMessage(message, '*');
      else if (message.method === 'ui/notifications/sandbox-resource-ready') render(message.params);
    } else if (inner !== undefined && event.source === inner.contentWindow && !own(message)) {
      parent.postMessage(message, host);
    }
  });
  if (host !== null) parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, host);
})();
`;

/** The proxy page's HTML. */
export const SANDBOX_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>
</head><body><script>${PROXY_SCRIPT}</script></body></html>
`;
