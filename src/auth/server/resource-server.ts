/**
 * An MCP server as an OAuth resource server, whatever HTTP front it sits behind: reading the
 * access token of a request (the `Authorization` header only), having the verifier check it,
 * checking a DPoP proof when the token is bound to a key, and answering what is refused with
 * the status and `WWW-Authenticate` challenge the spec asks for (401, or 403 for missing
 * scopes, each pointing at the Protected Resource Metadata); and that metadata (RFC 9728).
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import { isThenable } from '../../internal/maybe-async.js';
import type { AuthInfo } from '../auth-info.js';
import { formatChallenge } from '../www-authenticate.js';
import { DPOP_ALGORITHMS, DpopProofs, type DpopOptions } from './dpop-proof.js';
import { DEFAULT_CLOCK_TOLERANCE_MS } from './jwt-verifier.js';
import { checkedScopes, ScopeGrants, unionOf } from './scopes.js';
import { TokenRefusal, type TokenRequest, type TokenVerifier } from './token-verifier.js';

/** The well-known path of Protected Resource Metadata (RFC 9728 §3). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Why an endpoint with `auth` and no `auth.resource` is refused: nothing but the deployment knows
 * the URL its clients use, and a request's own `Host` must not decide which tokens it takes.
 */
const RESOURCE_REQUIRED =
  'auth.resource is required: set it to the URL clients use to reach this MCP endpoint ' +
  '(https://mcp.example.com/mcp), which the audience of every token must name. An endpoint ' +
  'cannot know that URL (a proxy in front, TLS ended elsewhere, a path prefix), and the ' +
  "request's Host header is not trusted for it; only listen on a loopback address knows it";

/** How an MCP endpoint checks access tokens, and what it tells clients about it. */
export interface ResourceServerOptions {
  /**
   * The authorization servers whose tokens are accepted, by issuer URL: at least one. Listed in
   * the metadata (`authorization_servers`), where clients find where to get a token.
   */
  authorizationServers: readonly string[];
  /**
   * Checks each token: `jwtVerifier(...)`, `introspectionVerifier(...)` (both from
   * `mcpkit/auth`), or a function of the application's own.
   */
  verifier: TokenVerifier;
  /**
   * This server's resource identifier (RFC 8707), which tokens must name in their audience:
   * the MCP endpoint's URL as its clients use it (`https://mcp.example.com/mcp`). Fixed when
   * the endpoint is made; nothing a request says (its `Host`, its scheme) changes it. `listen`
   * on a loopback address defaults it to the URL it bound (its `url`); everywhere else it is
   * required, since only the deployment knows the URL clients use (a proxy in front, TLS
   * ended elsewhere, a path prefix).
   */
  resource?: string;
  /** Scopes every request needs, beside the ones a tool, resource or prompt asks for. */
  scopes?: readonly string[];
  /**
   * `scopes_supported` of the metadata. Default: `scopes` and every scope a registered tool,
   * resource or prompt asks for.
   */
  scopesSupported?: readonly string[];
  /**
   * Scopes that include others: `{ 'files:write': ['files:read'] }` lets a token granted
   * `files:write` read too. Followed as far as it goes.
   */
  impliedScopes?: Readonly<Record<string, readonly string[]>>;
  /** `resource_name` of the metadata: a name for people. */
  resourceName?: string;
  /** `resource_documentation` of the metadata: a page for developers. */
  resourceDocumentation?: string;
  /** More members of the metadata document (RFC 9728 §2), over the ones above. */
  metadata?: Readonly<Record<string, unknown>>;
  /** How DPoP-bound tokens are checked (RFC 9449); they are checked even without this option. */
  dpop?: DpopOptions;
}

/** What the resource server needs of an HTTP request. */
export interface ResourceRequest {
  /** Upper case. */
  readonly method: string;
  /**
   * The URL the request was sent to, as this server knows itself (its resource's origin), without
   * query: what a DPoP proof's `htu` must name.
   */
  readonly url: string;
  /** A header by lower-case name. */
  header(name: string): string | undefined;
}

/** A request refused: the status, the headers (`WWW-Authenticate`) and a message for the body. */
export class AuthRefusal {
  constructor(
    readonly status: 400 | 401 | 403 | 503,
    readonly headers: Readonly<Record<string, string>>,
    readonly message: string,
    /** For a 503: what went wrong, for the server's `onError`; never sent. */
    readonly cause?: Error,
  ) {}
}

/** The values of `error` in a challenge (RFC 6750 §3.1, RFC 9449 §7.1). */
type ChallengeError = 'invalid_request' | 'invalid_token' | 'insufficient_scope' | 'invalid_dpop_proof';

/** A ready resource server: an HTTP front asks it about each request. */
export class ResourceServer {
  readonly #options: ResourceServerOptions;
  readonly #clock: Clock;
  readonly #verifier: TokenVerifier;
  readonly #authorizationServers: readonly string[];
  /**
   * The resource tokens must be meant for; one string object for the server's life, so the
   * verified-token lookup compares it by reference.
   */
  readonly resource: string;
  /** `scheme://host[:port]` of the resource: the origin of every URL this server is reached at. */
  readonly origin: string;
  /** Where the Protected Resource Metadata is (RFC 9728 §3.1: the well-known path before the resource's path). */
  readonly metadataUrl: string;
  /** The path of {@link metadataUrl}, where the endpoint serves the metadata. */
  readonly metadataPath: string;
  readonly #scopes: readonly string[];
  readonly #scopesSupported: readonly string[] | undefined;
  readonly #grants: ScopeGrants;
  #dpop: DpopProofs | undefined;

  constructor(options: ResourceServerOptions, clock: Clock = systemClock) {
    if (typeof options !== 'object' || options === null) throw new TypeError('auth: options are required');
    if (typeof options.verifier !== 'function')
      throw new TypeError('auth.verifier must be a function: jwtVerifier(...), introspectionVerifier(...) or your own');
    const servers = options.authorizationServers;
    if (!Array.isArray(servers) || servers.length === 0)
      throw new TypeError('auth.authorizationServers must list at least one authorization server');
    for (const server of servers) httpUrl(server, 'auth.authorizationServers');
    this.#options = options;
    this.#clock = clock;
    this.#verifier = options.verifier;
    this.#authorizationServers = Object.freeze([...servers]);
    if (options.resource === undefined) throw new TypeError(RESOURCE_REQUIRED);
    const url = httpUrl(options.resource, 'auth.resource');
    if (url.hash !== '' || options.resource.includes('#'))
      throw new TypeError('auth.resource must not have a fragment (RFC 8707)');
    const path = url.pathname === '/' ? '' : url.pathname;
    this.resource = options.resource;
    this.origin = url.origin;
    this.metadataPath = PROTECTED_RESOURCE_METADATA_PATH + path;
    this.metadataUrl = url.origin + this.metadataPath;
    this.#scopes = checkedScopes(options.scopes, 'auth.scopes');
    this.#scopesSupported =
      options.scopesSupported === undefined
        ? undefined
        : checkedScopes(options.scopesSupported, 'auth.scopesSupported');
    this.#grants = new ScopeGrants(options.impliedScopes);
    if (options.dpop !== undefined) this.#dpop = new DpopProofs(options.dpop, clock);
  }

  /**
   * The Protected Resource Metadata (RFC 9728 §2). `featureScopes` are the scopes the server's
   * tools, resources and prompts ask for, listed in `scopes_supported` unless the option says
   * otherwise.
   */
  metadata(featureScopes: readonly string[]): Record<string, unknown> {
    const options = this.#options;
    const resource = this.resource;
    const document: Record<string, unknown> = {
      resource,
      authorization_servers: this.#authorizationServers,
      bearer_methods_supported: ['header'],
    };
    // Refresh tokens are no resource's requirement: the spec keeps offline_access out.
    const scopes = (this.#scopesSupported ?? unionOf(this.#scopes, featureScopes)).filter(
      (s) => s !== 'offline_access',
    );
    if (scopes.length > 0) document.scopes_supported = scopes;
    if (options.resourceName !== undefined) document.resource_name = options.resourceName;
    if (options.resourceDocumentation !== undefined) document.resource_documentation = options.resourceDocumentation;
    if (this.#dpop !== undefined) {
      document.dpop_signing_alg_values_supported = this.#dpop.algorithms;
      if (options.dpop?.required === true) document.dpop_bound_access_tokens_required = true;
    }
    return { ...document, ...options.metadata, resource, authorization_servers: this.#authorizationServers };
  }

  /**
   * Who the request's access token speaks for, or why the request is refused: 401 without a
   * usable token, 400 for a malformed `Authorization` header, 403 when the token lacks the
   * scopes every request needs, 503 when the token could not be checked now. The token must be
   * meant for {@link resource}. Synchronous when the verifier is (a token it has verified
   * before).
   */
  authorize(request: ResourceRequest): AuthInfo | AuthRefusal | Promise<AuthInfo | AuthRefusal> {
    const header = request.header('authorization');
    if (header === undefined) return this.#unauthorized();
    const space = header.indexOf(' ');
    const scheme = schemeOf(header);
    if (scheme === undefined) return this.#unauthorized();
    const token = header.slice(space + 1).trim();
    // One token, not several (a repeated header is joined with commas) nor words: what else
    // it holds is the verifier's to judge. Searched, not matched: a token is long, and this
    // runs on every request.
    if (space === -1 || token === '' || token.includes(' ') || token.includes(',') || token.includes('\t')) {
      return this.#refuse(400, scheme, 'invalid_request', 'The Authorization header does not hold one token');
    }
    const tokenRequest: TokenRequest = {
      resource: this.resource,
      scheme,
      method: request.method,
      url: request.url,
      header: (name) => request.header(name),
    };
    let verified: ReturnType<TokenVerifier>;
    try {
      verified = this.#verifier(token, tokenRequest);
    } catch (error) {
      return this.#failed(error, scheme);
    }
    if (!isThenable(verified)) return this.#admit(verified, token, tokenRequest);
    return Promise.resolve(verified).then(
      (result) => this.#admit(result, token, tokenRequest),
      (error: unknown) => this.#failed(error, scheme),
    );
  }

  /**
   * The 400 `invalid_request` for a request that carried the `Authorization` header more than
   * once (`first` is the first one's value): which token was meant is not for the server to guess.
   */
  repeatedAuthorization(first: string | undefined): AuthRefusal {
    const scheme = (first !== undefined && schemeOf(first)) || 'bearer';
    return this.#refuse(400, scheme, 'invalid_request', 'The Authorization header occurs more than once');
  }

  /**
   * The 403 for a request needing `needed` (the scopes of the tool, resource or prompt it
   * names), when `auth` does not cover them all; `undefined` when it does. The challenge lists
   * every scope the request needs, the ones every request needs included, in one go.
   */
  scopeRefusal(auth: AuthInfo, needed: readonly string[]): AuthRefusal | undefined {
    if (this.#grants.covers(auth, needed)) return undefined;
    return this.#insufficient(auth, unionOf(this.#scopes, needed));
  }

  /** The verifier's answer, then what every token must also pass: expiry, its DPoP proof, the scopes every request needs. */
  #admit(
    result: AuthInfo | TokenRefusal | undefined,
    token: string,
    request: TokenRequest,
  ): AuthInfo | AuthRefusal | Promise<AuthInfo | AuthRefusal> {
    const { scheme } = request;
    if (result === undefined || result instanceof TokenRefusal) {
      const description = result?.message ?? 'The access token is not valid';
      return this.#refuse(401, scheme, 'invalid_token', description);
    }
    const auth = result;
    if (auth.expiresAt !== undefined && auth.expiresAt + DEFAULT_CLOCK_TOLERANCE_MS <= this.#clock.now())
      return this.#refuse(401, scheme, 'invalid_token', 'The access token expired');
    const jkt = boundKey(auth);
    if (jkt === undefined) {
      if (scheme === 'dpop') return this.#refuse(401, scheme, 'invalid_token', 'The access token is not DPoP-bound');
      if (this.#options.dpop?.required === true)
        return this.#refuse(401, 'dpop', 'invalid_token', 'This server accepts DPoP-bound access tokens only');
      return this.#withScopes(auth);
    }
    // A bound token sent as a bearer token would let whoever copied it use it (RFC 9449 §7.2).
    if (scheme !== 'dpop')
      return this.#refuse(401, 'dpop', 'invalid_token', 'The access token is DPoP-bound: send it with the DPoP scheme');
    const proofs = (this.#dpop ??= new DpopProofs({}, this.#clock));
    const target = { method: request.method, url: request.url, token, jkt };
    return proofs.problem(request.header('dpop'), target).then(
      (problem) =>
        problem === undefined ? this.#withScopes(auth) : this.#refuse(401, 'dpop', 'invalid_dpop_proof', problem),
      (error: unknown) => this.#failed(error, 'dpop'),
    );
  }

  /** `auth`, or the 403 when it lacks a scope every request needs. */
  #withScopes(auth: AuthInfo): AuthInfo | AuthRefusal {
    if (this.#grants.covers(auth, this.#scopes)) return auth;
    return this.#insufficient(auth, this.#scopes);
  }

  #insufficient(auth: AuthInfo, scopes: readonly string[]): AuthRefusal {
    const scheme = boundKey(auth) === undefined ? 'bearer' : 'dpop';
    const description = `This request needs the scopes: ${scopes.join(' ')}`;
    return this.#refuse(403, scheme, 'insufficient_scope', description, scopes);
  }

  /** 401 without an `error`: the request carried no credentials of a scheme this server takes (RFC 6750 §3.1). */
  #unauthorized(): AuthRefusal {
    const params = { resource_metadata: this.metadataUrl, scope: scopeParam(this.#scopes) };
    const dpop = this.#dpop;
    const challenges: string[] = [];
    if (this.#options.dpop?.required !== true) challenges.push(formatChallenge('Bearer', params));
    if (dpop !== undefined) challenges.push(formatChallenge('DPoP', { ...params, algs: dpop.algorithms.join(' ') }));
    return new AuthRefusal(
      401,
      { 'www-authenticate': challenges.join(', ') },
      'Unauthorized: this server needs an access token (see WWW-Authenticate)',
    );
  }

  #refuse(
    status: 400 | 401 | 403,
    scheme: 'bearer' | 'dpop',
    error: ChallengeError,
    description: string,
    scopes: readonly string[] = this.#scopes,
  ): AuthRefusal {
    const params: Record<string, string | undefined> = {
      error,
      error_description: description,
      scope: scopeParam(scopes),
      resource_metadata: this.metadataUrl,
    };
    if (scheme === 'dpop') params.algs = (this.#dpop?.algorithms ?? DPOP_ALGORITHMS).join(' ');
    const challenge = formatChallenge(scheme === 'dpop' ? 'DPoP' : 'Bearer', params);
    const word = status === 400 ? 'Bad Request' : status === 401 ? 'Unauthorized' : 'Forbidden';
    return new AuthRefusal(status, { 'www-authenticate': challenge }, `${word}: ${description}`);
  }

  /** The verifier failed without judging the token (its authorization server is unreachable): 503. */
  #failed(error: unknown, scheme: 'bearer' | 'dpop'): AuthRefusal {
    if (error instanceof TokenRefusal) return this.#refuse(401, scheme, 'invalid_token', error.message);
    return new AuthRefusal(
      503,
      { 'retry-after': '5' },
      'Service Unavailable: the access token could not be checked now',
      error instanceof Error ? error : new Error(String(error)),
    );
  }
}

/** The scheme of an `Authorization` value, when it is one this server takes. */
function schemeOf(header: string): 'bearer' | 'dpop' | undefined {
  const space = header.indexOf(' ');
  const scheme = (space === -1 ? header : header.slice(0, space)).toLowerCase();
  return scheme === 'bearer' || scheme === 'dpop' ? scheme : undefined;
}

/** The key a token is bound to (`cnf.jkt`), if any. */
function boundKey(auth: AuthInfo): string | undefined {
  const cnf = auth.claims.cnf;
  const jkt = typeof cnf === 'object' && cnf !== null ? (cnf as { jkt?: unknown }).jkt : undefined;
  return typeof jkt === 'string' ? jkt : undefined;
}

function scopeParam(scopes: readonly string[]): string | undefined {
  return scopes.length === 0 ? undefined : scopes.join(' ');
}

function httpUrl(value: unknown, where: string): URL {
  let url: URL;
  try {
    url = new URL(value as string);
  } catch {
    throw new TypeError(`${where}: ${JSON.stringify(value)} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`${where}: ${JSON.stringify(value)} is not an http(s) URL`);
  return url;
}
