/**
 * What a resource server asks of whatever checks its access tokens: a JWT verifier, an
 * introspection verifier, or the application's own function. Each gets the token and what the
 * request says about where it was sent, and answers with who the token speaks for
 * (`AuthInfo`) or a refusal saying why not.
 * @module
 */
import type { AuthInfo } from '../auth-info.js';

/** What a verifier knows of the request a token came with. */
export interface TokenRequest {
  /**
   * The resource the token must be meant for (its audience): the server's `auth.resource`, or
   * the URL `listen` serves at. Fixed when the server starts; never taken from the request.
   */
  readonly resource: string;
  /** The scheme the token came with, in lower case: `bearer` or `dpop`. */
  readonly scheme: 'bearer' | 'dpop';
  /** The HTTP method, upper case. */
  readonly method: string;
  /**
   * The URL the request was sent to, without query or fragment (what a DPoP proof's `htu`
   * names), as the server knows itself: the resource for the MCP endpoint, the resource's
   * origin with the path for the HTTP+SSE endpoints.
   */
  readonly url: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
}

/** Why a token was refused. */
export type TokenRefusalReason =
  /** Not a token this verifier can read (not a JWT, a broken header or payload). */
  | 'malformed'
  | 'expired'
  /** Its `nbf` is still ahead. */
  | 'not-yet-valid'
  /** It is not meant for this resource (`aud`). */
  | 'wrong-audience'
  /** Another authorization server issued it (`iss`). */
  | 'wrong-issuer'
  /** The signature does not verify with the issuer's key. */
  | 'bad-signature'
  /** No key of the issuer's set has its `kid`, even after the set was fetched again. */
  | 'unknown-key'
  /** Signed with an algorithm the verifier does not accept. */
  | 'algorithm-not-allowed'
  /** The authorization server says it is not active (revoked, expired, unknown). */
  | 'inactive'
  /** It is bound to a key (DPoP) and the request did not prove it holds that key. */
  | 'dpop'
  /** Anything else. */
  | 'invalid';

/**
 * A token refused, and why. A verifier returns one (or throws one); the resource server answers
 * 401 with `error="invalid_token"` and `description` as `error_description`. The description is
 * sent to the client: it must never contain the token.
 */
export class TokenRefusal extends Error {
  /** Why the token was refused: it decides the status and the `WWW-Authenticate` error of the answer. */
  readonly reason: TokenRefusalReason;

  constructor(reason: TokenRefusalReason, description: string) {
    super(description);
    this.name = 'TokenRefusal';
    this.reason = reason;
  }
}

/**
 * Checks an access token. Returns the `AuthInfo` it stands for, or a `TokenRefusal` (returned
 * or thrown); `undefined` refuses it without saying why. Anything else thrown means the token
 * could not be checked now (the authorization server is unreachable): the request is answered
 * 503, and the error goes to the server's `onError`.
 */
export type TokenVerifier = (
  token: string,
  request: TokenRequest,
) => AuthInfo | TokenRefusal | undefined | Promise<AuthInfo | TokenRefusal | undefined>;
