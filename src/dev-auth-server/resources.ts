/**
 * The resources (MCP endpoints) the development authorization server issues tokens for, with
 * the scopes each knows. A token's `aud` is the resource as configured; a client's resource
 * indicator (RFC 8707) names one when it is the same URL, compared as URLs.
 * @module
 */

/** A resource the server issues tokens for. */
export interface DevResource {
  /** The MCP endpoint's URL (`http://127.0.0.1:3000/mcp`): what clients send as `resource`, and the tokens' `aud`. */
  resource: string;
  /**
   * The scopes it knows, `["mcp"]` by default. A token carries those of them the client asked
   * for, or all of them when it asked for none.
   */
  scopes?: readonly string[];
}

/** A resource, checked. */
export interface KnownResource {
  readonly resource: string;
  readonly scopes: readonly string[];
}

const DEFAULT_SCOPES = ['mcp'];
// RFC 6749 §3.3: a scope token is printable ASCII without space, `"` or `\`.
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** The resources of one server, by the canonical form of their URL. */
export class Resources {
  readonly #byUrl = new Map<string, KnownResource>();
  /**
   * Every scope the server knows: OpenID Connect's two, `mcp`, and those of the resources and
   * the `scopes` option given at start. oidc-provider takes a copy when it starts (it publishes
   * them as `scopes_supported` and checks a registration's `scope` against them): a resource
   * added later gets tokens for any scope, but a registration may name only those known then.
   */
  readonly scopes = new Set<string>(['openid', 'offline_access', ...DEFAULT_SCOPES]);

  /** Adds scopes the server knows, before it starts; a bad one is a TypeError. */
  know(scopes: readonly string[]): void {
    if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string' && SCOPE_TOKEN.test(s)))
      throw new TypeError('scopes is a list of scope names without spaces');
    for (const scope of scopes) this.scopes.add(scope);
  }

  /** Adds (or replaces) a resource; a bad URL or scope is a TypeError and changes nothing. */
  add(input: string | DevResource): KnownResource {
    const { resource, scopes = DEFAULT_SCOPES } = typeof input === 'string' ? { resource: input } : input;
    const url = typeof resource === 'string' ? parseUrl(resource) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || resource.includes('#')) {
      throw new TypeError(`A resource is an absolute http or https URL without a fragment: ${String(resource)}`);
    }
    if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => SCOPE_TOKEN.test(s))) {
      throw new TypeError(`The scopes of ${resource} must be a non-empty list of scope names without spaces`);
    }
    const known = { resource, scopes: [...new Set<string>(scopes)] };
    this.#byUrl.set(url.href, known);
    for (const scope of known.scopes) this.scopes.add(scope);
    return known;
  }

  /** The resource a client's indicator names, if the server knows it. */
  find(indicator: string): KnownResource | undefined {
    const url = parseUrl(indicator);
    return url === undefined ? undefined : this.#byUrl.get(url.href);
  }

  /** The only resource, when there is exactly one: the default for a request that names none. */
  only(): KnownResource | undefined {
    return this.#byUrl.size === 1 ? [...this.#byUrl.values()][0] : undefined;
  }
}

// Not URL.parse: Node 20 has it only from 20.18.
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
