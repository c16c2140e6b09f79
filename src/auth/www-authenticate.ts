/**
 * The `WWW-Authenticate` header (RFC 9110 §11.6.1): reading the challenges a server sends, and
 * writing one. A header may hold several challenges, and commas separate both challenges and
 * the parameters of one, so it is read token by token: a parameter is a name followed by `=`,
 * anything else after a comma starts the next challenge.
 * @module
 */

/** One challenge: its scheme (`Bearer`, `DPoP`), and its parameters or its token68. */
export interface Challenge {
  /** As the server wrote it; compare without case. */
  scheme: string;
  /** By lower-case name; a quoted value unquoted. The first of a repeated name wins. */
  params: Record<string, string>;
  /** A challenge may carry one opaque token instead of parameters (`Negotiate abc==`). */
  token68?: string;
}

/** What an MCP client reads of a `Bearer` or `DPoP` challenge (RFC 6750, RFC 9728, RFC 9449). */
export interface BearerChallenge {
  /** `Bearer` or `DPoP`, as sent. */
  scheme: string;
  /** Where the server's Protected Resource Metadata is (RFC 9728 §5.1). */
  resourceMetadata?: string;
  /** The scopes the current request needs, space-separated. */
  scope?: string;
  /** `invalid_token`, `insufficient_scope`, `invalid_request`, `use_dpop_nonce`, ... */
  error?: string;
  /** The server's own words about the error: never trusted, never shown as the client's. */
  errorDescription?: string;
  /** The algorithms a DPoP proof may be signed with, space-separated. */
  algs?: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

/**
 * The challenges of a `WWW-Authenticate` value (several headers joined with `, ` are one
 * value). What cannot be read ends the reading: the challenges read so far are returned.
 */
export function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = header;
  const skip = (pattern: RegExp) => (rest = rest.replace(pattern, ''));
  while (true) {
    skip(/^[\s,]+/);
    const scheme = TOKEN.exec(rest)?.[0];
    if (scheme === undefined) return challenges;
    rest = rest.slice(scheme.length);
    const challenge: Challenge = { scheme, params: {} };
    challenges.push(challenge);
    if (!/^[ \t]/.test(rest)) continue;
    skip(/^[ \t]+/);
    // A token68 stands alone before the next comma (it may end in `=` padding); a parameter
    // has a value after its `=`.
    const token68 = TOKEN68.exec(rest)?.[0];
    if (token68 !== undefined && /^[ \t]*(,|$)/.test(rest.slice(token68.length))) {
      challenge.token68 = token68;
      rest = rest.slice(token68.length);
      continue;
    }
    // Parameters, until something that is not `name = value` (the next challenge's scheme).
    while (true) {
      const name = TOKEN.exec(rest)?.[0];
      if (name === undefined) break;
      const after = rest.slice(name.length);
      const equals = /^[ \t]*=[ \t]*/.exec(after);
      if (equals === null) break;
      rest = after.slice(equals[0].length);
      let value: string | undefined;
      if (rest.startsWith('"')) {
        const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
        if (quoted === null) return challenges;
        value = quoted[1]!.replace(/\\(.)/g, '$1');
        rest = rest.slice(quoted[0].length);
      } else {
        value = TOKEN.exec(rest)?.[0];
        if (value === undefined) return challenges;
        rest = rest.slice(value.length);
      }
      const key = name.toLowerCase();
      if (!Object.hasOwn(challenge.params, key)) challenge.params[key] = value;
      // After a parameter: a comma, then either another parameter or the next challenge.
      const comma = /^[ \t]*,[\s,]*/.exec(rest);
      if (comma === null) break;
      const next = rest.slice(comma[0].length);
      const nextName = TOKEN.exec(next)?.[0];
      if (nextName === undefined || !/^[ \t]*=/.test(next.slice(nextName.length))) break;
      rest = next;
    }
  }
}

/**
 * The first `Bearer` or `DPoP` challenge of a response's `WWW-Authenticate`, as MCP reads it;
 * `undefined` when there is none. `Bearer` is preferred when both are offered.
 */
export function bearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const challenges = parseChallenges(header);
  const found =
    challenges.find((c) => c.scheme.toLowerCase() === 'bearer') ??
    challenges.find((c) => c.scheme.toLowerCase() === 'dpop');
  if (found === undefined) return undefined;
  const p = found.params;
  const challenge: BearerChallenge = { scheme: found.scheme };
  if (p.resource_metadata !== undefined) challenge.resourceMetadata = p.resource_metadata;
  if (p.scope !== undefined) challenge.scope = p.scope;
  if (p.error !== undefined) challenge.error = p.error;
  if (p.error_description !== undefined) challenge.errorDescription = p.error_description;
  if (p.algs !== undefined) challenge.algs = p.algs;
  return challenge;
}

/** One challenge as a header value: `Bearer resource_metadata="...", scope="..."`. */
export function formatChallenge(scheme: string, params: Readonly<Record<string, string | undefined>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!TOKEN.test(name) || TOKEN.exec(name)![0] !== name)
      throw new TypeError(`Invalid challenge parameter name ${JSON.stringify(name)}`);
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new TypeError(`Invalid character in challenge parameter ${name}`);
    parts.push(`${name}="${value.replace(/["\\]/g, '\\$&')}"`);
  }
  return parts.length === 0 ? scheme : `${scheme} ${parts.join(', ')}`;
}
