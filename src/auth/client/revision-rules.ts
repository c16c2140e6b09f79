/**
 * Which discovery rules a revision sets. 2025-03-26 has no protected resource metadata: the
 * authorization server is at the MCP server's origin, found by RFC 8414 there or at the
 * default `/authorize`, `/token` and `/register`. From 2025-06-18 the server is a resource
 * server that names its authorization servers in protected resource metadata; 2025-06-18
 * names RFC 8414 alone for their metadata, 2025-11-25 adds OpenID Connect discovery.
 * @module
 */

export interface DiscoveryRules {
  /** Whether protected resource metadata names the authorization server. */
  readonly protectedResource: boolean;
  /**
   * When no protected resource metadata is found, whether the 2025-03-26 rules apply instead:
   * for a handshake whose revision is not agreed yet (a server of 2025-03-26 answers an
   * initialize asking for a later one), or when the revision is not known.
   */
  readonly originFallback: boolean;
  /** Whether OpenID Connect discovery URLs are tried after RFC 8414's. */
  readonly openIdDiscovery: boolean;
  /** Whether the RFC 8707 `resource` parameter is sent. */
  readonly resourceIndicator: boolean;
}

/** The rules for a request speaking `revision` (`handshake`: asked for, not agreed). */
export function discoveryRules(revision: string | undefined, handshake: boolean): DiscoveryRules {
  if (revision !== undefined && revision <= '2025-03-26')
    return { protectedResource: false, originFallback: true, openIdDiscovery: false, resourceIndicator: false };
  return {
    protectedResource: true,
    originFallback: revision === undefined || handshake,
    openIdDiscovery: revision === undefined || revision >= '2025-11-25',
    resourceIndicator: true,
  };
}
