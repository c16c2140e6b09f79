/**
 * DPoP proofs (RFC 9449 §4.3, §7.1): a token bound to a key (`cnf.jkt`) is accepted only with
 * a proof, signed by that key, made for this request. The proof is a JWT of type `dpop+jwt`
 * carrying its public key (`jwk`), signed with an accepted asymmetric algorithm, naming the
 * method (`htm`) and URL (`htu`) of the request, issued (`iat`) within the window, carrying the
 * hash of the token (`ath`), and never seen before (`jti`, remembered for the window). Its key's
 * thumbprint must be the token's `cnf.jkt`.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import { MemoryUsedIds, type UsedIds } from '../../internal/used-ids.js';
import { loadJose } from './libraries.js';

/** The algorithms a proof may be signed with by default: asymmetric ones only. */
export const DPOP_ALGORITHMS: readonly string[] = Object.freeze([
  'ES256',
  'ES384',
  'ES512',
  'PS256',
  'PS384',
  'PS512',
  'RS256',
  'RS384',
  'RS512',
  'EdDSA',
  'Ed25519',
]);

/** How DPoP-bound tokens are checked. */
export interface DpopOptions {
  /**
   * Refuse tokens that are not DPoP-bound (and tell clients so in the metadata,
   * `dpop_bound_access_tokens_required`). Default false: bound tokens need their proof,
   * bearer tokens are accepted as they are.
   */
  required?: boolean;
  /**
   * The algorithms a proof may be signed with. Default: the asymmetric ones (ES, PS and RS 256 to
   * 512, EdDSA, Ed25519).
   */
  algorithms?: readonly string[];
  /** How far a proof's `iat` may be from now, either way. Default 5 minutes. */
  proofWindowMs?: number;
  /**
   * Where the proofs accepted are remembered, to refuse a copy. Default: in memory, bounded.
   * Servers behind a load balancer share one, or a proof can be replayed once on each.
   */
  usedProofs?: UsedIds;
}

/** What a proof must match: the request it came with and the token it proves. */
export interface ProofTarget {
  readonly method: string;
  /** The request's URL without query and fragment. */
  readonly url: string;
  readonly token: string;
  /** The token's `cnf.jkt`. */
  readonly jkt: string;
}

export class DpopProofs {
  readonly algorithms: readonly string[];
  readonly #windowMs: number;
  readonly #used: UsedIds;
  readonly #clock: Clock;

  constructor(options: DpopOptions = {}, clock: Clock = systemClock) {
    this.algorithms = [...(options.algorithms ?? DPOP_ALGORITHMS)];
    if (this.algorithms.some((alg) => alg === 'none' || alg.startsWith('HS')))
      throw new TypeError('dpop.algorithms must be asymmetric (no "none", no HS256/384/512)');
    this.#windowMs = options.proofWindowMs ?? 5 * 60_000;
    if (!(this.#windowMs > 0)) throw new RangeError('dpop.proofWindowMs must be a positive number');
    this.#clock = clock;
    this.#used = options.usedProofs ?? new MemoryUsedIds({ clock });
  }

  /**
   * Why `proof` (the request's `DPoP` header) does not prove the token for this request, or
   * `undefined` when it does; the proof is then spent.
   */
  async problem(proof: string | undefined, target: ProofTarget): Promise<string | undefined> {
    if (proof === undefined || proof === '') return 'A DPoP-bound access token needs a DPoP proof';
    if (proof.includes(',')) return 'A request carries one DPoP proof, not several';
    const jose = await loadJose();
    const now = this.#clock.now();
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      const verified = await jose.jwtVerify(proof, jose.EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: [...this.algorithms],
        requiredClaims: ['jti', 'htm', 'htu', 'iat'],
        currentDate: new Date(now),
      });
      header = verified.protectedHeader as Record<string, unknown>;
      claims = verified.payload;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return code === 'ERR_JOSE_ALG_NOT_ALLOWED'
        ? 'The DPoP proof is signed with an algorithm not accepted'
        : code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
          ? 'The DPoP proof signature does not verify with its own key'
          : 'The DPoP proof is not a valid dpop+jwt';
    }
    if (claims.htm !== target.method) return 'The DPoP proof was made for another HTTP method (htm)';
    if (typeof claims.htu !== 'string' || normalizedUrl(claims.htu) !== normalizedUrl(target.url))
      return 'The DPoP proof was made for another URL (htu)';
    if (typeof claims.iat !== 'number' || Math.abs(claims.iat * 1000 - now) > this.#windowMs)
      return 'The DPoP proof was issued too long ago or in the future (iat)';
    if (typeof claims.jti !== 'string' || claims.jti === '') return 'The DPoP proof has no jti';
    if (claims.ath !== jose.base64url.encode(await sha256(target.token)))
      return 'The DPoP proof was made for another access token (ath)';
    const thumbprint = await jose.calculateJwkThumbprint(
      header.jwk as Parameters<typeof jose.calculateJwkThumbprint>[0],
    );
    if (thumbprint !== target.jkt) return 'The DPoP proof is signed with a key the access token is not bound to';
    // Recorded only once every check passed, so a copy presented wrongly cannot spend it.
    if (!(await this.#used.add(`${thumbprint} ${claims.jti}`, claims.iat * 1000 + this.#windowMs)))
      return 'The DPoP proof was used already';
    return undefined;
  }
}

/** The SHA-256 of the token's ASCII: a proof's `ath`, once encoded. */
async function sha256(token: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** A URL compared as RFC 9449 §4.3 says: without query and fragment, scheme and host in their usual case and port. */
function normalizedUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname;
  } catch {
    return undefined;
  }
}
