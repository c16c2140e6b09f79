/**
 * How the inspector shows the HTTP exchanges of an OAuth flow: which step a request belongs to
 * (by what it asks for), its bodies read with every secret masked (codes, verifiers, client
 * secrets, tokens), and tokens decoded into their JWT header and claims. Pure, so each rule is
 * tested without a server.
 * @module
 */
import type { AuthPhase, DecodedToken, TokenSummary } from './protocol.js';

/** Form fields and JSON members whose values are never shown. */
const SECRETS = new Set([
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
  'access_token',
  'refresh_token',
  'id_token',
  'registration_access_token',
]);

/** The most characters of a body the page is given. */
const MAX_BODY = 64 * 1024;

/** The step a request of the flow belongs to, from its URL, method and form. */
export function phaseOf(url: string, method: string, form: URLSearchParams | undefined): AuthPhase {
  const path = new URL(url).pathname;
  if (path.startsWith('/.well-known/oauth-protected-resource')) return 'protected-resource';
  if (path.startsWith('/.well-known/oauth-authorization-server') || path.includes('/.well-known/openid-configuration'))
    return 'server-metadata';
  if (form?.has('grant_type')) return form.get('grant_type') === 'refresh_token' ? 'refresh' : 'token';
  return method === 'POST' ? 'registration' : 'server-metadata';
}

/** A request body as sent (a form, or JSON text): its fields or document, secrets masked. */
export function readRequestBody(body: unknown): { form?: URLSearchParams; shown?: unknown } {
  if (body instanceof URLSearchParams) return { form: body, shown: maskedForm(body) };
  if (typeof body !== 'string' || body === '') return {};
  try {
    return { shown: masked(JSON.parse(body)) };
  } catch {
    const form = new URLSearchParams(body);
    return { form, shown: maskedForm(form) };
  }
}

/** A response's text, shown: its JSON with secrets masked, or the text (cut). */
export function shownResponse(text: string): unknown {
  try {
    return masked(JSON.parse(text));
  } catch {
    return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}…` : text;
  }
}

/** The query the browser came back with, the code masked. */
export function shownQuery(query: URLSearchParams): Record<string, string> {
  return maskedForm(query);
}

/** What a token response came to, decoded; `undefined` when it holds no access token. */
export function tokenSummary(text: string, now: number): TokenSummary | undefined {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || typeof json.access_token !== 'string') return undefined;
  const token = (name: string) => (typeof json[name] === 'string' ? { [camel(name)]: decodeToken(json[name]) } : {});
  return {
    tokenType: typeof json.token_type === 'string' ? json.token_type : 'Bearer',
    receivedAt: now,
    ...(typeof json.expires_in === 'number' && { expiresIn: json.expires_in }),
    ...(typeof json.scope === 'string' && { scope: json.scope }),
    accessToken: decodeToken(json.access_token),
    ...token('refresh_token'),
    ...token('id_token'),
  };
}

/** A token's length, and when it is a JWT its header and claims (not its signature). */
export function decodeToken(token: string): DecodedToken {
  const parts = token.split('.');
  if (parts.length !== 3) return { length: token.length };
  try {
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    const header = decode(parts[0]!);
    const payload = decode(parts[1]!);
    if (!isObject(header) || !isObject(payload)) return { length: token.length };
    return { length: token.length, jwt: { header, payload } };
  } catch {
    return { length: token.length };
  }
}

function maskedForm(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) out[name] = SECRETS.has(name) ? hidden(value) : value;
  return out;
}

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [
      name,
      SECRETS.has(name) && typeof member === 'string' ? hidden(member) : masked(member),
    ]),
  );
}

function hidden(value: string): string {
  return `(${value.length} characters, hidden)`;
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
