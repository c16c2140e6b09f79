/**
 * Who a verified access token speaks for, as a server's handlers see it (`ctx.auth`): the
 * same shape whether the token was a JWT checked against the issuer's keys, an introspection
 * response, or the application's own verification.
 * @module
 */

export interface AuthInfo {
  /** The authorization server that issued the token (`iss`), when known. */
  readonly issuer: string | undefined;
  /** Who the token acts for (`sub`), when it names someone. */
  readonly subject: string | undefined;
  /** The OAuth client the token was issued to (`client_id`, else `azp`). */
  readonly clientId: string | undefined;
  /** The scopes granted. */
  readonly scopes: readonly string[];
  /** The resources the token is for (`aud`). */
  readonly audience: readonly string[];
  /** When the token stops being valid, in milliseconds since the epoch. */
  readonly expiresAt: number | undefined;
  /** Every claim as verified (a JWT's payload, an introspection response). */
  readonly claims: Readonly<Record<string, unknown>>;
}
