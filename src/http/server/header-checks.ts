/**
 * Checks of the request headers the Streamable HTTP transport defines: `Accept`,
 * `Content-Type` and `MCP-Protocol-Version`.
 * @module
 */
import { isSupportedVersion } from '../../protocol/versions.js';

/**
 * Whether an `Accept` header admits `type` (`application/json`): listed as such, or through
 * `type/*` or `*\/*`, with a quality above zero. No header admits nothing: the transport
 * requires clients to send one.
 */
export function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false;
  const main = type.slice(0, type.indexOf('/'));
  return accept.split(',').some((entry) => {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const zero = params.some((param) => /^q\s*=\s*0(\.0*)?$/.test(param));
    return !zero && (range === type || range === `${main}/*` || range === '*/*');
  });
}

/**
 * Whether an `Accept` header admits both JSON and SSE, as a POST's must. A client sends the same
 * header on every request, so the last one's verdict is kept.
 */
export function acceptsJsonAndSse(accept: string | undefined): boolean {
  if (accept !== lastAccept) {
    lastAccept = accept;
    lastAcceptVerdict = accepts(accept, 'application/json') && accepts(accept, 'text/event-stream');
  }
  return lastAcceptVerdict;
}

let lastAccept: string | undefined;
let lastAcceptVerdict = false;

/** Whether a `Content-Type` header is `application/json`, parameters (`charset`) aside. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true;
  if (contentType === undefined) return false;
  return contentType.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/** The revision since which clients send `MCP-Protocol-Version` on every request. */
const VERSION_HEADER_SINCE = '2025-06-18';

/**
 * Why an `MCP-Protocol-Version` header must be refused (400), or `undefined` when it is fine.
 * Absent is fine: the spec then assumes 2025-03-26, and the session knows its revision anyway.
 * Before initialization has been answered it must name a known revision; after, in a session
 * of 2025-06-18 or later, it must be the negotiated one. Revisions before the header existed
 * ignore it.
 */
export function protocolVersionProblem(header: string | undefined, negotiated: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (negotiated === undefined) {
    return isSupportedVersion(value) ? undefined : 'Bad Request: unsupported MCP-Protocol-Version';
  }
  if (negotiated < VERSION_HEADER_SINCE) return undefined;
  return value === negotiated
    ? undefined
    : `Bad Request: MCP-Protocol-Version does not match the negotiated revision ${negotiated}`;
}
