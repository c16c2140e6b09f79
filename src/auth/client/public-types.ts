/**
 * The public types of the OAuth client's options, kept apart from the modules that use them so
 * the published declarations name nothing of oauth4webapi: the application's part of an
 * authorization (`AuthorizeHook`: given the URL to send the user to, it gives back where the
 * browser came back to), a grant without a user (`OAuthGrant`) and the `dpop` option.
 * @module
 */

/** Where the browser came back to: the redirect URL, or its query. */
export type AuthorizationRedirect = URL | URLSearchParams | string;

/** What the application's authorize hook is told besides the URL. */
export interface AuthorizeContext {
  /** The MCP server the authorization is for. */
  readonly serverUrl: string;
  /** The authorization server the user is sent to. */
  readonly issuer: string;
  /** Where the authorization server sends the browser back. */
  readonly redirectUri: string;
  /** Aborts when nothing waits for the authorization any more (the transport closed). */
  readonly signal: AbortSignal | undefined;
}

/**
 * The user's part: show `url` to the user (open a browser, print it), and resolve with the
 * redirect the browser came back with, or its query. A test or an unattended client may fetch
 * the URL with `redirect: 'manual'` and resolve with the `Location` of the answer.
 */
export type AuthorizeHook = (url: URL, context: AuthorizeContext) => Promise<AuthorizationRedirect>;

/**
 * A grant without a user, for `OAuthClient`'s `grant` option: made by `clientCredentialsGrant`,
 * `jwtBearerGrant` or `enterpriseManagedGrant`.
 */
export interface OAuthGrant {
  /** The OAuth `grant_type` it requests tokens with. */
  readonly grantType: string;
}

/** The algorithms a generated DPoP key may use. */
export type DpopAlgorithm = 'ES256' | 'ES384' | 'ES512' | 'EdDSA' | 'RS256' | 'PS256';

/** The `dpop` option of `OAuthClient` (RFC 9449): which key binds the client's tokens. */
export interface DpopClientOptions {
  /**
   * The key pair proofs are signed with (its public key extractable). Default: one generated
   * on first use, its private key not extractable, for the client's life; tokens kept in a
   * store outlive it and are replaced when the server refuses them.
   */
  readonly keyPair?: CryptoKeyPair;
  /** The algorithm of the key generated. Default ES256. */
  readonly algorithm?: DpopAlgorithm;
}
