/**
 * Abilities some transports have beyond the contract, each a named interface a transport
 * declares it implements, and the one place that looks for them on a transport known only as a
 * `Transport`. The contract stays three methods; a transport offers more by implementing these.
 * @module
 */
import type { Transport } from '../jsonrpc/transport.js';

/**
 * A client transport that can name the server it reaches, so that a client remembers which era
 * the server speaks between connections: a child's command line and working directory, an
 * endpoint's URL. `Client.connect` uses it as the key of its era cache.
 */
export interface EraCacheKeyed {
  readonly eraCacheKey: string;
}

/**
 * A transport that carries one session the server named (Streamable HTTP, HTTP+SSE):
 * `undefined` until the id is known. Read on the concrete transports (`connectHttp` returns
 * the client's); nothing looks for it on a plain `Transport`.
 */
export interface SessionIdentified {
  readonly sessionId: string | undefined;
}

/**
 * A client transport that sends the negotiated revision itself (`MCP-Protocol-Version` over
 * HTTP). It learns the revision from the initialize result passing through; this sets it for
 * a caller that negotiated some other way.
 */
export interface ProtocolVersionSetter {
  setProtocolVersion(version: string): void;
}

/** The transport's key in an era cache, when it gives one. */
export function eraCacheKeyOf(transport: Transport): string | undefined {
  const key = (transport as Partial<EraCacheKeyed>).eraCacheKey;
  return typeof key === 'string' ? key : undefined;
}
