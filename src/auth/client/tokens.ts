/**
 * The tokens the client holds for an MCP server: what a token response gave, kept in the
 * `AuthStore` under the server and the issuer, and renewed with the refresh token (keeping the
 * new refresh token when the server rotates it, the old one when it does not). A token is a
 * Bearer token or, when the request proved a DPoP key, one bound to that key (RFC 9449).
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { AuthorizationError, quoted } from './errors.js';
import type { HttpContext } from './http-context.js';
import type { OAuthLibrary } from './oauth-library.js';
import type { ClientRegistration } from './registration.js';
import { endpoint, type AuthorizationServer } from './server-metadata.js';
import { requestOptions, tokenEndpointCall } from './token-endpoint.js';

/** Tokens for one MCP server from one authorization server. */
export interface TokenRecord {
  readonly serverUrl: string;
  readonly issuer: string;
  /** The client they were issued to: a refresh token is no use to another. */
  readonly clientId: string;
  /** The `resource` they were requested for, sent again when refreshing. */
  readonly resource: string | undefined;
  readonly accessToken: string;
  /** `Bearer`, or `DPoP` for a token bound to the client's DPoP key (sent with a proof). */
  readonly tokenType: 'Bearer' | 'DPoP';
  readonly refreshToken: string | undefined;
  /** When the access token expires, in milliseconds since the epoch, when the server said. */
  readonly expiresAt: number | undefined;
  /** The scopes asked for. */
  readonly requestedScopes: readonly string[];
  /** The scopes granted, when the server said (else those asked for, RFC 6749 §5.1). */
  readonly grantedScopes: readonly string[] | undefined;
}

/**
 * The record of a token response; `previous` (when refreshing) gives what the response leaves
 * out; `proved`: the request carried a DPoP proof, so a DPoP-bound token can be used.
 */
export function tokenRecord(
  response: OAuth.TokenEndpointResponse,
  base: Pick<TokenRecord, 'serverUrl' | 'issuer' | 'clientId' | 'resource' | 'requestedScopes'>,
  previous: TokenRecord | undefined,
  now: number,
  proved: boolean,
): TokenRecord {
  const type = response.token_type.toLowerCase();
  if (type !== 'bearer' && !(type === 'dpop' && proved))
    throw new AuthorizationError(
      'token',
      `The authorization server ${base.issuer} issued a token of type ${quoted(response.token_type, 40)}; this client uses ${
        proved ? 'Bearer and DPoP' : 'Bearer'
      } tokens`,
    );
  return {
    tokenType: type === 'dpop' ? 'DPoP' : 'Bearer',
    serverUrl: base.serverUrl,
    issuer: base.issuer,
    clientId: base.clientId,
    resource: base.resource,
    requestedScopes: base.requestedScopes,
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    expiresAt: typeof response.expires_in === 'number' ? now + response.expires_in * 1000 : undefined,
    grantedScopes:
      typeof response.scope === 'string' ? response.scope.split(' ').filter((s) => s !== '') : previous?.grantedScopes,
  };
}

/** The kept tokens, or `undefined` when the value is not tokens for that server and issuer. */
export function readTokens(value: unknown, serverUrl: string, issuer: string): TokenRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = value as Record<string, unknown>;
  if (t.serverUrl !== serverUrl || t.issuer !== issuer) return undefined;
  if (typeof t.clientId !== 'string' || typeof t.accessToken !== 'string') return undefined;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);
  return {
    serverUrl,
    issuer,
    clientId: t.clientId,
    resource: typeof t.resource === 'string' ? t.resource : undefined,
    accessToken: t.accessToken,
    tokenType: t.tokenType === 'DPoP' ? 'DPoP' : 'Bearer',
    refreshToken: typeof t.refreshToken === 'string' ? t.refreshToken : undefined,
    expiresAt: typeof t.expiresAt === 'number' ? t.expiresAt : undefined,
    requestedScopes: strings(t.requestedScopes) ?? [],
    grantedScopes: strings(t.grantedScopes),
  };
}

/** New tokens for the refresh token of `tokens` (RFC 6749 §6); rejects with an {@link AuthorizationError}. */
export async function refreshTokens(
  library: OAuthLibrary,
  tokens: TokenRecord,
  server: AuthorizationServer,
  registration: ClientRegistration,
  context: HttpContext,
  now: () => number,
): Promise<TokenRecord> {
  const refreshToken = tokens.refreshToken;
  if (refreshToken === undefined) throw new AuthorizationError('token', 'There is no refresh token');
  const url = endpoint(server, 'token_endpoint', context, 'token');
  const failure = `Refreshing the token at ${url}`;
  const response = await tokenEndpointCall(library, server, registration, context, failure, async (call) => {
    const answer = await library.refreshTokenGrantRequest(
      call.as,
      call.client,
      call.auth,
      refreshToken,
      requestOptions(library, url, context, tokens.resource === undefined ? undefined : { resource: tokens.resource }),
    );
    return library.processRefreshTokenResponse(call.as, call.client, answer);
  });
  return tokenRecord(response, tokens, tokens, now(), context.dpop !== undefined);
}
