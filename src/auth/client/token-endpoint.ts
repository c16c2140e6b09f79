/**
 * What every request to an authorization server's endpoints shares, whatever the grant: the
 * server and client as oauth4webapi takes them, how the client authenticates at the token
 * endpoint (as registered: none, client_secret_basic, client_secret_post or private_key_jwt),
 * the request options (fetch, time limit, plain HTTP on loopback, the RFC 8707 `resource`, the
 * DPoP proof), the one retry a DPoP nonce asks for, and errors told without what the server's
 * answer held.
 * @module
 */
import type * as OAuth from 'oauth4webapi';
import { privateKeyJwt } from './client-assertion.js';
import { AuthorizationError, quoted, type AuthorizationStep } from './errors.js';
import { describeFailure, isPlainHttp, requestSignal, type HttpContext } from './http-context.js';
import type { OAuthLibrary } from './oauth-library.js';
import type { ClientRegistration } from './registration.js';
import type { AuthorizationServer } from './server-metadata.js';

/** The token endpoint authentication methods the client can use. */
export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
] as const;

/** The authorization server as oauth4webapi takes it. */
export function libraryServer(server: AuthorizationServer): OAuth.AuthorizationServer {
  return server.metadata as unknown as OAuth.AuthorizationServer;
}

/** The client as oauth4webapi takes it. */
export function libraryClient(registration: ClientRegistration): OAuth.Client {
  return { client_id: registration.clientId };
}

/**
 * How the client authenticates at the token endpoint: the method it registered with, else
 * private_key_jwt with a key (unless the server lists only others and there is a secret), else
 * by what the server lists (RFC 8414's default, when it lists nothing, is client_secret_basic).
 */
export function tokenEndpointAuthMethod(registration: ClientRegistration, server: AuthorizationServer): string {
  if (registration.tokenEndpointAuthMethod !== undefined) return registration.tokenEndpointAuthMethod;
  const listed = server.metadata.token_endpoint_auth_methods_supported;
  if (
    registration.privateKey !== undefined &&
    (registration.clientSecret === undefined || listed === undefined || listed.includes('private_key_jwt'))
  )
    return 'private_key_jwt';
  if (registration.clientSecret === undefined) return 'none';
  if (listed === undefined || listed.includes('client_secret_basic')) return 'client_secret_basic';
  if (listed.includes('client_secret_post')) return 'client_secret_post';
  return listed.includes('none') ? 'none' : 'client_secret_basic';
}

/** oauth4webapi's client authentication for `registration`. */
export function clientAuthentication(
  library: OAuthLibrary,
  registration: ClientRegistration,
  server: AuthorizationServer,
): OAuth.ClientAuth {
  const method = tokenEndpointAuthMethod(registration, server);
  if (method === 'none') return library.None();
  if (method === 'private_key_jwt') return privateKeyJwt(library, registration, server);
  const secret = registration.clientSecret;
  if (secret === undefined)
    throw new AuthorizationError(
      'token',
      `The client is registered for ${method} at ${server.issuer} but has no secret`,
    );
  if (method === 'client_secret_basic') return clientSecretBasic(secret);
  if (method === 'client_secret_post') return library.ClientSecretPost(secret);
  throw new AuthorizationError(
    'token',
    `The client is registered at ${server.issuer} for token endpoint authentication ${quoted(method)}, which this client does not do`,
  );
}

/**
 * client_secret_basic, its credentials form-encoded (RFC 6749 §2.3.1) as the URL standard's
 * serializer does it, which leaves `-`, `.`, `_` and `*` as they are. oauth4webapi escapes
 * those too; a server that decodes gets the same either way, and one that does not decode
 * (they exist) gets the plain credentials it expects only this way.
 */
function clientSecretBasic(secret: string): OAuth.ClientAuth {
  const encode = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${encode(client.client_id)}:${encode(secret)}`)}`);
  };
}

/**
 * Options of an oauth4webapi request: fetch, time limit, plain HTTP where allowed, extra
 * parameters. `T` is the request's own options type; they share these members.
 */
export function requestOptions<T = OAuth.TokenEndpointRequestOptions>(
  library: OAuthLibrary,
  url: string,
  context: HttpContext,
  parameters?: Record<string, string>,
): T {
  const options: Record<string | symbol, unknown> = {
    [library.customFetch]: context.fetch,
    signal: requestSignal(context),
  };
  if (isPlainHttp(url)) options[library.allowInsecureRequests] = true;
  if (context.dpop !== undefined) options.DPoP = context.dpop;
  if (parameters !== undefined && Object.keys(parameters).length > 0) options.additionalParameters = parameters;
  return options as T;
}

/** What a token request is sent with: the library's view of the server and the client, and how the client authenticates. */
export interface TokenEndpointCall {
  readonly as: OAuth.AuthorizationServer;
  readonly client: OAuth.Client;
  readonly auth: OAuth.ClientAuth;
}

/**
 * Sends a token request (`send` makes it and reads the answer) as `registration` at `server`;
 * when the server asks for a DPoP nonce (RFC 9449 §8: 400 `use_dpop_nonce` with `DPoP-Nonce`,
 * which oauth4webapi keeps), sends it once more with a new proof carrying the nonce. A failure
 * is an `AuthorizationError` of the token step, `failure` naming the request.
 */
export async function tokenEndpointCall<T>(
  library: OAuthLibrary,
  server: AuthorizationServer,
  registration: ClientRegistration,
  context: HttpContext,
  failure: string,
  send: (call: TokenEndpointCall) => Promise<T>,
): Promise<T> {
  const as = libraryServer(server);
  const client = libraryClient(registration);
  const call = () => send({ as, client, auth: clientAuthentication(library, registration, server) });
  try {
    try {
      return await call();
    } catch (error) {
      if (context.dpop === undefined || !library.isDPoPNonceError(error)) throw error;
      return await call();
    }
  } catch (error) {
    throw authorizationServerFailure(library, error, 'token', failure, context.signal);
  }
}

/**
 * An error of a request to an authorization server, as a message fit to show: the OAuth error
 * code it answered with, or what went wrong, but none of the answer's content (it may hold
 * tokens) and not its `error_description` (the server's own words, untrusted).
 */
export function authorizationServerFailure(
  library: OAuthLibrary,
  error: unknown,
  step: AuthorizationStep,
  what: string,
  signal: AbortSignal | undefined,
): Error {
  if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new Error('Aborted');
  if (error instanceof AuthorizationError) return error;
  if (error instanceof library.ResponseBodyError) {
    return new AuthorizationError(
      step,
      `${what} failed: the server answered ${error.status} ${quoted(error.error, 60)}`,
      {
        oauthError: error.error,
      },
    );
  }
  if (error instanceof library.WWWAuthenticateChallengeError) {
    const code = error.cause.find((c) => typeof c.parameters.error === 'string')?.parameters.error;
    return new AuthorizationError(
      step,
      `${what} failed: the server answered ${error.status}${code ? ` ${quoted(code, 60)}` : ' with a challenge'}`,
      { oauthError: code },
    );
  }
  if (error instanceof library.OperationProcessingError || error instanceof library.UnsupportedOperationError)
    return new AuthorizationError(step, `${what} failed: ${error.message}`);
  return new AuthorizationError(step, `${what} failed: ${describeFailure(error)}`);
}
