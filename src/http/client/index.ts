/**
 * MCP clients over HTTP: the Streamable HTTP transport, the 2024-11-05 HTTP+SSE transport,
 * and `connectHttp`, which picks the one a server speaks.
 * @module
 */
export { StreamableHttpClientTransport, type StreamableHttpClientOptions } from './streamable.js';
export {
  LegacySseClientTransport,
  SseClientTransport,
  type LegacySseClientTransportOptions,
  type SseClientTransportOptions,
} from './legacy-sse.js';
export { connectHttp, type ConnectHttpOptions, type HttpConnection, type HttpTransportKind } from './connect.js';
export { EventsLostError, HttpStatusError, SessionExpiredError } from './http-error.js';
export { DEFAULT_RECONNECT_OPTIONS, type ReconnectOptions } from './reconnect.js';
export type { FetchLike, HeadersOption, HttpClientOptions } from './fetch-options.js';
