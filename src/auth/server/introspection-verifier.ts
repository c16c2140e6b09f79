/**
 * Verifying opaque access tokens by asking the authorization server (token introspection,
 * RFC 7662), the resource server authenticating as a client of its own. An active answer is
 * then checked as a JWT would be (`iss`, `aud`, `exp`, `nbf`) and remembered briefly (one
 * minute by default, never past the token's `exp`): long enough to spare the authorization
 * server a call per request, short enough that a revoked token stops working soon after.
 * @module
 */
import type { AuthorizationServer, Client, ClientAuth } from 'oauth4webapi';
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import type { AuthInfo } from '../auth-info.js';
import { audienceMatches, authInfoFromClaims } from './claims.js';
import { readIssuerMetadata, requestOptions, type IssuerMetadata, type VerifierFetch } from './issuer-metadata.js';
import { DEFAULT_CLOCK_TOLERANCE_MS } from './jwt-verifier.js';
import { loadOauth } from './libraries.js';
import { TokenRefusal, type TokenRequest, type TokenVerifier } from './token-verifier.js';
import { VerifiedTokens } from './verified-tokens.js';

/**
 * The options of `introspectionVerifier`: the issuer, the server's own credentials at its
 * introspection endpoint, and how long answers are kept.
 */
export interface IntrospectionVerifierOptions {
  /** The authorization server that issues the tokens; an answer naming another `iss` is refused. */
  issuer: string;
  /** Its introspection endpoint. Default: `introspection_endpoint` of its metadata, read on first use. */
  endpoint?: string;
  /** The resource server's own client id at the authorization server. */
  clientId: string;
  /** Its client secret. */
  clientSecret: string;
  /** How the secret is sent: HTTP Basic (default) or in the form body. */
  clientAuthentication?: 'client_secret_basic' | 'client_secret_post';
  /**
   * What the answer's `aud` must name. Default: the server's resource (`auth.resource`, or the
   * URL `listen` serves at). An answer without `aud` is refused: audience validation cannot be
   * turned off.
   */
  audience?: string | readonly string[];
  /** How long an active answer is remembered (never past the token's `exp`). Default 60 s; 0 remembers none. */
  cacheTtlMs?: number;
  /** Answers remembered at once; the oldest makes room. Default 10,000. */
  cacheMaxEntries?: number;
  /** Leeway for `exp` and `nbf`. Default 30 s. */
  clockToleranceMs?: number;
  /** Default `globalThis.fetch`. */
  fetch?: VerifierFetch;
  /** The clock expiries are read on, and that the cache of answers ages with. Default the system's. */
  clock?: Clock;
}

/** A {@link TokenVerifier} that asks `options.issuer` about each token (RFC 7662). */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const verifier = new IntrospectionVerifier(options);
  return (token, request) => verifier.verify(token, request);
}

class IntrospectionVerifier {
  readonly #options: IntrospectionVerifierOptions;
  readonly #clock: Clock;
  readonly #verified: VerifiedTokens;
  readonly #client: Client;
  #server: Promise<IssuerMetadata> | undefined;

  constructor(options: IntrospectionVerifierOptions) {
    for (const key of ['issuer', 'clientId', 'clientSecret'] as const) {
      if (typeof options[key] !== 'string' || options[key] === '')
        throw new TypeError(`introspectionVerifier: ${key} is required`);
    }
    new URL(options.issuer);
    if (options.endpoint !== undefined) new URL(options.endpoint);
    const method = options.clientAuthentication ?? 'client_secret_basic';
    if (method !== 'client_secret_basic' && method !== 'client_secret_post')
      throw new TypeError(`introspectionVerifier: clientAuthentication ${String(method)} is not supported`);
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#client = { client_id: options.clientId };
    this.#verified = new VerifiedTokens(options.cacheMaxEntries ?? 10_000, options.cacheTtlMs ?? 60_000, this.#clock);
  }

  verify(token: string, request: TokenRequest): AuthInfo | Promise<AuthInfo | TokenRefusal> {
    const audience = this.#options.audience ?? request.resource;
    const key = typeof audience === 'string' ? audience : audience.join(' ');
    return this.#verified.get(token, key) ?? this.#introspect(token, audience, key);
  }

  async #introspect(
    token: string,
    audience: string | readonly string[],
    key: string,
  ): Promise<AuthInfo | TokenRefusal> {
    const oauth = await loadOauth();
    const options = this.#options;
    // The metadata read (or the endpoint given) is what the library expects of one.
    const server = (await this.#authorizationServer()) as AuthorizationServer;
    const endpoint = new URL(server.introspection_endpoint!);
    const clientAuth: ClientAuth =
      options.clientAuthentication === 'client_secret_post'
        ? oauth.ClientSecretPost(options.clientSecret)
        : oauth.ClientSecretBasic(options.clientSecret);
    let answer: Readonly<Record<string, unknown>>;
    try {
      const response = await oauth.introspectionRequest(server, this.#client, clientAuth, token, {
        additionalParameters: { token_type_hint: 'access_token' },
        ...(await requestOptions(endpoint, options.fetch)),
      });
      answer = await oauth.processIntrospectionResponse(server, this.#client, response);
    } catch (error) {
      throw new Error(
        `Could not introspect an access token at ${endpoint.href}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const refusal = this.#refusal(answer, audience);
    if (refusal !== undefined) return refusal;
    const auth = authInfoFromClaims(answer);
    this.#verified.set(token, key, auth);
    return auth;
  }

  /** Why an introspection answer does not admit the token, if it does not. */
  #refusal(answer: Readonly<Record<string, unknown>>, audience: string | readonly string[]): TokenRefusal | undefined {
    if (answer.active !== true) return new TokenRefusal('inactive', 'The access token is not active');
    if (answer.iss !== undefined && answer.iss !== this.#options.issuer)
      return new TokenRefusal('wrong-issuer', 'The access token was issued by another authorization server');
    const now = this.#clock.now();
    const tolerance = this.#options.clockToleranceMs ?? DEFAULT_CLOCK_TOLERANCE_MS;
    if (typeof answer.exp === 'number' && answer.exp * 1000 + tolerance <= now)
      return new TokenRefusal('expired', 'The access token expired');
    if (typeof answer.nbf === 'number' && answer.nbf * 1000 - tolerance > now)
      return new TokenRefusal('not-yet-valid', 'The access token is not valid yet (nbf)');
    const aud = answer.aud;
    const named = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a) => typeof a === 'string') : [];
    if (!audienceMatches(named, audience))
      return new TokenRefusal('wrong-audience', 'The access token is not meant for this resource (aud)');
    return undefined;
  }

  /** The authorization server as `oauth4webapi` needs it: the endpoint given, or its metadata. */
  #authorizationServer(): Promise<IssuerMetadata> {
    const { issuer, endpoint, fetch } = this.#options;
    if (endpoint !== undefined) return Promise.resolve({ issuer, introspection_endpoint: endpoint });
    return (this.#server ??= readIssuerMetadata(issuer, fetch).then(
      (metadata) => {
        if (metadata.introspection_endpoint === undefined) {
          this.#server = undefined;
          throw new Error(`The metadata of authorization server ${issuer} names no introspection_endpoint`);
        }
        return metadata;
      },
      (error: unknown) => {
        this.#server = undefined;
        throw error;
      },
    ));
  }
}
