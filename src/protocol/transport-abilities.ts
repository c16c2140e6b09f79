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
  /** Names the server this transport reaches, the same for every connection to it. */
  readonly eraCacheKey: string;
}

/**
 * A transport that carries one session the server named (Streamable HTTP, HTTP+SSE):
 * `undefined` until the id is known. Read on the concrete transports (`connectHttp` returns
 * the client's); nothing looks for it on a plain `Transport`.
 */
export interface SessionIdentified {
  /** The session id the server gave, once known. */
  readonly sessionId: string | undefined;
}

/**
 * A client transport that sends the negotiated revision itself (`MCP-Protocol-Version` over
 * HTTP). It learns the revision from the initialize result passing through; this sets it for
 * a caller that negotiated some other way.
 */
export interface ProtocolVersionSetter {
  /** Sends `version` with every message from now on. */
  setProtocolVersion(version: string): void;
}

/** The transport's key in an era cache, when it gives one. */
export function eraCacheKeyOf(transport: Transport): string | undefined {
  const key = (transport as Partial<EraCacheKeyed>).eraCacheKey;
  return typeof key === 'string' ? key : undefined;
}

/**
 * What telemetry records of a transport's channel, under OpenTelemetry's attribute names
 * (`network.transport`, `server.address`, ...): made once per transport, shared by its messages.
 */
export type NetworkAttributes = Readonly<Record<string, string | number>>;

/** A transport that describes its channel to telemetry. */
export interface NetworkDescribed {
  /** The channel's attributes, for every span of its messages. */
  readonly network: NetworkAttributes;
}

/** A pipe to or from another process: stdio. */
export const PIPE_NETWORK: NetworkAttributes = Object.freeze({ 'network.transport': 'pipe' });

/** HTTP over TCP, as a server sees it. */
export const HTTP_NETWORK: NetworkAttributes = Object.freeze({
  'network.transport': 'tcp',
  'network.protocol.name': 'http',
});

/** HTTP over TCP to the server at `url`, as a client sees it. */
export function httpNetworkTo(url: URL): NetworkAttributes {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  // A URL's hostname keeps an IPv6 address's brackets; the attribute is the address alone.
  const address = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return Object.freeze({
    'network.transport': 'tcp',
    'network.protocol.name': 'http',
    'server.address': address,
    'server.port': port,
  });
}

/** The transport's description of its channel, when it gives one. */
export function networkOf(transport: Transport): NetworkAttributes | undefined {
  return (transport as Partial<NetworkDescribed>).network;
}

/** The session id the transport carries, when it carries one. */
export function sessionIdOf(transport: Transport): string | undefined {
  const id = (transport as Partial<SessionIdentified>).sessionId;
  return typeof id === 'string' ? id : undefined;
}
