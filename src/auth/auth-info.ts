/**
 * Who a verified access token speaks for, as a server's handlers see it (`ctx.auth`): the
 * same shape whether the token was a JWT checked against the issuer's keys, an introspection
 * response, or the application's own verification.
 * @module
 */

/**
 * What a verified access token says: who issued it, for whom, for which client, with which scopes,
 * until when. A handler reads it as `ctx.auth`.
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

/**
 * The one a token speaks for, as a key: its issuer and subject (its client when it names no
 * subject, as a client acting for itself may not). Two tokens of one user, before and after a
 * refresh, give the same key; tokens of two users never do. A legacy HTTP session and a
 * `requestState` are bound to it.
 */
export function principalOf(auth: AuthInfo): string {
  let principal = principals.get(auth);
  if (principal === undefined) {
    const who = auth.subject !== undefined ? ['sub', auth.subject] : ['client', auth.clientId ?? null];
    principal = JSON.stringify([auth.issuer ?? null, ...who]);
    principals.set(auth, principal);
  }
  return principal;
}

/** Worked out once per `AuthInfo`: a verified token hands the same one to every request it comes with. */
const principals = new WeakMap<AuthInfo, string>();
