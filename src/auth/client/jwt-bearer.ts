/**
 * The JWT bearer grant (RFC 7523 §2.1), as workload identity federation uses it: the client
 * presents a JWT its platform issued to the workload (a Kubernetes service account token, a
 * cloud's identity token) and gets an access token for it. The application's function gives
 * the JWT each time one is needed, so a token the platform rotates is read afresh. A refused
 * grant is not tried again, nor another grant instead: the error says what the server answered.
 * @module
 */
import { JWT_BEARER, machineGrantOf, presentAssertion, suppliedToken } from './grant.js';
import type { OAuthGrant } from './public-types.js';
import { checkPreRegistered, type PreRegisteredClient } from './registration.js';

/** What the assertion is for: the function may pick or mint one for this audience. */
export interface AssertionContext {
  /** The issuer of the authorization server it goes to (the audience it is expected to name). */
  readonly issuer: string;
  /** The MCP server the token is for (the RFC 8707 `resource`), when known. */
  readonly resource: string | undefined;
}

/** Options of {@link jwtBearerGrant}. */
export interface JwtBearerGrantOptions {
  /** The client as registered with the authorization server (its ID; a secret or key if it authenticates). */
  readonly client: PreRegisteredClient;
  /** The JWT to present, read each time a token is requested. */
  readonly assertion: (context: AssertionContext) => string | Promise<string>;
}

/** A grant for `OAuthClient`'s `grant` option: tokens for a JWT the application gives (RFC 7523). */
export function jwtBearerGrant(options: JwtBearerGrantOptions): OAuthGrant {
  checkPreRegistered('client', options?.client, true);
  if (typeof options.assertion !== 'function') throw new TypeError('jwtBearerGrant needs an assertion function');
  const { assertion } = options;
  return machineGrantOf(JWT_BEARER, options.client, async (request) => {
    const jwt = await suppliedToken(
      () => assertion({ issuer: request.server.issuer, resource: request.resource }),
      'the JWT bearer assertion',
    );
    return presentAssertion(request, jwt, 'The JWT bearer grant');
  });
}
