/**
 * Serving the sandbox proxy page, as a web `Request` → `Response` function that runs in any
 * runtime. The page is served under the view's Content Security Policy, sent as a header the
 * view cannot change (a `<meta>` policy in the view's HTML can only add to it): the view's
 * declared origins come in the `csp` query parameter and become a policy by `viewPolicy`,
 * never a looser one. The page may be framed only by the host origins it is given
 * (`frame-ancestors`), and only for one of them (`host`), which is the one origin it talks to.
 * @module
 */
import type { AppCsp } from '../types/apps.js';
import { viewPolicy } from './policy.js';
import { SANDBOX_PAGE } from './sandbox-page.js';

/** The options of `sandboxResponse`. */
export interface SandboxOptions {
  /** The origins of the host pages that may frame the sandbox, such as `https://chat.example.com`. */
  hostOrigins: readonly string[];
}

/**
 * The answer to a request for the sandbox proxy page: the page for a `GET` whose `host` is one
 * of `hostOrigins` and whose `csp` (if any) is a JSON object; 400 with the reason otherwise.
 * Query: `host` (the framing page's origin), `csp` (the view's `_meta.ui.csp`, as JSON).
 */
export function sandboxResponse(request: Request, options: SandboxOptions): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'The sandbox page is read with GET', { allow: 'GET, HEAD' });
  }
  const query = new URL(request.url).searchParams;
  const host = query.get('host');
  if (host === null || !options.hostOrigins.includes(host)) {
    return text(400, `The sandbox serves the host origins ${options.hostOrigins.join(', ')}, not ${host}`);
  }
  const csp = declaredCsp(query.get('csp'));
  if (csp === false) return text(400, 'The csp parameter must be a JSON object of origin lists');
  const policy = viewPolicy(csp === undefined ? undefined : { csp });
  return new Response(request.method === 'HEAD' ? null : SANDBOX_PAGE, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${policy.csp}; frame-ancestors ${host}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}

/** The declared CSP, `undefined` when none is, `false` when it is not a JSON object. */
function declaredCsp(value: string | null): AppCsp | undefined | false {
  if (value === null) return undefined;
  try {
    const csp: unknown = JSON.parse(value);
    return typeof csp === 'object' && csp !== null && !Array.isArray(csp) ? (csp as AppCsp) : false;
  } catch {
    return false;
  }
}

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}
