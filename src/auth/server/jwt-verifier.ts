/**
 * Verifying JWT access tokens (RFC 9068) against the issuer's published keys: the signature
 * with a key of its JWK set (fetched once, kept, fetched again for an unknown `kid` at most
 * once per cooldown), then `iss`, `aud` (always: the token must be meant for this resource),
 * `exp` and `nbf` within a small clock tolerance, and the algorithm. A token verified once is
 * remembered until it expires or `cacheTtlMs` passes, so the same token on the next request
 * costs a lookup, not a signature check.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import type { JWTVerifyGetKey } from 'jose';
import type { AuthInfo } from '../auth-info.js';
import { audienceMatches, authInfoFromClaims } from './claims.js';
import { readIssuerMetadata, type VerifierFetch } from './issuer-metadata.js';
import { loadJose } from './libraries.js';
import { TokenRefusal, type TokenRequest, type TokenVerifier } from './token-verifier.js';
import { VerifiedTokens } from './verified-tokens.js';

/** The asymmetric JWS algorithms: a key set published for anyone to read cannot hold a shared secret. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = Object.freeze([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);

/** Default clock tolerance of `exp`, `nbf` and `iat`: 30 s. */
export const DEFAULT_CLOCK_TOLERANCE_MS = 30_000;

/** The options of `jwtVerifier`: the issuer, the audience, and what a token must satisfy. */
export interface JwtVerifierOptions {
  /** The authorization server that issues the tokens: their `iss` must be exactly this. */
  issuer: string;
  /**
   * Where its JWK set is. Default: `jwks_uri` of its metadata (RFC 8414, else OpenID Connect
   * discovery), read on first use.
   */
  jwksUri?: string;
  /**
   * What `aud` must name. Default: the server's resource (`auth.resource`, or the URL `listen`
   * serves at), fixed when it starts. There is no way to turn the check off: a token meant for
   * another resource is refused.
   */
  audience?: string | readonly string[];
  /** Accepted signature algorithms. Default: the asymmetric ones (RS, PS and ES 256 to 512, EdDSA, Ed25519). */
  algorithms?: readonly string[];
  /** The JWS `typ` header the tokens must carry (`at+jwt` for RFC 9068 tokens). Default: any. */
  type?: string;
  /** Leeway for `exp`, `nbf` and `iat`. Default 30 s. */
  clockToleranceMs?: number;
  /** How long a verified token is remembered (never past its `exp`). Default 5 minutes; 0 remembers none. */
  cacheTtlMs?: number;
  /** Verified tokens remembered at once; the oldest makes room. Default 10,000. */
  cacheMaxEntries?: number;
  /** After fetching the key set, how long an unknown `kid` does not fetch it again. Default 30 s. */
  jwksCooldownMs?: number;
  /** How long the fetched key set is used before it is fetched again. Default 10 minutes. */
  jwksMaxAgeMs?: number;
  /** Default `globalThis.fetch`. */
  fetch?: VerifierFetch;
  /** The time `exp`, `nbf` and the cache are read against. */
  clock?: Clock;
}

/** A {@link TokenVerifier} of JWT access tokens signed by `options.issuer`. */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const verifier = new JwtVerifier(options);
  return (token, request) => verifier.verify(token, request);
}

class JwtVerifier {
  readonly #options: JwtVerifierOptions;
  readonly #clock: Clock;
  readonly #algorithms: string[];
  readonly #toleranceSec: number;
  readonly #verified: VerifiedTokens;
  #keys: Promise<JWTVerifyGetKey> | undefined;

  constructor(options: JwtVerifierOptions) {
    if (typeof options.issuer !== 'string' || options.issuer === '')
      throw new TypeError('jwtVerifier: issuer is required');
    new URL(options.issuer); // throws on a malformed issuer now, not at the first request
    if (options.jwksUri !== undefined) new URL(options.jwksUri);
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#algorithms = [...(options.algorithms ?? ASYMMETRIC_ALGORITHMS)];
    if (this.#algorithms.some((alg) => alg === 'none' || alg.startsWith('HS')))
      throw new TypeError('jwtVerifier: algorithms must be asymmetric (no "none", no HS256/384/512)');
    this.#toleranceSec = (options.clockToleranceMs ?? DEFAULT_CLOCK_TOLERANCE_MS) / 1000;
    this.#verified = new VerifiedTokens(
      options.cacheMaxEntries ?? 10_000,
      options.cacheTtlMs ?? 5 * 60_000,
      this.#clock,
    );
  }

  verify(token: string, request: TokenRequest): AuthInfo | Promise<AuthInfo | TokenRefusal> {
    const audience = this.#options.audience ?? request.resource;
    const key = typeof audience === 'string' ? audience : audience.join(' ');
    return this.#verified.get(token, key) ?? this.#verify(token, audience, key);
  }

  async #verify(token: string, audience: string | readonly string[], key: string): Promise<AuthInfo | TokenRefusal> {
    const jose = await loadJose();
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jose.jwtVerify(token, await this.#keySet(), {
        issuer: this.#options.issuer,
        algorithms: this.#algorithms,
        clockTolerance: this.#toleranceSec,
        currentDate: new Date(this.#clock.now()),
        requiredClaims: ['exp'],
        ...(this.#options.type !== undefined && { typ: this.#options.type }),
      }));
    } catch (error) {
      return refusalOf(error, this.#options.issuer);
    }
    const auth = authInfoFromClaims(payload);
    if (!audienceMatches(auth.audience, audience))
      return new TokenRefusal('wrong-audience', 'The access token is not meant for this resource (aud)');
    this.#verified.set(token, key, auth);
    return auth;
  }

  /** The issuer's key set, made once (its URL read from the issuer's metadata when not given). */
  #keySet(): Promise<JWTVerifyGetKey> {
    return (this.#keys ??= this.#createKeySet().catch((error: unknown) => {
      this.#keys = undefined; // the next request tries again
      throw error;
    }));
  }

  async #createKeySet(): Promise<JWTVerifyGetKey> {
    const jose = await loadJose();
    const options = this.#options;
    let uri = options.jwksUri;
    if (uri === undefined) {
      uri = (await readIssuerMetadata(options.issuer, options.fetch)).jwks_uri;
      if (uri === undefined)
        throw new Error(`The metadata of authorization server ${options.issuer} names no jwks_uri`);
    }
    const fetch = options.fetch;
    return jose.createRemoteJWKSet(new URL(uri), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: options.jwksMaxAgeMs ?? 10 * 60_000,
      ...(fetch && { [jose.customFetch]: (url: string, init: RequestInit) => fetch(url, init) }),
    });
  }
}

/**
 * A failed verification as a refusal, by jose's error code; a failure that says nothing
 * about the token (the key set could not be fetched) is thrown on, for a 503.
 */
function refusalOf(error: unknown, issuer: string): TokenRefusal {
  const code = (error as { code?: unknown } | undefined)?.code;
  const claim = (error as { claim?: unknown } | undefined)?.claim;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return new TokenRefusal('expired', 'The access token expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'nbf') return new TokenRefusal('not-yet-valid', 'The access token is not valid yet (nbf)');
      if (claim === 'iss')
        return new TokenRefusal('wrong-issuer', 'The access token was issued by another authorization server');
      if (claim === 'exp') return new TokenRefusal('malformed', 'The access token has no expiry (exp)');
      if (claim === 'typ') return new TokenRefusal('malformed', 'The access token is not of the expected type (typ)');
      return new TokenRefusal('invalid', `The access token's ${String(claim)} claim is not valid`);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new TokenRefusal('bad-signature', 'The access token signature does not verify');
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return new TokenRefusal('unknown-key', 'The access token is signed with a key its issuer does not publish');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new TokenRefusal('algorithm-not-allowed', 'The access token is signed with an algorithm not accepted');
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return new TokenRefusal('malformed', 'The access token is not a well-formed JWT');
    default:
      throw new Error(`Could not verify an access token of ${issuer}: ${messageOf(error)}`, { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
