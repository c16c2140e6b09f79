/**
 * From verified claims (a JWT's payload, an introspection answer) to `AuthInfo`, and the
 * audience check every verifier makes.
 * @module
 */
import type { AuthInfo } from '../auth-info.js';

/**
 * The `AuthInfo` of verified claims: `iss`, `sub`, `client_id` (else `azp`), the scopes of
 * `scope` (space-separated, RFC 9068 and RFC 7662) or else `scp` (a list or a string, as some
 * authorization servers write them), `aud` and `exp`. For an application's own verifier too.
 */
export function authInfoFromClaims(claims: Readonly<Record<string, unknown>>): AuthInfo {
  const aud = claims.aud;
  const exp = claims.exp;
  return Object.freeze({
    issuer: stringClaim(claims.iss),
    subject: stringClaim(claims.sub),
    clientId: stringClaim(claims.client_id) ?? stringClaim(claims.azp),
    scopes: Object.freeze(scopesOf(claims.scope ?? claims.scp)),
    audience: Object.freeze(typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter(isString) : []),
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined,
    claims: Object.freeze({ ...claims }),
  });
}

/**
 * Whether `audience` names one of `expected`. A trailing slash is not a difference
 * (`https://mcp.example.com` and `https://mcp.example.com/` name one resource, and clients
 * that normalize a URL add it); anything else must match exactly.
 */
export function audienceMatches(audience: readonly string[], expected: string | readonly string[]): boolean {
  const wanted = typeof expected === 'string' ? [expected] : expected;
  return audience.some((a) => wanted.some((w) => a === w || withoutSlash(a) === withoutSlash(w)));
}

function withoutSlash(uri: string): string {
  return uri.endsWith('/') ? uri.slice(0, -1) : uri;
}

function scopesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter((s) => s !== '');
  if (Array.isArray(value)) return value.filter(isString);
  return [];
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
