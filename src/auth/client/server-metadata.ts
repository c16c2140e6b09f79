/**
 * Finding an authorization server's metadata: RFC 8414, then OpenID Connect discovery, at the
 * URLs and in the order 2025-11-25 gives (three for an issuer with a path, two without). A
 * document whose `issuer` is not exactly the issuer it was fetched for is never used (RFC 8414
 * §3.3): strings are compared, nothing is normalized. The 2025-03-26 rules live here too: the
 * metadata at the MCP server's origin, else the default endpoints there.
 * @module
 */
import { AuthorizationError, quoted, type AuthorizationStep } from './errors.js';
import { getJson, refusedUrl, type HttpContext } from './http-context.js';
import { describeAttempts, type Attempt } from './protected-resource.js';

/** The members of an authorization server's metadata the client reads; the others are kept as they are. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorization_endpoint?: string;
  readonly token_endpoint?: string;
  readonly registration_endpoint?: string;
  readonly scopes_supported?: readonly string[];
  readonly response_types_supported?: readonly string[];
  readonly grant_types_supported?: readonly string[];
  readonly code_challenge_methods_supported?: readonly string[];
  readonly token_endpoint_auth_methods_supported?: readonly string[];
  readonly authorization_response_iss_parameter_supported?: boolean;
  readonly client_id_metadata_document_supported?: boolean;
  readonly [member: string]: unknown;
}

/** An authorization server as the client will use it. */
export interface AuthorizationServer {
  readonly issuer: string;
  readonly metadata: AuthorizationServerMetadata;
  /** Where the metadata was found; `undefined` when the 2025-03-26 default endpoints stand in for it. */
  readonly metadataUrl: string | undefined;
}

const STRING_LISTS = [
  'scopes_supported',
  'response_types_supported',
  'grant_types_supported',
  'code_challenge_methods_supported',
  'token_endpoint_auth_methods_supported',
] as const;
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const;
const FLAGS = ['authorization_response_iss_parameter_supported', 'client_id_metadata_document_supported'] as const;

/** The metadata URLs of `issuer`, in the order they are tried. */
export function serverMetadataUrls(issuer: string, openId: boolean): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const oauth = `${url.origin}/.well-known/oauth-authorization-server${path}`;
  if (!openId) return [oauth];
  if (path === '') return [oauth, `${url.origin}/.well-known/openid-configuration`];
  return [
    oauth,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** The metadata of the authorization server `issuer`; rejects listing each URL tried and why it did not do. */
export async function discoverServerMetadata(
  issuer: string,
  openId: boolean,
  context: HttpContext,
): Promise<AuthorizationServer> {
  const refused = refusedUrl(issuer, context);
  if (refused !== undefined || /[?#]/.test(issuer))
    throw new AuthorizationError(
      'discovery',
      `The authorization server ${quoted(issuer)} cannot be used: ${refused ?? 'an issuer has no query or fragment'}`,
    );
  const tried: Attempt[] = [];
  for (const url of serverMetadataUrls(issuer, openId)) {
    const fetched = await getJson(url, context);
    if (!fetched.ok) {
      tried.push({ url, reason: fetched.reason });
      continue;
    }
    const metadata = readMetadata(fetched.value, issuer);
    if (typeof metadata === 'string') {
      tried.push({ url, reason: metadata });
      continue;
    }
    return { issuer, metadata, metadataUrl: url };
  }
  throw new AuthorizationError(
    'discovery',
    `Found no usable metadata for the authorization server ${issuer}: ${describeAttempts(tried)}`,
  );
}

/**
 * The authorization server of a 2025-03-26 server: the MCP server's origin, with the metadata
 * published there, or the default endpoints when there is none (404 and the like); anything
 * else that goes wrong with the metadata is an error, not a reason to guess.
 */
export async function originServer(serverUrl: string, context: HttpContext): Promise<AuthorizationServer> {
  const issuer = new URL(serverUrl).origin;
  const url = serverMetadataUrls(issuer, false)[0]!;
  const fetched = await getJson(url, context);
  if (fetched.ok) {
    const metadata = readMetadata(fetched.value, issuer);
    if (typeof metadata !== 'string') return { issuer, metadata, metadataUrl: url };
    throw new AuthorizationError('discovery', `The authorization server metadata at ${url} was not used: ${metadata}`);
  }
  if (!fetched.absent)
    throw new AuthorizationError('discovery', `The authorization server metadata at ${url} ${fetched.reason}`);
  return {
    issuer,
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
    },
    metadataUrl: undefined,
  };
}

/** The metadata, or why it is not usable for `issuer`. */
function readMetadata(value: Record<string, unknown>, issuer: string): AuthorizationServerMetadata | string {
  if (typeof value.issuer !== 'string') return 'it names no issuer';
  if (value.issuer !== issuer) return `its issuer is ${quoted(value.issuer)}, not ${issuer}: not used`;
  for (const name of ENDPOINTS) {
    if (value[name] !== undefined && typeof value[name] !== 'string') return `its ${name} is not a string`;
  }
  for (const name of STRING_LISTS) {
    const list = value[name];
    if (list !== undefined && !(Array.isArray(list) && list.every((s) => typeof s === 'string')))
      return `its ${name} is not a list of strings`;
  }
  for (const name of FLAGS) {
    if (value[name] !== undefined && typeof value[name] !== 'boolean') return `its ${name} is not true or false`;
  }
  return value as AuthorizationServerMetadata;
}

/** The endpoint `name` of the server's metadata, checked fit for credentials. */
export function endpoint(
  server: AuthorizationServer,
  name: 'authorization_endpoint' | 'token_endpoint' | 'registration_endpoint',
  context: HttpContext,
  step: AuthorizationStep,
): string {
  const url = server.metadata[name];
  if (url === undefined) throw new AuthorizationError(step, `The authorization server ${server.issuer} has no ${name}`);
  const refused = refusedUrl(url, context);
  if (refused !== undefined)
    throw new AuthorizationError(step, `The ${name} of ${server.issuer} cannot be used: ${refused}`);
  return url;
}
