/**
 * Enterprise-managed authorization (MCP's `io.modelcontextprotocol/enterprise-managed-authorization`
 * extension, the Identity Assertion JWT Authorization Grant): the user signed in to the
 * enterprise's identity provider once; the client exchanges that sign-in (an ID token, RFC 8693
 * token exchange at the identity provider) for an ID-JAG naming the MCP server's authorization
 * server and the MCP server, then presents the ID-JAG there in a JWT bearer grant (RFC 7523).
 * No browser: the enterprise's policy at the identity provider decides.
 * @module
 */
import { AuthorizationError, quoted } from './errors.js';
import { JWT_BEARER, machineGrantOf, presentAssertion, suppliedToken, tokenRequest } from './grant.js';
import type { OAuthGrant } from './public-types.js';
import { checkPreRegistered, preRegistered, type PreRegisteredClient } from './registration.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const SUBJECT_TYPES = {
  id_token: 'urn:ietf:params:oauth:token-type:id_token',
  saml2: 'urn:ietf:params:oauth:token-type:saml2',
} as const;

/** The enterprise's identity provider, where the user's sign-in is exchanged. */
export interface IdentityProvider {
  /** Its token endpoint. */
  readonly tokenEndpoint: string;
  /** Its issuer; by default the token endpoint's origin. */
  readonly issuer?: string;
  /** The client as registered there; without a secret or key its ID is sent and nothing proves it. */
  readonly client: PreRegisteredClient;
}

/** Options of {@link enterpriseManagedGrant}. */
export interface EnterpriseManagedGrantOptions {
  /** The client as registered with the MCP server's authorization server. */
  readonly client: PreRegisteredClient;
  /**
   * The enterprise's identity provider, which exchanges the user's token for an authorization grant
   * to the MCP server's authorization server.
   */
  readonly identityProvider: IdentityProvider;
  /** The user's ID token from the identity provider (or SAML assertion), read each time it is needed. */
  readonly subjectToken: () => string | Promise<string>;
  /** What `subjectToken` gives: an OpenID Connect ID token (default) or a SAML 2.0 assertion. */
  readonly subjectTokenType?: keyof typeof SUBJECT_TYPES;
}

/** A grant for `OAuthClient`'s `grant` option: an ID-JAG from the identity provider, presented to the MCP server's authorization server. */
export function enterpriseManagedGrant(options: EnterpriseManagedGrantOptions): OAuthGrant {
  checkPreRegistered('client', options?.client, true);
  const idp = options.identityProvider;
  if (typeof idp?.tokenEndpoint !== 'string' || URL.canParse(idp.tokenEndpoint) === false)
    throw new TypeError('identityProvider.tokenEndpoint must be a URL');
  checkPreRegistered('identityProvider.client', idp.client, true);
  if (typeof options.subjectToken !== 'function')
    throw new TypeError('enterpriseManagedGrant needs a subjectToken function');
  const subjectType = SUBJECT_TYPES[options.subjectTokenType ?? 'id_token'];
  if (subjectType === undefined) throw new TypeError('subjectTokenType must be "id_token" or "saml2"');
  const idpIssuer = idp.issuer ?? new URL(idp.tokenEndpoint).origin;
  const idpServer = {
    issuer: idpIssuer,
    metadata: { issuer: idpIssuer, token_endpoint: idp.tokenEndpoint },
    metadataUrl: undefined,
  };
  const idpClient = preRegistered({ ...idp.client, issuer: undefined }, idpIssuer)!;

  return machineGrantOf(JWT_BEARER, options.client, async (request) => {
    const { server, context } = request;
    const subject = await suppliedToken(options.subjectToken, 'the subject token');
    // The exchange at the identity provider: no DPoP there, the ID-JAG is not bound.
    const exchanged = await tokenRequest(
      { ...request, server: idpServer, registration: idpClient, context: { ...context, dpop: undefined } },
      TOKEN_EXCHANGE,
      {
        requested_token_type: ID_JAG,
        audience: server.issuer,
        subject_token: subject,
        subject_token_type: subjectType,
      },
      `The token exchange at the identity provider ${idpIssuer}`,
      ['n_a'],
    );
    const issued = exchanged.issued_token_type;
    if (issued !== ID_JAG)
      throw new AuthorizationError(
        'token',
        `The identity provider ${idpIssuer} issued ${typeof issued === 'string' ? quoted(issued, 80) : 'a token of no issued_token_type'}, not an ID-JAG`,
      );
    return presentAssertion(request, exchanged.access_token, `The JWT bearer grant of the ID-JAG`);
  });
}
