/**
 * Getting client credentials at an authorization server, in the order 2025-11-25 gives:
 * credentials the application registered beforehand, then a Client ID Metadata Document URL
 * when the server says it takes one, then Dynamic Client Registration (RFC 7591) where the
 * server offers it. Registrations are kept in the `AuthStore` under the issuer that made them
 * and used nowhere else: a server that moves to another authorization server makes the client
 * register again there (2026-07-28).
 * @module
 */
import type { AuthStore } from '../store.js';
import { AuthorizationError, quoted } from './errors.js';
import { describeFailure, isLoopbackHost, requestSignal, type HttpContext } from './http-context.js';
import { endpoint, type AuthorizationServer } from './server-metadata.js';
import { registrationKey } from './store-keys.js';

/** Client credentials, bound to the authorization server that issued them. */
export interface ClientRegistration {
  /** The issuer of the authorization server they are valid at. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret?: string | undefined;
  /** When the secret stops being valid, in milliseconds since the epoch (RFC 7591 `client_secret_expires_at`). */
  readonly secretExpiresAt?: number | undefined;
  /** How the client authenticates at the token endpoint, as registered. */
  readonly tokenEndpointAuthMethod?: string | undefined;
  /** The private key of `private_key_jwt`, and what goes with it (pre-registered clients only). */
  readonly privateKey?: ClientPrivateKey | undefined;
  /** The redirect URIs registered. */
  readonly redirectUris?: readonly string[] | undefined;
  /** Given by the application, a client ID metadata document URL, or dynamic registration (RFC 7591). */
  readonly kind: 'pre-registered' | 'metadata-document' | 'dynamic';
}

/**
 * A client's private key for `private_key_jwt` (RFC 7523 client assertions): a PKCS#8 PEM
 * string, a `CryptoKey`, or a private JWK.
 */
export type PrivateKeyInput = string | CryptoKey | JsonWebKey;

/** The key of `private_key_jwt` with what the assertion's header needs. */
export interface ClientPrivateKey {
  /** The private key: a PEM string (PKCS #8), a `CryptoKey` or a JWK. */
  readonly key: PrivateKeyInput;
  /** The JWS algorithm (`ES256`, `RS256`...); by default the first the server lists that fits the key. */
  readonly algorithm?: string | undefined;
  /** The `kid` of the assertion's header, if the server needs one to pick the key. */
  readonly keyId?: string | undefined;
}

/** Credentials the application registered with an authorization server beforehand. */
export interface PreRegisteredClient {
  /** The `client_id` the authorization server gave the client. */
  readonly clientId: string;
  /** Its secret, for a confidential client. */
  readonly clientSecret?: string;
  /**
   * The private key the client authenticates with by `private_key_jwt` (a signed assertion
   * instead of a secret), with its algorithm and key id when they must be named.
   */
  readonly privateKey?: PrivateKeyInput | ClientPrivateKey;
  /**
   * How the client authenticates at the token endpoint; by default `private_key_jwt` with a
   * private key, else from what the server lists.
   */
  readonly tokenEndpointAuthMethod?: 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  /**
   * The issuer of the authorization server they were registered with: they are sent there only.
   * Without it they are sent to whichever authorization server the MCP server names.
   */
  readonly issuer?: string;
}

/** What registering needs. */
export interface RegistrationOptions {
  readonly client: PreRegisteredClient | undefined;
  readonly clientMetadataUrl: string | undefined;
  readonly clientMetadata: Readonly<Record<string, unknown>> | undefined;
  readonly redirectUri: string;
  readonly refreshTokens: boolean;
  readonly store: AuthStore;
  readonly now: () => number;
}

/** The client's credentials at `server`: found, kept, or registered now. */
export async function clientRegistration(
  server: AuthorizationServer,
  options: RegistrationOptions,
  context: HttpContext,
): Promise<ClientRegistration> {
  const { client, clientMetadataUrl } = options;
  const issuer = server.issuer;
  const given = preRegistered(client, issuer);
  if (given !== undefined) return given;
  if (clientMetadataUrl !== undefined && server.metadata.client_id_metadata_document_supported === true) {
    return { issuer, clientId: clientMetadataUrl, tokenEndpointAuthMethod: 'none', kind: 'metadata-document' };
  }
  const kept = readRegistrationFor(await options.store.get(registrationKey(issuer)), issuer);
  if (kept !== undefined && usable(kept, options)) return kept;
  if (server.metadata.registration_endpoint !== undefined) {
    const registered = await register(server, options, context);
    await options.store.set(registrationKey(issuer), registered);
    return registered;
  }
  const boundElsewhere =
    client?.issuer !== undefined ? ` (the credentials given are for ${client.issuer})` : ' (none were given)';
  throw new AuthorizationError(
    'registration',
    `The client has no credentials for the authorization server ${issuer}${boundElsewhere}, and it offers ${
      clientMetadataUrl === undefined
        ? 'no dynamic registration'
        : 'neither client ID metadata documents nor dynamic registration'
    }`,
  );
}

/** The pre-registered `client` as a registration at `issuer`, unless it is bound to another issuer. */
export function preRegistered(client: PreRegisteredClient | undefined, issuer: string): ClientRegistration | undefined {
  if (client === undefined || (client.issuer !== undefined && client.issuer !== issuer)) return undefined;
  const key = client.privateKey;
  return {
    issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    tokenEndpointAuthMethod: client.tokenEndpointAuthMethod,
    privateKey: key === undefined ? undefined : isPrivateKeyInput(key) ? { key } : key,
    kind: 'pre-registered',
  };
}

/** Whether `value` is a key itself rather than a key with its algorithm and id. */
function isPrivateKeyInput(value: PrivateKeyInput | ClientPrivateKey): value is PrivateKeyInput {
  return typeof value === 'string' || !('key' in value);
}

/**
 * Checks the pre-registered `client` given to a constructor (`required`: it must be given): a
 * TypeError names what is wrong.
 */
export function checkPreRegistered(name: string, client: PreRegisteredClient | undefined, required = false): void {
  if (client === undefined && !required) return;
  if (typeof client !== 'object' || client === null || typeof client.clientId !== 'string' || client.clientId === '')
    throw new TypeError(`${name}.clientId must be a non-empty string`);
  if (client.clientSecret !== undefined && typeof client.clientSecret !== 'string')
    throw new TypeError(`${name}.clientSecret must be a string`);
  const key = client.privateKey;
  if (key !== undefined && (typeof key !== 'object' || key === null) && typeof key !== 'string')
    throw new TypeError(`${name}.privateKey must be a PEM string, a CryptoKey or a JWK`);
}

/** Forgets the registration kept for `issuer` (the server no longer knows the client). */
export async function forgetRegistration(store: AuthStore, issuer: string): Promise<void> {
  await store.delete(registrationKey(issuer));
}

/** A kept registration still fits: the redirect URI is registered and the secret has not expired. */
function usable(registration: ClientRegistration, options: RegistrationOptions): boolean {
  if (!registration.redirectUris?.includes(options.redirectUri)) return false;
  const expires = registration.secretExpiresAt;
  return expires === undefined || expires > options.now() + 60_000;
}

/** Registers the client with the server's registration endpoint (RFC 7591). */
async function register(
  server: AuthorizationServer,
  options: RegistrationOptions,
  context: HttpContext,
): Promise<ClientRegistration> {
  const url = endpoint(server, 'registration_endpoint', context, 'registration');
  const listed = server.metadata.token_endpoint_auth_methods_supported;
  // A native app keeps no secret; ask for none when the server takes it.
  const method =
    listed === undefined || listed.includes('none')
      ? 'none'
      : (['client_secret_basic', 'client_secret_post'] as const).find((m) => listed.includes(m));
  const requested: Record<string, unknown> = {
    client_name: 'MCP client',
    ...options.clientMetadata,
    redirect_uris: [options.redirectUri],
    response_types: ['code'],
  };
  requested.grant_types ??= options.refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'];
  requested.application_type ??= applicationType(options.redirectUri);
  if (method !== undefined) requested.token_endpoint_auth_method ??= method;
  // Written here rather than with oauth4webapi, which refuses a secret without
  // client_secret_expires_at: RFC 7591 wants it, but servers in use leave it out.
  let answer: Record<string, unknown>;
  try {
    const response = await context.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(requested),
      redirect: 'manual',
      signal: requestSignal(context),
    });
    answer = await registrationAnswer(response, url);
  } catch (error) {
    if (context.signal?.aborted) throw context.signal.reason;
    if (error instanceof AuthorizationError) throw error;
    throw new AuthorizationError('registration', `Registering the client at ${url} failed: ${describeFailure(error)}`);
  }
  if (typeof answer.client_id !== 'string' || answer.client_id === '')
    throw new AuthorizationError(
      'registration',
      `Registering the client at ${url} failed: the answer has no client_id`,
    );
  for (const name of ['client_secret', 'token_endpoint_auth_method'] as const) {
    if (answer[name] !== undefined && typeof answer[name] !== 'string')
      throw new AuthorizationError(
        'registration',
        `Registering the client at ${url} failed: its ${name} is not a string`,
      );
  }
  const expiresAt = typeof answer.client_secret_expires_at === 'number' ? answer.client_secret_expires_at : 0;
  const redirectUris = Array.isArray(answer.redirect_uris)
    ? answer.redirect_uris.filter((u): u is string => typeof u === 'string')
    : [options.redirectUri];
  return {
    issuer: server.issuer,
    clientId: answer.client_id,
    clientSecret: typeof answer.client_secret === 'string' ? answer.client_secret : undefined,
    secretExpiresAt: expiresAt > 0 ? expiresAt * 1000 : undefined,
    tokenEndpointAuthMethod:
      typeof answer.token_endpoint_auth_method === 'string' ? answer.token_endpoint_auth_method : undefined,
    redirectUris,
    kind: 'dynamic',
  };
}

/** The JSON object of a registration's answer; rejects with the OAuth error code of a refusal. */
async function registrationAnswer(response: Response, url: string): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await response.json();
  } catch {
    value = undefined;
  }
  const body =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  if (response.status === 201 || response.status === 200) {
    if (body === undefined)
      throw new AuthorizationError(
        'registration',
        `Registering the client at ${url} failed: the answer is not a JSON object`,
      );
    return body;
  }
  const code = typeof body?.error === 'string' ? body.error : undefined;
  throw new AuthorizationError(
    'registration',
    `Registering the client at ${url} failed: the server answered ${response.status}${code ? ` ${quoted(code, 60)}` : ''}`,
    { oauthError: code },
  );
}

/**
 * `native` for a redirect to this machine (a loopback address) or to an app's own scheme,
 * `web` for an HTTPS page elsewhere (OpenID Connect Registration §2, 2026-07-28).
 */
export function applicationType(redirectUri: string): 'native' | 'web' {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return 'native';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'native';
  return isLoopbackHost(url.hostname) ? 'native' : 'web';
}

/** A kept registration, or `undefined` when the value is not one for `issuer`. */
export function readRegistrationFor(value: unknown, issuer: string): ClientRegistration | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as Record<string, unknown>;
  if (r.issuer !== issuer || typeof r.clientId !== 'string' || r.kind !== 'dynamic') return undefined;
  const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    issuer,
    clientId: r.clientId,
    clientSecret: optionalString(r.clientSecret),
    secretExpiresAt: typeof r.secretExpiresAt === 'number' ? r.secretExpiresAt : undefined,
    tokenEndpointAuthMethod: optionalString(r.tokenEndpointAuthMethod),
    redirectUris: Array.isArray(r.redirectUris) ? r.redirectUris.filter((u): u is string => typeof u === 'string') : [],
    kind: 'dynamic',
  };
}
