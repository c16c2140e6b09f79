/**
 * The warning `listen` gives when it serves other machines with the Host or Origin check opened
 * by a wildcard: a setting fit for a development machine that becomes an open door elsewhere.
 * @module
 */
import type { HostOriginPolicy } from '../http/server/host-origin-check.js';
import { isLoopbackHost } from './loopback.js';

/** The code of the process warning, for `process.on('warning')` or `--disable-warning`. */
export const OPEN_ENDPOINT_WARNING = 'MCPKIT_OPEN_ENDPOINT';

/**
 * The warning for listening on `host` with `policies`, or `undefined` when there is nothing to
 * warn about: `host` is a loopback one, or no policy opens a check with `'*'`.
 */
export function openEndpointWarning(host: string, policies: readonly HostOriginPolicy[]): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  const open: string[] = [];
  if (policies.some((p) => p.allowedHosts?.includes('*')))
    open.push("the Host check (allowedHosts: ['*']): DNS rebinding is not caught by the name");
  if (policies.some((p) => p.allowedOrigins?.includes('*')))
    open.push("the Origin check (allowedOrigins: ['*']): any web page a user opens may call it from their browser");
  if (open.length === 0) return undefined;
  return `listen: serving on ${host}, reachable from other machines, with ${open.join('; and ')}. List the names and origins clients use instead.`;
}
