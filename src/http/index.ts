/**
 * `mcpkit/http`: MCP over HTTP on any runtime, both sides. The servers of Streamable HTTP and
 * of the 2024-11-05 HTTP+SSE transport, with the fetch handler for Bun, Deno, Workers and
 * Hono (Node's own front, `toNodeListener` and `listen`, is in `mcpkit/node`); the clients of
 * both transports, `connectHttp`, which picks one, and the SSE parser they read streams with.
 * @module
 */
export { createStreamableHttpHandler, toFetchHandler } from './server/fetch-handler.js';
export type { StreamableHttpHandler } from './server/fetch-handler.js';
export { createStreamableHttpCore } from './server/endpoint.js';
export type { StreamableHttpCore } from './server/endpoint.js';
export type { ResponseMode, StreamableHttpOptions } from './server/options.js';
export type { Mount, MountOptions } from './server/mount.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './server/options.js';
export { DEFAULT_MAX_STORED_EVENTS, MemoryEventStore } from './server/event-store.js';
export type { EventStore, ReplayOutcome, StoredMessage } from './server/event-store.js';
export { BodyTooLargeError } from './server/exchange.js';
export type { HttpExchangeHandler, HttpRequestLike, HttpResponseSink, HttpStreamWriter } from './server/exchange.js';
export {
  StreamableHttpClientTransport,
  LegacySseClientTransport,
  SseClientTransport,
  connectHttp,
  EventsLostError,
  HttpStatusError,
  SessionExpiredError,
  DEFAULT_RECONNECT_OPTIONS,
  type StreamableHttpClientOptions,
  type LegacySseClientTransportOptions,
  type SseClientTransportOptions,
  type ConnectHttpOptions,
  type HttpConnection,
  type HttpTransportKind,
  type ReconnectOptions,
  type FetchLike,
  type HeadersOption,
  type HttpClientOptions,
} from './client/index.js';
export {
  createLegacySseCore,
  DEFAULT_LEGACY_MAX_BODY_BYTES,
  LegacySseTransport,
  DEFAULT_SSE_KEEP_ALIVE_MS,
  type LegacySseCore,
  type LegacySseOptions,
  type LegacySseSessionHost,
  type LegacySseTransportOptions,
} from './server/legacy-sse/index.js';
export { hostOriginRejection, LOOPBACK_HOSTS, type HostOriginPolicy } from './server/host-origin-check.js';
export { HeaderAnnotationError } from '../protocol/tool-headers.js';
export { SseParser, type SseEvent, type SseParserHandlers, type SseParserOptions } from './client/sse-parser.js';
