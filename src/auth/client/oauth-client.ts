/**
 * `OAuthClient`: OAuth 2.1 for an MCP client, as the HTTP transports use it (`auth` option). It
 * keeps tokens per MCP server and sends them; on a 401 it finds the server's authorization
 * server afresh (protected resource metadata, then the server's metadata, by the rules of the
 * revision in play), refreshes the token when that can help, and otherwise registers if it
 * must and runs the authorization code grant, the user's part through the application's hook,
 * or the grant without a user it was given (client credentials, JWT bearer, enterprise-managed);
 * on a 403 `insufficient_scope` it asks for the union of the scopes asked before and those
 * challenged, and stops when a challenge adds nothing new. With `dpop`, its tokens are bound to
 * a key and every request carries a fresh proof.
 * @module
 */
import { MemoryAuthStore, type AuthStore } from '../store.js';
import type { BearerChallenge } from '../www-authenticate.js';
import { authorizationCodeGrant } from './authorization-code.js';
import type { AuthorizeHook, DpopClientOptions, OAuthGrant } from './public-types.js';
import { DpopKey, proofNonce } from './dpop.js';
import { AuthorizationError } from './errors.js';
import { machineGrant, type MachineGrant } from './grant.js';
import { globalFetch, type AuthFetch, type HttpContext } from './http-context.js';
import type { AuthAnswer, AuthRefusal, AuthRequest, HttpClientAuth } from './http-auth.js';
import { oauthLibrary } from './oauth-library.js';
import { describeAttempts, discoverProtectedResource, type ProtectedResource } from './protected-resource.js';
import {
  checkPreRegistered,
  clientRegistration,
  forgetRegistration,
  preRegistered,
  readRegistrationFor,
  type ClientRegistration,
  type PreRegisteredClient,
  type RegistrationOptions,
} from './registration.js';
import { discoveryRules } from './revision-rules.js';
import { selectScopes, union, within } from './scopes.js';
import { discoverServerMetadata, originServer, type AuthorizationServer } from './server-metadata.js';
import { registrationKey, serverKey, tokensKey } from './store-keys.js';
import { readTokens, refreshTokens, tokenRecord, type TokenRecord } from './tokens.js';

/** Options of an {@link OAuthClient}. */
export interface OAuthClientOptions {
  /**
   * Where the authorization server sends the browser back: a loopback URL for a desktop or
   * command-line app (`http://127.0.0.1:<port>/callback`), an app's own scheme, or a web app's
   * HTTPS page. It is registered with the authorization server and sent in every request.
   * Required for the authorization code grant (without `grant`).
   */
  readonly redirectUri?: string;
  /** The user's part of the authorization: see {@link AuthorizeHook}. Required without `grant`. */
  readonly authorize?: AuthorizeHook;
  /**
   * A grant without a user instead of the authorization code grant: `clientCredentialsGrant`,
   * `jwtBearerGrant` or `enterpriseManagedGrant`. Its client is the one registered; `client`,
   * `clientMetadataUrl` and `clientMetadata` are not used.
   */
  readonly grant?: OAuthGrant;
  /**
   * Bind tokens to a key (DPoP, RFC 9449): `true` for an ES256 key generated on first use, or
   * the key pair or algorithm. Token requests and requests to the MCP server then carry a
   * proof; the servers' nonces are followed.
   */
  readonly dpop?: boolean | DpopClientOptions;
  /** Credentials registered beforehand; tried first. */
  readonly client?: PreRegisteredClient;
  /**
   * The HTTPS URL of the client's Client ID Metadata Document, used as its client ID where the
   * authorization server says it takes one (`client_id_metadata_document_supported`).
   */
  readonly clientMetadataUrl?: string;
  /**
   * Client metadata for dynamic registration (`client_name`, `client_uri`, `logo_uri`...). The
   * client sets `redirect_uris` and `response_types`, and, unless given here, `grant_types`,
   * `application_type` and `token_endpoint_auth_method`.
   */
  readonly clientMetadata?: Readonly<Record<string, unknown>>;
  /** Where registrations and tokens are kept. Default: this process's memory. */
  readonly store?: AuthStore;
  /** The fetch for authorization servers and metadata. Default `globalThis.fetch`. */
  readonly fetch?: AuthFetch;
  /**
   * Ask for refresh tokens: `refresh_token` among the registered grant types, and
   * `offline_access` where the authorization server lists it. Default true.
   */
  readonly refreshTokens?: boolean;
  /** How long before it expires a token is refreshed. Default 60 000 ms. */
  readonly refreshMarginMs?: number;
  /** Time limit of each request to an authorization server or metadata endpoint. Default 30 000 ms. */
  readonly requestTimeoutMs?: number;
  /**
   * Allow plain HTTP to authorization servers that are not on a loopback address. Credentials
   * then cross the network readable by anyone on the way: for tests behind a proxy only.
   */
  readonly allowInsecureHttp?: boolean;
  /** The current time in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** How many authorizations in a row may ask for more scope before one succeeds. */
const MAX_STEP_UPS = 3;

/** How the tokens a server state holds came about. */
type Provenance = 'kept' | 'authorized' | 'refreshed' | 'refreshed-after-refusal';

/** Where to authorize for a server: its authorization server and what to ask for there. */
interface Target {
  readonly server: AuthorizationServer;
  /** The RFC 8707 `resource`: the protected resource's identifier as published, or `undefined` (2025-03-26). */
  readonly resource: string | undefined;
  readonly protectedResource: ProtectedResource | undefined;
}

/** What the client knows of one MCP server. */
interface ServerState {
  readonly serverUrl: string;
  server: AuthorizationServer | undefined;
  tokens: TokenRecord | undefined;
  provenance: Provenance;
  /** The current access token got a successful answer. */
  accepted: boolean;
  /** Authorizations for more scope since a token was last accepted. */
  stepUps: number;
  /** The operation changing this state (a refresh, an authorization); the next one waits for it. */
  queue: Promise<unknown>;
}

/** OAuth 2.1 authorization for the HTTP client transports: see the module comment. */
export class OAuthClient implements HttpClientAuth {
  readonly #options: OAuthClientOptions;
  readonly #store: AuthStore;
  readonly #fetch: AuthFetch;
  readonly #now: () => number;
  /** How the authorization code grant gets its client; `undefined` with a `grant`. */
  readonly #registration: RegistrationOptions | undefined;
  readonly #grant: MachineGrant | undefined;
  readonly #dpopOptions: DpopClientOptions | undefined;
  /** The DPoP key, made on first use. */
  #dpopKey: Promise<DpopKey> | undefined;
  #dpop: DpopKey | undefined;
  /** Per MCP server URL: its state, once loaded from the store. */
  readonly #servers = new Map<string, Promise<ServerState>>();
  /** The states loaded so far, for the synchronous `answered`. */
  readonly #known = new Map<string, ServerState>();

  constructor(options: OAuthClientOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('OAuthClient needs options');
    this.#options = options;
    this.#store = options.store ?? new MemoryAuthStore();
    this.#fetch = options.fetch ?? globalFetch;
    this.#now = options.now ?? Date.now;
    this.#dpopOptions = options.dpop === true ? {} : options.dpop || undefined;
    if (options.grant !== undefined) {
      if (options.authorize !== undefined || options.redirectUri !== undefined)
        throw new TypeError('OAuthClient takes either a grant or authorize and redirectUri, not both');
      this.#grant = machineGrant(options.grant);
      return;
    }
    if (typeof options.authorize !== 'function')
      throw new TypeError('OAuthClient needs an authorize function (or a grant without a user)');
    checkUrl('redirectUri', options.redirectUri);
    if (options.clientMetadataUrl !== undefined) {
      const url = checkUrl('clientMetadataUrl', options.clientMetadataUrl);
      if (url.protocol !== 'https:' || url.pathname === '/')
        throw new TypeError('clientMetadataUrl must be an https URL with a path (a Client ID Metadata Document)');
    }
    checkPreRegistered('client', options.client);
    this.#registration = {
      client: options.client,
      clientMetadataUrl: options.clientMetadataUrl,
      clientMetadata: options.clientMetadata,
      redirectUri: options.redirectUri!,
      refreshTokens: options.refreshTokens !== false,
      store: this.#store,
      now: this.#now,
    };
  }

  /**
   * The `Authorization` header for a request: the server's token, refreshed first when it is
   * about to expire (a grant without a user asks for a new one instead).
   */
  async headers(request: AuthRequest): Promise<Record<string, string>> {
    const state = await this.#state(request.serverUrl);
    let tokens = state.tokens;
    if (tokens === undefined) return {};
    const renewable = tokens.refreshToken !== undefined || this.#grant !== undefined;
    if (this.#expiring(tokens) && renewable && state.server !== undefined) {
      const expiring = tokens;
      await this.#exclusive(state, async () => {
        // Another request renewed it meanwhile.
        const server = state.server;
        if (state.tokens !== expiring || server === undefined) return;
        // A failure leaves the token as it is: the server's refusal will say what to do.
        const context = this.#context(request);
        if (expiring.refreshToken !== undefined)
          await this.#refresh(state, server, context, 'refreshed').catch(() => false);
        // A grant without a user has no refresh token: it asks for a new token the same way.
        else if (expiring.issuer === server.issuer) {
          const target = { server, resource: expiring.resource, protectedResource: undefined };
          await this.#authorize(state, target, expiring.requestedScopes, context).catch(() => undefined);
        }
      });
      tokens = state.tokens;
      if (tokens === undefined) return {};
    }
    const authorization = authorizationOf(tokens);
    if (tokens.tokenType === 'Bearer') return { authorization };
    const dpop = await this.#dpopOf();
    if (dpop === undefined) return {};
    return { authorization, dpop: await dpop.proof(request.url, request.method, tokens.accessToken) };
  }

  /**
   * The server refused a request: with 401, find its authorization server again, refresh or
   * authorize, and have the request sent again; with 403 `insufficient_scope`, authorize for
   * more scope when the challenge asks for any the client has not asked for yet.
   */
  async refused(refusal: AuthRefusal): Promise<boolean> {
    const state = await this.#state(refusal.serverUrl);
    return this.#exclusive(state, () => this.#answer(state, refusal));
  }

  /** A successful answer to a request carrying the current token: the server takes it. */
  answered(answer: AuthAnswer): void {
    this.#dpop?.remember(answer.url, answer.headers);
    if (answer.status < 200 || answer.status > 299) return;
    const state = this.#known.get(answer.serverUrl);
    if (state?.tokens !== undefined && answer.sent.get('authorization') === authorizationOf(state.tokens)) {
      state.accepted = true;
      state.stepUps = 0;
    }
  }

  /**
   * Refreshes the tokens of the MCP server at `serverUrl` now, before they expire (the user
   * asked, or the application knows they were revoked): true when new tokens came, false when
   * there is no refresh token or its authorization server refused it (a spent one is dropped).
   */
  async refresh(serverUrl: string | URL): Promise<boolean> {
    const state = await this.#state(new URL(serverUrl).href);
    return this.#exclusive(state, async () => {
      const server = state.server;
      if (server === undefined) return false;
      const context = this.#context({ protocolVersion: undefined, signal: undefined });
      return this.#refresh(state, server, context, 'refreshed');
    });
  }

  /** Forgets the tokens kept for the MCP server at `serverUrl` (registrations stay). */
  async forget(serverUrl: string | URL): Promise<void> {
    const state = await this.#state(new URL(serverUrl).href);
    await this.#exclusive(state, async () => {
      await this.#dropTokens(state);
      state.server = undefined;
      await this.#store.delete(serverKey(state.serverUrl));
    });
  }

  async #answer(state: ServerState, refusal: AuthRefusal): Promise<boolean> {
    const sent = refusal.sent.get('authorization') ?? undefined;
    const current = state.tokens === undefined ? undefined : authorizationOf(state.tokens);
    // The token changed while this request was out: send it again with the new one.
    if (current !== undefined && sent !== current) return true;
    // The server wants its nonce in the proof (RFC 9449 §9): a new proof, not a new token.
    if (refusal.status === 401 && refusal.challenge?.error === 'use_dpop_nonce' && this.#dpop !== undefined) {
      const nonce = this.#dpop.nonce(refusal.url);
      return nonce !== undefined && nonce !== proofNonce(refusal.sent.get('dpop'));
    }
    const context = this.#context(refusal);
    if (refusal.status === 403) return this.#stepUp(state, refusal, context);
    if (refusal.status !== 401) return false;
    // A token its authorization server has just issued and the server never took: asking the
    // user again would go round in circles.
    if (current !== undefined && state.provenance === 'authorized' && !state.accepted) return false;
    const target = await this.#discover(state, refusal, context);
    const tokens = state.tokens;
    if (
      tokens?.refreshToken !== undefined &&
      tokens.issuer === target.server.issuer &&
      state.provenance !== 'refreshed-after-refusal' &&
      (await this.#refresh(state, target.server, context, 'refreshed-after-refusal'))
    )
      return true;
    const previous = tokens?.issuer === target.server.issuer ? tokens.requestedScopes : [];
    const selected = selectScopes(refusal.challenge?.scope, target.protectedResource?.scopesSupported);
    await this.#authorize(state, target, union(previous, selected), context);
    return true;
  }

  /** 403 `insufficient_scope`: authorize for the union of the scopes asked for and those challenged. */
  async #stepUp(state: ServerState, refusal: AuthRefusal, context: HttpContext): Promise<boolean> {
    const challenge: BearerChallenge | undefined = refusal.challenge;
    if (challenge?.error !== 'insufficient_scope' || state.stepUps >= MAX_STEP_UPS) return false;
    const target = await this.#discover(state, refusal, context);
    const needed = selectScopes(challenge.scope, target.protectedResource?.scopesSupported);
    const tokens = state.tokens;
    const previous =
      tokens?.issuer === target.server.issuer ? union(tokens.requestedScopes, tokens.grantedScopes ?? []) : [];
    // Nothing new to ask for: another authorization would get the same refusal.
    if (needed.length === 0 || within(needed, previous)) return false;
    state.stepUps++;
    await this.#authorize(state, target, union(previous, needed), context);
    return true;
  }

  /**
   * Where to authorize for the server, found afresh (a server may have moved to another
   * authorization server): by protected resource metadata, or by the 2025-03-26 rules.
   */
  async #discover(state: ServerState, refusal: AuthRefusal, context: HttpContext): Promise<Target> {
    const serverUrl = state.serverUrl;
    const rules = discoveryRules(refusal.protocolVersion, refusal.handshake === true);
    if (!rules.protectedResource)
      return { server: await originServer(serverUrl, context), resource: undefined, protectedResource: undefined };
    const found = await discoverProtectedResource(serverUrl, refusal.challenge, context);
    if ('resource' in found) {
      const failures: string[] = [];
      for (const issuer of found.authorizationServers) {
        try {
          const server = await discoverServerMetadata(issuer, rules.openIdDiscovery, context);
          return { server, resource: found.resource, protectedResource: found };
        } catch (error) {
          if (!(error instanceof AuthorizationError)) throw error;
          failures.push(error.message);
        }
      }
      throw new AuthorizationError('discovery', failures.join('; '));
    }
    if (rules.originFallback && found.absent) {
      const resource = rules.resourceIndicator ? serverUrl.replace(/#.*$/, '') : undefined;
      return { server: await originServer(serverUrl, context), resource, protectedResource: undefined };
    }
    throw new AuthorizationError(
      'discovery',
      `Found no protected resource metadata for ${serverUrl}: ${describeAttempts(found.tried)}`,
    );
  }

  /** Registers if need be, and runs the authorization code grant for `scopes`. */
  async #authorize(state: ServerState, target: Target, scopes: readonly string[], plain: HttpContext): Promise<void> {
    const library = await oauthLibrary();
    const context = await this.#withDpop(plain);
    const asked = this.#withOfflineAccess(scopes, target.server);
    for (let attempt = 0; ; attempt++) {
      const registration = await this.#registrationAt(target.server, context);
      const request = {
        library,
        serverUrl: state.serverUrl,
        server: target.server,
        registration,
        resource: target.resource,
        scopes: asked,
        context,
      };
      let response;
      try {
        response =
          this.#grant !== undefined
            ? await this.#grant.token(request)
            : await authorizationCodeGrant(request, this.#options.redirectUri!, this.#options.authorize!);
      } catch (error) {
        // The server no longer knows the client it registered: register again, once.
        if (
          error instanceof AuthorizationError &&
          error.oauthError === 'invalid_client' &&
          registration.kind === 'dynamic'
        ) {
          await forgetRegistration(this.#store, target.server.issuer);
          if (attempt === 0) continue;
        }
        throw error;
      }
      const tokens = tokenRecord(
        response,
        {
          serverUrl: state.serverUrl,
          issuer: target.server.issuer,
          clientId: registration.clientId,
          resource: target.resource,
          requestedScopes: asked,
        },
        undefined,
        this.#now(),
        context.dpop !== undefined,
      );
      await this.#keep(state, target.server, tokens, 'authorized');
      return;
    }
  }

  /** Refreshes the state's tokens at `server`; false when that cannot be done or failed. */
  async #refresh(
    state: ServerState,
    server: AuthorizationServer,
    context: HttpContext,
    provenance: Provenance,
  ): Promise<boolean> {
    const tokens = state.tokens;
    if (tokens?.refreshToken === undefined || tokens.issuer !== server.issuer) return false;
    const registration = await this.#knownRegistration(server.issuer, tokens.clientId);
    if (registration === undefined) return false;
    const library = await oauthLibrary();
    let refreshed: TokenRecord;
    try {
      refreshed = await refreshTokens(library, tokens, server, registration, await this.#withDpop(context), this.#now);
    } catch (error) {
      if (!(error instanceof AuthorizationError)) throw error;
      const code = error.oauthError;
      if (code === 'invalid_client' && registration.kind === 'dynamic')
        await forgetRegistration(this.#store, server.issuer);
      // The refresh token is spent, revoked or for a client that is gone.
      if (code === 'invalid_grant' || code === 'invalid_client' || code === 'unauthorized_client')
        await this.#dropTokens(state);
      return false;
    }
    await this.#keep(state, server, refreshed, provenance);
    return true;
  }

  /** The registration the tokens were issued to, if the client still has it; registers nothing. */
  async #knownRegistration(issuer: string, clientId: string): Promise<ClientRegistration | undefined> {
    if (this.#grant !== undefined) {
      const registration = this.#grant.registration({ issuer, metadata: { issuer }, metadataUrl: undefined });
      return registration?.clientId === clientId ? registration : undefined;
    }
    const given = preRegistered(this.#options.client, issuer);
    if (given?.clientId === clientId) return given;
    if (this.#options.clientMetadataUrl === clientId)
      return { issuer, clientId, tokenEndpointAuthMethod: 'none', kind: 'metadata-document' };
    const kept = readRegistrationFor(await this.#store.get(registrationKey(issuer)), issuer);
    return kept?.clientId === clientId ? kept : undefined;
  }

  /** The client's credentials at `server`: the grant's, or those the authorization code grant registers. */
  async #registrationAt(server: AuthorizationServer, context: HttpContext): Promise<ClientRegistration> {
    if (this.#registration !== undefined) return clientRegistration(server, this.#registration, context);
    const registration = this.#grant!.registration(server);
    if (registration === undefined)
      throw new AuthorizationError(
        'registration',
        `The client's credentials are for another authorization server than ${server.issuer}, which the MCP server names`,
      );
    return registration;
  }

  /** The context with the DPoP key's handle, when tokens are bound. */
  async #withDpop(context: HttpContext): Promise<HttpContext> {
    const dpop = await this.#dpopOf();
    return dpop === undefined ? context : { ...context, dpop: dpop.handle };
  }

  /** The DPoP key, made on first use; `undefined` without the `dpop` option. */
  async #dpopOf(): Promise<DpopKey | undefined> {
    const options = this.#dpopOptions;
    if (options === undefined) return undefined;
    this.#dpopKey ??= oauthLibrary()
      .then((library) => DpopKey.create(library, options))
      .catch((error: unknown) => {
        this.#dpopKey = undefined;
        throw error;
      });
    this.#dpop = await this.#dpopKey;
    return this.#dpop;
  }

  /** Adds `offline_access` when refresh tokens are wanted and the server lists it (2026-07-28). */
  #withOfflineAccess(scopes: readonly string[], server: AuthorizationServer): readonly string[] {
    // Without other scopes, asking for offline_access alone would narrow what the server grants by default.
    // A grant without a user gets a new token as easily as it would refresh one.
    if (
      this.#grant !== undefined ||
      this.#options.refreshTokens === false ||
      scopes.length === 0 ||
      scopes.includes('offline_access')
    )
      return scopes;
    return server.metadata.scopes_supported?.includes('offline_access') ? [...scopes, 'offline_access'] : scopes;
  }

  /** Holds new tokens, in memory and in the store, with the server's authorization server. */
  async #keep(
    state: ServerState,
    server: AuthorizationServer,
    tokens: TokenRecord,
    provenance: Provenance,
  ): Promise<void> {
    const before = state.tokens;
    state.server = server;
    state.tokens = tokens;
    state.provenance = provenance;
    state.accepted = false;
    await this.#store.set(serverKey(state.serverUrl), {
      serverUrl: state.serverUrl,
      issuer: server.issuer,
      metadata: server.metadata,
      metadataUrl: server.metadataUrl,
    });
    await this.#store.set(tokensKey(state.serverUrl, server.issuer), tokens);
    // Tokens from the authorization server the MCP server left are of no use any more.
    if (before !== undefined && before.issuer !== server.issuer)
      await this.#store.delete(tokensKey(state.serverUrl, before.issuer));
  }

  async #dropTokens(state: ServerState): Promise<void> {
    const tokens = state.tokens;
    state.tokens = undefined;
    state.accepted = false;
    if (tokens !== undefined) await this.#store.delete(tokensKey(state.serverUrl, tokens.issuer));
  }

  #expiring(tokens: TokenRecord): boolean {
    return (
      tokens.expiresAt !== undefined && tokens.expiresAt - (this.#options.refreshMarginMs ?? 60_000) <= this.#now()
    );
  }

  #context(request: Pick<AuthRequest, 'protocolVersion' | 'signal'>): HttpContext {
    return {
      fetch: this.#fetch,
      protocolVersion: request.protocolVersion,
      signal: request.signal,
      timeoutMs: this.#options.requestTimeoutMs ?? 30_000,
      allowInsecureHttp: this.#options.allowInsecureHttp === true,
    };
  }

  /** Runs `operation` once every earlier operation on the state has settled. */
  #exclusive<T>(state: ServerState, operation: () => Promise<T>): Promise<T> {
    const run = state.queue.then(operation, operation);
    state.queue = run.catch(() => {});
    return run;
  }

  /** The state of the server at `serverUrl`, loaded from the store on first use. */
  #state(serverUrl: string): Promise<ServerState> {
    let loading = this.#servers.get(serverUrl);
    if (loading === undefined) {
      loading = this.#load(serverUrl);
      this.#servers.set(serverUrl, loading);
      // A store that failed is asked again next time.
      loading.catch(() => this.#servers.delete(serverUrl));
    }
    return loading;
  }

  async #load(serverUrl: string): Promise<ServerState> {
    const state: ServerState = {
      serverUrl,
      server: undefined,
      tokens: undefined,
      provenance: 'kept',
      accepted: false,
      stepUps: 0,
      queue: Promise.resolve(),
    };
    const server = readServer(await this.#store.get(serverKey(serverUrl)), serverUrl);
    if (server !== undefined) {
      state.server = server;
      state.tokens = readTokens(await this.#store.get(tokensKey(serverUrl, server.issuer)), serverUrl, server.issuer);
    }
    this.#known.set(serverUrl, state);
    return state;
  }
}

/** The `Authorization` header of a token. */
function authorizationOf(tokens: TokenRecord): string {
  return `${tokens.tokenType} ${tokens.accessToken}`;
}

/** A kept record of the server's authorization server, or `undefined` when the value is not one. */
function readServer(value: unknown, serverUrl: string): AuthorizationServer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const metadata = v.metadata as Record<string, unknown> | undefined;
  if (v.serverUrl !== serverUrl || typeof v.issuer !== 'string') return undefined;
  if (typeof metadata !== 'object' || metadata === null || metadata.issuer !== v.issuer) return undefined;
  return {
    issuer: v.issuer,
    metadata: metadata as AuthorizationServer['metadata'],
    metadataUrl: typeof v.metadataUrl === 'string' ? v.metadataUrl : undefined,
  };
}

function checkUrl(name: string, value: unknown): URL {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a URL`);
  try {
    return new URL(value);
  } catch {
    throw new TypeError(`${name} must be a URL, not ${JSON.stringify(value)}`);
  }
}
