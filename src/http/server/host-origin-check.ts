/**
 * Host and Origin validation against DNS rebinding: a web page must not be able to reach an
 * MCP server on the user's machine, neither through a hostile name that resolves to 127.0.0.1
 * (caught by the Host header) nor by a cross-origin request from the browser (caught by Origin).
 * @module
 */
import type { HttpRequestLike } from './exchange.js';

/** Which Host and Origin headers an endpoint accepts. */
export interface HostOriginPolicy {
  /**
   * Accepted `Host` header values: a host name (any port) or `name:port` (that port only),
   * compared without regard to case. `'*'` accepts any host (the Origin check stays on).
   * Default: the loopback names `localhost`, `127.0.0.1` and `[::1]`, on any port.
   */
  allowedHosts?: readonly string[];
  /**
   * Accepted `Origin` header values, such as `https://app.example.com`; `'*'` accepts any.
   * Default: an origin on a loopback name or on a host `allowedHosts` names; its `'*'` names
   * no host, so it admits no origin. A request without `Origin` (not from a browser) is always
   * accepted.
   */
  allowedOrigins?: readonly string[];
}

/** The names a server bound to the loopback interface answers to by default. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why `request` must be refused (to be answered 403), or `undefined` when its Host and Origin
 * are acceptable.
 */
export function hostOriginRejection(
  request: Pick<HttpRequestLike, 'header'>,
  policy: HostOriginPolicy = {},
): string | undefined {
  const hosts = policy.allowedHosts ?? LOOPBACK_HOSTS;
  const host = request.header('host');
  // Browsers always send Host, so a request without one is no rebinding attempt; but when
  // the set of names is restricted, a name is needed to check it against.
  const anyHost = hosts.includes('*');
  if (host === undefined) return anyHost ? undefined : 'Missing Host header';
  if (!anyHost && !hostAllowed(host, hosts)) return `Host not allowed: ${host}`;

  const origin = request.header('origin');
  if (origin === undefined) return undefined;
  if (policy.allowedOrigins) {
    return policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(origin)
      ? undefined
      : `Origin not allowed: ${origin}`;
  }
  // Opening the Host check (a server reached under names not known in advance) says nothing
  // about which web pages may call it: the wildcard never admits an origin.
  const originHost = hostOfOrigin(origin);
  return originHost !== undefined && (hostAllowed(originHost, LOOPBACK_HOSTS) || hostAllowed(originHost, hosts))
    ? undefined
    : `Origin not allowed: ${origin}`;
}

/** Whether a `Host` value (`name` or `name:port`) matches one of the names in `allowed`. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const full = host.trim().toLowerCase();
  const name = stripPort(full);
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === full || wanted === name;
  });
}

/** `example.com:8080` → `example.com`; `[::1]:8080` → `[::1]`. */
function stripPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** The `host[:port]` of a serialized origin, or `undefined` for `null` and anything unparseable. */
function hostOfOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}
