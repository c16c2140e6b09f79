/**
 * `OAuthGrant`, the public face of a grant without a user: what `OAuthClient`'s `grant` option
 * takes. Apart from `grant.ts` so the published declarations name nothing of oauth4webapi.
 * @module
 */

/**
 * A grant without a user, for `OAuthClient`'s `grant` option: made by `clientCredentialsGrant`,
 * `jwtBearerGrant` or `enterpriseManagedGrant`.
 */
export interface OAuthGrant {
  /** The OAuth `grant_type` it requests tokens with. */
  readonly grantType: string;
}
