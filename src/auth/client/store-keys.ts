/**
 * The keys the client keeps its values under in an `AuthStore`, each binding its value to what
 * it belongs to: a registration to the issuer of the authorization server that issued it;
 * tokens to the MCP server and the issuer; the server's record to the server. The values name
 * the same again, and are checked on reading, so a value moved to another key is not used.
 * @module
 */

/** Client credentials registered at the authorization server `issuer`. */
export function registrationKey(issuer: string): string {
  return `mcpkit/oauth/registration ${JSON.stringify([issuer])}`;
}

/** Tokens for the MCP server at `serverUrl`, issued by `issuer`. */
export function tokensKey(serverUrl: string, issuer: string): string {
  return `mcpkit/oauth/tokens ${JSON.stringify([serverUrl, issuer])}`;
}

/** Which authorization server the MCP server at `serverUrl` uses, and its metadata. */
export function serverKey(serverUrl: string): string {
  return `mcpkit/oauth/server ${JSON.stringify([serverUrl])}`;
}
