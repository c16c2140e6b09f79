/**
 * Finding the MCP server's Protected Resource Metadata (RFC 9728) as 2025-11-25 orders it: the
 * URL its challenge names, else the well-known URL with the server's path, else the one at its
 * origin. The document must name the server: its `resource` is the server's URL or one above
 * it on the same origin, compared as strings.
 * @module
 */
import type { BearerChallenge } from '../www-authenticate.js';
import { AuthorizationError, quoted } from './errors.js';
import { getJson, type HttpContext } from './http-context.js';

/** A protected resource metadata document, as the client reads it. */
export interface ProtectedResource {
  /** Where it was found. */
  readonly url: string;
  /** The resource identifier, as the document writes it: the `resource` parameter of token requests. */
  readonly resource: string;
  readonly authorizationServers: readonly string[];
  readonly scopesSupported: readonly string[] | undefined;
}

/** One URL tried, and why it did not do. */
export interface Attempt {
  readonly url: string;
  readonly reason: string;
}

/** No document found: every URL tried, and whether each said plainly there is none. */
export interface NoProtectedResource {
  readonly tried: readonly Attempt[];
  readonly absent: boolean;
}

/** The well-known URLs of the server's metadata, in the order they are tried. */
export function protectedResourceUrls(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  const path = url.pathname.replace(/\/$/, '');
  return path === '' ? [root] : [`${root}${path}`, root];
}

/**
 * The server's metadata: from the challenge's `resource_metadata` when it names one (and only
 * from there), else from the well-known URLs in order. Resolves with what was tried when none
 * is found; rejects when one is found that does not describe the server.
 */
export async function discoverProtectedResource(
  serverUrl: string,
  challenge: BearerChallenge | undefined,
  context: HttpContext,
): Promise<ProtectedResource | NoProtectedResource> {
  const urls =
    challenge?.resourceMetadata !== undefined ? [challenge.resourceMetadata] : protectedResourceUrls(serverUrl);
  const tried: Attempt[] = [];
  let absent = true;
  for (const url of urls) {
    const fetched = await getJson(url, context);
    if (!fetched.ok) {
      tried.push({ url, reason: fetched.reason });
      absent &&= fetched.absent;
      continue;
    }
    const document = readDocument(url, fetched.value);
    if (typeof document === 'string') {
      tried.push({ url, reason: document });
      absent = false;
      continue;
    }
    if (!covers(document.resource, serverUrl))
      throw new AuthorizationError(
        'discovery',
        `The protected resource metadata at ${url} is for ${quoted(document.resource)}, not for ${serverUrl}: refused to authorize with it`,
      );
    return document;
  }
  return { tried, absent };
}

/** The document, or why it is not one. */
function readDocument(url: string, value: Record<string, unknown>): ProtectedResource | string {
  const { resource, authorization_servers: servers, scopes_supported: scopes } = value;
  if (typeof resource !== 'string') return 'its resource is missing';
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string'))
    return 'it names no authorization_servers';
  if (scopes !== undefined && !(Array.isArray(scopes) && scopes.every((s) => typeof s === 'string')))
    return 'its scopes_supported is not a list of strings';
  return {
    url,
    resource,
    authorizationServers: servers as string[],
    scopesSupported: scopes as string[] | undefined,
  };
}

/**
 * Whether `resource` names the server at `serverUrl`: the same URL, or one it lies below on a
 * path-segment boundary. Strings are compared as they are: no normalization to fool.
 */
export function covers(resource: string, serverUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    return false;
  }
  if (resource.includes('#') || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return false;
  if (serverUrl === resource) return true;
  if (!serverUrl.startsWith(resource)) return false;
  // The resource must end where a path segment of the server's URL does.
  const rest = serverUrl.slice(resource.length);
  return resource.endsWith('/') || rest.startsWith('/') || rest.startsWith('?');
}

/** A message listing the URLs tried and why each failed. */
export function describeAttempts(tried: readonly Attempt[]): string {
  return tried.map((t) => `${t.url} ${t.reason}`).join('; ');
}
