/**
 * The `dpop` option of `OAuthClient` (RFC 9449): which key binds the client's tokens. Apart
 * from `dpop.ts` so the published declarations name nothing of oauth4webapi.
 * @module
 */

/** The algorithms a generated DPoP key may use. */
export type DpopAlgorithm = 'ES256' | 'ES384' | 'ES512' | 'EdDSA' | 'RS256' | 'PS256';

/** The `dpop` option of `OAuthClient`. */
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
