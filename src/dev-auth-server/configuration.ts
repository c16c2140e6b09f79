/**
 * The oidc-provider configuration of the development authorization server: what MCP needs of
 * an authorization server (authorization code with PKCE S256 only, resource indicators with
 * JWT access tokens, open dynamic client registration, Client ID Metadata Documents, rotating
 * refresh tokens, `iss` in the authorization response) and a development user who is signed
 * in and consents at once, so the authorization request redirects straight back with a code.
 * @module
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { OidcGrant, OidcProvider, OidcProviderModule } from './load.js';
import type { Resources } from './resources.js';

/** What the configuration is built from. */
export interface ConfigurationInput {
  readonly oidc: OidcProviderModule;
  readonly resources: Resources;
  readonly user: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly clientIdMetadataDocuments: boolean;
  readonly fetch: typeof fetch | undefined;
  readonly adapter: (model: string) => object;
}

/** The part of oidc-provider's request context the automatic sign-in reads and writes. */
interface AuthorizationContext {
  oidc: {
    provider: OidcProvider;
    client: { clientId: string };
    session: {
      accountId?: string;
      loginAccount(details: { accountId: string }): void;
      ensureClientContainer(clientId: string): void;
      grantIdFor(clientId: string, grantId: string): void;
    };
    account?: unknown;
    grant?: OidcGrant;
    params: { scope?: string };
    requestParamOIDCScopes: Set<string>;
    resourceServers: Record<string, { scopes: Set<string> }>;
    entity(name: string, value: unknown): void;
  };
}

/** A client's metadata (defaults filled in), as the extra-metadata validator sees it. */
interface ClientMetadata {
  client_id?: unknown;
  application_type?: unknown;
  redirect_uris?: unknown;
  token_endpoint_auth_method?: unknown;
  scope?: unknown;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** True for `http://127.0.0.1:<port>/...`, `http://localhost...` and `http://[::1]...` (RFC 8252 §7.3). */
function isLoopbackRedirect(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** The configuration object `new Provider(issuer, configuration)` takes. */
export function providerConfiguration(input: ConfigurationInput): object {
  const { oidc, user } = input;

  const account = { accountId: user, claims: async () => ({ sub: user }) };
  const policy = signInPolicy(oidc, user, account);

  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'ES256',
    use: 'sig',
  };

  return {
    adapter: input.adapter,
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: async (_ctx: unknown, sub: string) => (sub === user ? account : undefined),
    interactions: { policy, url: () => '/interaction' },
    scopes: [...input.resources.scopes],
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code'],
      id_token_signed_response_alg: 'ES256',
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    // Listing a standard property gets the validator called once per client (registered,
    // fetched as a metadata document, or read back), where it checks and adjusts the metadata.
    extraClientMetadata: {
      properties: ['application_type'],
      validator: (_ctx: unknown, key: string, _value: unknown, metadata: ClientMetadata) => {
        if (key === 'application_type') adjustClientMetadata(oidc, metadata);
      },
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: { enabled: true },
      resourceIndicators: resourceIndicators(input),
      clientIdMetadataDocument: { enabled: input.clientIdMetadataDocuments, ack: 'draft-02' },
    },
    ...(input.fetch ? { fetch: input.fetch } : {}),
    // Every client that may use refresh tokens gets them, whether or not it asked for
    // `offline_access` (MCP clients differ there); each use returns a new one (rotation).
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: async () => false,
    // Web clients on this machine (an inspector on localhost) may call the token endpoint.
    clientBasedCORS: (_ctx: unknown, origin: unknown) => isLoopbackOrigin(origin),
    ttl: lifetimes(input),
    renderError: async (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
      ctx.type = 'text';
      ctx.body = `${out.error ?? 'error'}${out.error_description ? `: ${out.error_description}` : ''}\n`;
    },
  };
}

/**
 * The interaction policy: the development user is signed in and consents to every request, in
 * the one check of the policy, so an authorization request needs no interaction.
 */
function signInPolicy(oidc: OidcProviderModule, user: string, account: object): unknown {
  const { Prompt, Check } = oidc.interactionPolicy;
  // Signs the development user in and grants what the request asks, in the one check of the
  // policy: the request then needs no interaction, and the code goes straight back.
  const signInAndConsent = new Check(
    'development_user',
    'the development user is signed in and consents to every request',
    async (ctx: AuthorizationContext) => {
      const { oidc: request } = ctx;
      if (request.session.accountId !== user) request.session.loginAccount({ accountId: user });
      if (request.account === undefined) request.entity('Account', account);
      const clientId = request.client.clientId;
      const grant = request.grant ?? new request.provider.Grant({ accountId: user, clientId });
      const asked = new Set(request.params.scope?.split(' ').filter(Boolean));
      const granted = new Set(asked);
      for (const [resource, server] of Object.entries(request.resourceServers)) {
        let scopes = [...server.scopes].filter((scope) => asked.has(scope));
        // A request naming none of the resource's scopes gets all of them.
        if (scopes.length === 0) scopes = [...server.scopes];
        for (const scope of scopes) granted.add(scope);
        grant.addResourceScope(resource, scopes.join(' '));
      }
      // The code carries the scopes of the request that are granted: those added count too.
      if (granted.size > asked.size) request.params.scope = [...granted].join(' ');
      const oidcScopes = [...request.requestParamOIDCScopes];
      if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
      const grantId = await grant.save();
      request.session.ensureClientContainer(clientId);
      request.session.grantIdFor(clientId, grantId);
      request.entity('Grant', grant);
      return false;
    },
  );
  // `prompt=login` and `prompt=consent` are accepted (clients send them), and ask for nothing:
  // each prompt's own "was it requested" check is removed.
  const login = new Prompt({ name: 'login', requestable: true }, signInAndConsent);
  login.checks.remove('login_prompt');
  const consent = new Prompt({ name: 'consent', requestable: true });
  consent.checks.remove('consent_prompt');
  const policy = oidc.interactionPolicy.base();
  policy.clear();
  policy.add(login);
  policy.add(consent);
  return policy;
}

/** Resource indicators (RFC 8707): a JWT access token per resource, for the resources known. */
function resourceIndicators(input: ConfigurationInput): object {
  const { oidc, resources } = input;
  return {
    enabled: true,
    // A request that names no resource gets the only one, when there is one.
    defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string[]) => oneOf ?? resources.only()?.resource,
    useGrantedResource: async () => true,
    getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
      const known = resources.find(indicator);
      if (known === undefined) throw new oidc.errors.InvalidTarget('this server issues no tokens for that resource');
      return {
        scope: known.scopes.join(' '),
        audience: known.resource,
        accessTokenFormat: 'jwt',
        accessTokenTTL: input.accessTokenTtlSeconds,
        jwt: { sign: { alg: 'ES256' } },
      };
    },
  };
}

/** How long each kind of thing the provider issues lasts, in seconds. */
function lifetimes(input: ConfigurationInput): Record<string, () => number> {
  const ttl = (seconds: number) => () => seconds;
  return {
    AccessToken: ttl(input.accessTokenTtlSeconds),
    AuthorizationCode: ttl(60),
    ClientCredentials: ttl(input.accessTokenTtlSeconds),
    DeviceCode: ttl(600),
    BackchannelAuthenticationRequest: ttl(600),
    IdToken: ttl(3600),
    Interaction: ttl(600),
    PreAuthorizedCode: ttl(600),
    RefreshToken: ttl(input.refreshTokenTtlSeconds),
    Session: ttl(input.refreshTokenTtlSeconds),
    Grant: ttl(input.refreshTokenTtlSeconds),
  };
}

/**
 * The extra-metadata validator: adjusts a client's metadata before oidc-provider checks it, and
 * refuses a redirect URI off this machine.
 */
function adjustClientMetadata(oidc: OidcProviderModule, metadata: ClientMetadata): void {
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string')) return;
  // Consent is automatic: a code sent to a web page would give any page the user visits a
  // token. Codes go to this machine only: a loopback URI, or a private-use scheme (an app).
  const remote = uris.find((uri) => !isLoopbackRedirect(uri) && /^https?:/i.test(uri));
  if (remote !== undefined) {
    throw new oidc.errors.InvalidClientMetadata(
      `redirect_uris must be loopback (http://127.0.0.1:<port>/..., http://localhost...) or an app's own scheme on this development server, not ${remote}`,
    );
  }
  // What is left (loopback URIs and private-use schemes) is a native app's (RFC 8252), whatever
  // it registered: the port of a loopback redirect URI may then change from run to run (§7.3).
  if (uris.length > 0) metadata.application_type = 'native';
  // A registration's `scope` would be all the client may ever ask for, and MCP clients register
  // with the scopes of their first challenge: a later step-up would be refused. RFC 7591 lets
  // the server replace what a client asks for; here it means any scope the server knows.
  delete metadata.scope;
  // A client metadata document may not use a shared secret, so one that names no method of
  // client authentication has none, rather than RFC 7591's default (client_secret_basic).
  // A document that names a shared-secret method is refused before this runs.
  if (
    typeof metadata.client_id === 'string' &&
    metadata.client_id.startsWith('https://') &&
    metadata.token_endpoint_auth_method === 'client_secret_basic'
  ) {
    metadata.token_endpoint_auth_method = 'none';
  }
}

/** True for an origin on this machine (`http://localhost:6274`): a local web client may call the token endpoint. */
function isLoopbackOrigin(origin: unknown): boolean {
  if (typeof origin !== 'string') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
