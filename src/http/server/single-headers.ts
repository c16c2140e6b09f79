/**
 * The request headers that must occur once. The endpoint reads one value of each, so a second
 * one is a broken client or a request meant to be read one way here and another way by
 * something else on its path (a proxy, a log, a parser that keeps the last one): it is answered
 * 400 before anything else is done with it (RFC 9112 §3.2 asks that of `Host`). The
 * `node:http` front counts them in the raw headers, where nothing is merged; the fetch front
 * sees a repeat joined with ", " and tells what it can from that.
 * @module
 */
import type { ResourceServer } from '../../auth/server/resource-server.js';
import { errorResponse, serialize } from '../../jsonrpc/codec.js';
import { refuseRepeatedAuthorization } from './authorization.js';
import type { HttpRequestLike, HttpResponseSink } from './exchange.js';
import { JSON_HEADERS, TransportErrorCode } from './replies.js';

/** The headers that must occur once, by lower-case name, as messages spell them. */
const SINGLE_HEADERS: Readonly<Record<string, string>> = {
  host: 'Host',
  authorization: 'Authorization',
  'content-type': 'Content-Type',
  'mcp-session-id': 'Mcp-Session-Id',
  'mcp-protocol-version': 'MCP-Protocol-Version',
  'mcp-method': 'Mcp-Method',
  'mcp-name': 'Mcp-Name',
  'last-event-id': 'Last-Event-ID',
  dpop: 'DPoP',
};

const NAMES: readonly string[] = Object.keys(SINGLE_HEADERS);

/**
 * The first header that must occur once and occurs more than once in `raw` (`node:http`'s
 * `rawHeaders`: name, value, name, value, ... as received), in lower case. Runs on every
 * request: it compares lengths before characters and allocates nothing.
 */
export function repeatedInRawHeaders(raw: readonly string[]): string | undefined {
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const index = singleHeaderIndex(raw[i]!);
    if (index === -1) continue;
    const bit = 1 << index;
    if ((seen & bit) !== 0) return NAMES[index];
    seen |= bit;
  }
  return undefined;
}

/**
 * Headers whose one valid value never holds ", ", so a value that does was joined from several:
 * a host, a session id and an event id are visible ASCII without spaces, a revision is a date,
 * a token, a DPoP proof and a media type hold no ", " either (a quoted media type parameter
 * could, and no MCP client sends one). `Mcp-Method` and `Mcp-Name` are left out: a name may
 * hold ", " (a resource URI), and the modern revision checks both against the body, which a
 * joined value matches only when the body says the same.
 */
const NEVER_LISTS: readonly string[] = NAMES.filter((name) => name !== 'mcp-method' && name !== 'mcp-name');

/**
 * The first header that must occur once and looks repeated in headers a runtime joined
 * (`header` looks one up by lower-case name): its value holds ", " where one value cannot.
 */
export function joinedSingleHeader(header: (name: string) => string | null | undefined): string | undefined {
  for (const name of NEVER_LISTS) if (header(name)?.includes(', ')) return name;
  return undefined;
}

/**
 * Answers the 400 of a request that repeated `name`, saying which header. A repeated
 * `Authorization` at an endpoint that checks tokens is `invalid_request` with the challenge.
 */
export function refuseRepeatedHeader(
  name: string,
  request: HttpRequestLike,
  sink: HttpResponseSink,
  resourceServer: ResourceServer | undefined,
): void {
  if (name === 'authorization' && resourceServer !== undefined)
    return refuseRepeatedAuthorization(resourceServer, request, sink);
  const message = `Bad Request: the ${SINGLE_HEADERS[name] ?? name} header occurs more than once`;
  sink.send(400, JSON_HEADERS, serialize(errorResponse(null, TransportErrorCode.BadRequest, message)));
}

/** The index in {@link NAMES} of the header `name` (any case), or -1. */
function singleHeaderIndex(name: string): number {
  for (let i = 0; i < NAMES.length; i++) {
    const single = NAMES[i]!;
    if (single.length === name.length && sameIgnoringCase(name, single)) return i;
  }
  return -1;
}

/** Whether `name` is `lower` in any case, for the ASCII letters header names are made of. */
function sameIgnoringCase(name: string, lower: string): boolean {
  for (let i = 0; i < lower.length; i++) {
    let c = name.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}
