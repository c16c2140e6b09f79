/**
 * The resource `listen` checks tokens against when `auth.resource` is not set: the URL it bound.
 * That URL is this server only when it names a loopback address and clients may reach the
 * server by no other name; anywhere else the URL clients use is the deployment's to say.
 * @module
 */
import type { ResourceServerOptions } from '../auth/server/resource-server.js';
import type { HostOriginPolicy } from '../http/server/host-origin-check.js';
import { isLoopbackAddress, isLoopbackHost } from './loopback.js';

/**
 * Throws a `TypeError` when an endpoint checks tokens without `auth.resource` and `listen`, on
 * `host` with the Host checks of `policies`, cannot know the URL its clients use.
 */
export function requireKnownResource(
  host: string,
  auths: readonly (ResourceServerOptions | undefined)[],
  policies: readonly HostOriginPolicy[],
): void {
  if (!auths.some((auth) => auth !== undefined && auth.resource === undefined)) return;
  const why = unknownUrl(host, policies);
  if (why === undefined) return;
  throw new TypeError(
    `listen: auth.resource is required ${why}. Set it to the URL clients use to reach the MCP ` +
      "endpoint (https://mcp.example.com/mcp): every token's audience must name it, and a request's " +
      'Host header is not trusted to say what it is.',
  );
}

/** `auth` checking tokens for `resource`, unless it names one of its own. */
export function withResource<T extends ResourceServerOptions | undefined>(auth: T, resource: string): T {
  return auth === undefined || auth.resource !== undefined ? auth : { ...auth, resource };
}

/** Why the URL `listen` binds on `host` may not be the one clients use, or `undefined` when it is. */
function unknownUrl(host: string, policies: readonly HostOriginPolicy[]): string | undefined {
  if (host.toLowerCase() === 'localhost')
    return 'when listening on localhost, a name that may lead to another process on the other loopback address (listen on 127.0.0.1 or ::1)';
  if (!isLoopbackAddress(host))
    return `when listening on ${host}, not a loopback address: clients reach the server by a name listen cannot know`;
  for (const policy of policies) {
    for (const entry of policy.allowedHosts ?? []) {
      if (entry === '*') return "with allowedHosts ['*']: clients may reach the server by any name";
      if (!isLoopbackHost(withoutPort(entry)))
        return `with allowedHosts naming ${entry}: clients reach the server by a name other than its address`;
    }
  }
  return undefined;
}

/** `name:port` → `name`; `[::1]:80` → `[::1]`. */
function withoutPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
