/**
 * The authorization code grant with PKCE (S256), as MCP requires it: the authorization request
 * with `state`, the scopes and the RFC 8707 `resource`; the user's part left to the application
 * (its hook gets the URL and resolves with where the browser came back); the authorization
 * response checked (RFC 9207 `iss` against the issuer recorded with the verifier, by plain
 * string comparison, then `state`) before its code goes anywhere; then the token request.
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { AuthorizationError, quoted } from './errors.js';
import type { GrantRequest } from './grant.js';
import type { AuthorizationRedirect, AuthorizeHook } from './public-types.js';
import { endpoint } from './server-metadata.js';
import {
  authorizationServerFailure,
  libraryClient,
  libraryServer,
  requestOptions,
  tokenEndpointCall,
} from './token-endpoint.js';

/** Runs the authorization code grant; resolves with the token response. */
export async function authorizationCodeGrant(
  request: GrantRequest,
  redirectUri: string,
  authorize: AuthorizeHook,
): Promise<OAuth.TokenEndpointResponse> {
  const { library, server, registration, resource, scopes, context } = request;
  // Without metadata (the 2025-03-26 default endpoints) there is nothing to check PKCE support by.
  if (server.metadataUrl !== undefined && !server.metadata.code_challenge_methods_supported?.includes('S256'))
    throw new AuthorizationError(
      'authorization',
      `The authorization server ${server.issuer} does not list S256 in code_challenge_methods_supported: MCP requires PKCE with S256, so the client does not go on`,
    );
  const authorizationEndpoint = endpoint(server, 'authorization_endpoint', context, 'authorization');
  const tokenEndpoint = endpoint(server, 'token_endpoint', context, 'token');
  // The record of this one request: its verifier, its state, and the issuer it went to.
  const verifier = library.generateRandomCodeVerifier();
  const state = library.generateRandomState();
  const issuer = server.issuer;
  const url = new URL(authorizationEndpoint);
  const query = url.searchParams;
  query.set('response_type', 'code');
  query.set('client_id', registration.clientId);
  query.set('redirect_uri', redirectUri);
  query.set('code_challenge', await library.calculatePKCECodeChallenge(verifier));
  query.set('code_challenge_method', 'S256');
  query.set('state', state);
  if (scopes.length > 0) query.set('scope', scopes.join(' '));
  if (resource !== undefined) query.set('resource', resource);
  // OpenID Connect grants offline_access only with consent asked for (Core §11).
  if (scopes.includes('offline_access')) query.set('prompt', 'consent');

  let returned: AuthorizationRedirect;
  try {
    returned = await authorize(url, { serverUrl: request.serverUrl, issuer, redirectUri, signal: context.signal });
  } catch (error) {
    throw new AuthorizationError(
      'authorization',
      `The authorization at ${issuer} was not completed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const parameters = redirectParameters(returned);
  // RFC 9207 first: an answer from another server is not read further, not even its error.
  checkIssuer(parameters, issuer, server.metadata.authorization_response_iss_parameter_supported === true);
  if (parameters.get('state') !== state)
    throw new AuthorizationError(
      'authorization',
      `The authorization response ${parameters.has('state') ? 'carries another state than' : 'carries no state of'} the request: refused`,
    );
  const error = parameters.get('error');
  if (error !== null)
    throw new AuthorizationError(
      'authorization',
      `The authorization server ${issuer} did not authorize: ${quoted(error, 60)}`,
      {
        oauthError: error,
      },
    );
  if (!parameters.get('code'))
    throw new AuthorizationError('authorization', `The authorization response from ${issuer} carries no code`);

  const failure = `The token request to ${tokenEndpoint}`;
  let validated: URLSearchParams;
  try {
    validated = library.validateAuthResponse(libraryServer(server), libraryClient(registration), parameters, state);
  } catch (error) {
    throw authorizationServerFailure(library, error, 'token', failure, context.signal);
  }
  // A server asking for a DPoP nonce has not used the code (RFC 9449 §8): it is sent again.
  return tokenEndpointCall(library, server, registration, context, failure, async ({ as, client, auth }) => {
    const response = await library.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      validated,
      redirectUri,
      verifier,
      requestOptions(library, tokenEndpoint, context, resource === undefined ? undefined : { resource }),
    );
    return library.processAuthorizationCodeResponse(as, client, response);
  });
}

/**
 * RFC 9207 §2.4 as 2026-07-28 tabulates it: a server that says it sends `iss` must, and an `iss`
 * present must be the issuer the request went to, character for character. On a mismatch
 * nothing else of the response is acted on or shown.
 */
function checkIssuer(parameters: URLSearchParams, issuer: string, advertised: boolean): void {
  const iss = parameters.get('iss');
  if (iss === null) {
    if (advertised)
      throw new AuthorizationError(
        'authorization',
        `The authorization response carries no iss, though ${issuer} says it sends one (RFC 9207): refused`,
      );
    return;
  }
  if (iss !== issuer)
    throw new AuthorizationError(
      'authorization',
      `The authorization response names another issuer than ${issuer} (RFC 9207): refused, as it may come from another server`,
    );
}

/** The parameters of the redirect the hook resolved with. */
function redirectParameters(value: AuthorizationRedirect): URLSearchParams {
  if (value instanceof URLSearchParams) return value;
  if (value instanceof URL) return value.searchParams;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
      try {
        return new URL(text).searchParams;
      } catch {
        // Not a URL after all: read it as a query.
      }
    }
    return new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  }
  throw new AuthorizationError('authorization', 'The authorize hook resolved with neither a URL nor a query');
}
