/**
 * Grants: what a token request needs (the authorization server, the client's credentials
 * there, the RFC 8707 `resource`, the scopes), the shape of a grant without a user that
 * `OAuthClient` takes in its `grant` option, and the token request they share (the grant type
 * and its parameters, client authentication, a DPoP proof and its nonce, errors that name the
 * grant and the server's error code and nothing else of its answer).
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { AuthorizationError } from './errors.js';
import type { HttpContext } from './http-context.js';
import type { OAuthGrant } from './public-types.js';
import type { OAuthLibrary } from './oauth-library.js';
import { preRegistered, type ClientRegistration, type PreRegisteredClient } from './registration.js';
import { endpoint, type AuthorizationServer } from './server-metadata.js';
import { requestOptions, tokenEndpointCall } from './token-endpoint.js';

/** What a grant needs: where, for whom, as which client, for what. */
export interface GrantRequest {
  readonly library: OAuthLibrary;
  readonly serverUrl: string;
  readonly server: AuthorizationServer;
  readonly registration: ClientRegistration;
  /** The RFC 8707 `resource`, sent in the authorization and the token request. */
  readonly resource: string | undefined;
  /** The scopes to ask for; none leaves `scope` out. */
  readonly scopes: readonly string[];
  readonly context: HttpContext;
}

/** What an {@link OAuthGrant} is inside. */
export interface MachineGrant extends OAuthGrant {
  /** The client's credentials at `server`, or `undefined` when they are bound to another. */
  registration(server: AuthorizationServer): ClientRegistration | undefined;
  /** Requests tokens; rejects with an {@link AuthorizationError}. */
  token(request: GrantRequest): Promise<OAuth.TokenEndpointResponse>;
}

/** `grant` as the client uses it; a TypeError when it was not made by one of the grant functions. */
export function machineGrant(grant: OAuthGrant): MachineGrant {
  const inside = grant as Partial<MachineGrant> | undefined;
  if (typeof inside?.token !== 'function' || typeof inside.registration !== 'function')
    throw new TypeError('grant must be made by clientCredentialsGrant, jwtBearerGrant or enterpriseManagedGrant');
  return inside as MachineGrant;
}

/** A grant of `grantType` as `client`, whose tokens `token` requests. */
export function machineGrantOf(
  grantType: string,
  client: PreRegisteredClient,
  token: MachineGrant['token'],
): MachineGrant {
  return { grantType, registration: (server) => preRegistered(client, server.issuer), token };
}

/**
 * A token request of `grantType` at the server's token endpoint, with `parameters` and the
 * request's scopes and `resource`; `what` names it in errors ("The JWT bearer grant").
 * `tokenTypes`: token types taken besides Bearer and DPoP (lower case; token exchange's `n_a`).
 */
export async function tokenRequest(
  request: GrantRequest,
  grantType: string,
  parameters: Record<string, string>,
  what: string,
  tokenTypes: readonly string[] = [],
): Promise<OAuth.TokenEndpointResponse> {
  const { library, server, registration, resource, scopes, context } = request;
  const url = endpoint(server, 'token_endpoint', context, 'token');
  const extra: Record<string, string> = { ...parameters };
  if (scopes.length > 0) extra.scope = scopes.join(' ');
  if (resource !== undefined) extra.resource = resource;
  return tokenEndpointCall(
    library,
    server,
    registration,
    context,
    `${what} at ${url}`,
    async ({ as, client, auth }) => {
      const answer = await library.genericTokenEndpointRequest(
        as,
        client,
        auth,
        grantType,
        extra,
        requestOptions(library, url, context),
      );
      return library.processGenericTokenEndpointResponse(as, client, answer, {
        recognizedTokenTypes: Object.fromEntries(tokenTypes.map((type) => [type, () => {}])),
      });
    },
  );
}

/** The JWT bearer grant (RFC 7523 §2.1) of `assertion` at the request's authorization server. */
export function presentAssertion(
  request: GrantRequest,
  assertion: string,
  what: string,
): Promise<OAuth.TokenEndpointResponse> {
  return tokenRequest(request, JWT_BEARER, { assertion }, what);
}

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * What a function the application gave resolved with, checked to be a non-empty string:
 * `what` names it in the error (never its value).
 */
export async function suppliedToken(supply: () => string | Promise<string>, what: string): Promise<string> {
  let value: unknown;
  try {
    value = await supply();
  } catch (error) {
    throw new AuthorizationError(
      'token',
      `Getting ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (typeof value !== 'string' || value === '')
    throw new AuthorizationError('token', `The function giving ${what} resolved with no token`);
  return value;
}
