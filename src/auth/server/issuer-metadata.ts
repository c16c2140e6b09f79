/**
 * An authorization server's metadata (RFC 8414, else OpenID Connect discovery), read when a
 * verifier needs an endpoint it was not given: the JWK set's URL, the introspection endpoint.
 * The issuer in the document must be the one asked for. Plain `http` is allowed for loopback
 * issuers only (a development authorization server on this machine).
 * @module
 */
import { loadOauth } from './libraries.js';

/** The part of `fetch` the verifiers use; inject one for a proxy, logging or tests. */
export type VerifierFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The members of an authorization server's metadata the verifiers read. Its own type, not the
 * library's: mcpkit's declarations name no type of a dependency.
 */
export interface IssuerMetadata {
  readonly issuer: string;
  readonly jwks_uri?: string;
  readonly introspection_endpoint?: string;
}

/** The metadata of `issuer`. Rejects when neither well-known document can be read or trusted. */
export async function readIssuerMetadata(issuer: string, fetch?: VerifierFetch): Promise<IssuerMetadata> {
  const oauth = await loadOauth();
  const url = new URL(issuer);
  const failures: string[] = [];
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const response = await oauth.discoveryRequest(url, { algorithm, ...(await requestOptions(url, fetch)) });
      return await oauth.processDiscoveryResponse(url, response);
    } catch (error) {
      failures.push(`${algorithm === 'oauth2' ? 'RFC 8414' : 'OpenID Connect'}: ${messageOf(error)}`);
    }
  }
  throw new Error(`Could not read the metadata of authorization server ${issuer} (${failures.join('; ')})`);
}

/** What every request of `oauth4webapi` to `url` is given: the fetch, and `http` for loopback hosts. */
export async function requestOptions(url: URL, fetch: VerifierFetch | undefined): Promise<Record<symbol, unknown>> {
  const oauth = await loadOauth();
  const options: Record<symbol, unknown> = {};
  if (fetch) options[oauth.customFetch] = fetch;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) options[oauth.allowInsecureRequests] = true;
  return options;
}

/** `localhost`, `127.x.x.x` and `[::1]`: names that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name === '[::1]' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
