// One 2026-07-28 request as a POST of its own, the way any HTTP client may send it: the envelope
// in `_meta`, the standard headers mirroring the body. For tests that drive an endpoint with no
// client library in between.
import { nameSource } from '../../src/http/mcp-headers.js';

/** Who sends the request, as its envelope says, and any headers of its own. */
export interface ModernCaller {
  /** The client's self-declared name (`clientInfo.name`); its version is `1`. */
  name: string;
  capabilities?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A JSON-RPC answer as it came. */
export interface JsonRpcReply {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 0;

/** The envelope of a 2026-07-28 request from the client `name`, version `1`, in its `_meta`. */
export function modernEnvelope(name: string, capabilities: Record<string, unknown> = {}) {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name, version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/**
 * The standard headers of a 2026-07-28 request for `method` POSTed as JSON; `Mcp-Name` too when
 * `name` is given.
 */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name }),
  };
}

/** POSTs `method` with `params` to `url` as `caller`; resolves the JSON-RPC answer. */
export async function modernPost(
  url: string,
  method: string,
  params: Record<string, unknown>,
  caller: ModernCaller,
): Promise<JsonRpcReply> {
  const source = nameSource(method);
  const named = source === undefined ? undefined : params[source];
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...modernHeaders(method, typeof named === 'string' ? named : undefined), ...caller.headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: ++nextId,
      method,
      params: { ...params, _meta: modernEnvelope(caller.name, caller.capabilities) },
    }),
  });
  return (await response.json()) as JsonRpcReply;
}
