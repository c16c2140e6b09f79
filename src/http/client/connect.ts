/**
 * Connecting a client to a server known only by its URL: Streamable HTTP first, then the
 * 2024-11-05 HTTP+SSE transport for an older server, as the specification's backwards
 * compatibility rules describe.
 * @module
 */
import type { Client, ConnectOptions } from '../../client/client.js';
import type { ClientSession } from '../../client/client-session.js';
import { isStateless } from '../../protocol/versions.js';
import { SseClientTransport } from './legacy-sse.js';
import { HttpStatusError } from './http-error.js';
import { StreamableHttpClientTransport, type StreamableHttpClientOptions } from './streamable.js';

/** Which HTTP transport a connection uses. */
export type HttpTransportKind = 'streamable-http' | 'sse';

/** Options of {@link connectHttp}: the handshake's, and the transports'. */
export interface ConnectHttpOptions extends ConnectOptions, Omit<StreamableHttpClientOptions, 'url'> {
  /** `auto` (default) tries Streamable HTTP and falls back to HTTP+SSE; the others use only that one. */
  transport?: 'auto' | HttpTransportKind;
  /** How long the HTTP+SSE transport waits for its `endpoint` event. */
  endpointTimeoutMs?: number;
}

/** An open session, and the transport it runs on. */
export interface HttpConnection {
  session: ClientSession;
  kind: HttpTransportKind;
  transport: StreamableHttpClientTransport | SseClientTransport;
}

/** Statuses with which a server of the old transport refuses a POST of initialize (2025-03-26 rules). */
const OLD_SERVER_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/**
 * Connects `client` to the server at `url` and runs the handshake. The initialize request is
 * POSTed as Streamable HTTP; if that fails with 400, 404 or 405, a GET to the same URL is
 * expected to open an HTTP+SSE stream instead. Rejects when neither works, with both reasons.
 */
export async function connectHttp(client: Client, url: string | URL, options: ConnectHttpOptions = {}): Promise<HttpConnection> {
  const { protocolVersion, discoverTimeoutMs, timeoutMs, signal, transport: kind = 'auto', endpointTimeoutMs, ...transportOptions } = options;
  const connectOptions: ConnectOptions = {
    ...(protocolVersion !== undefined && { protocolVersion }),
    ...(discoverTimeoutMs !== undefined && { discoverTimeoutMs }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(signal !== undefined && { signal }),
  };
  const legacy = (): Promise<HttpConnection> => {
    const transport = new SseClientTransport({
      url,
      ...(transportOptions.fetch && { fetch: transportOptions.fetch }),
      ...(transportOptions.headers !== undefined && { headers: transportOptions.headers }),
      ...(endpointTimeoutMs !== undefined && { endpointTimeoutMs }),
    });
    return client.connect(transport, connectOptions).then((session) => ({ session, kind: 'sse', transport }));
  };
  if (kind === 'sse') return legacy();

  const transport = new StreamableHttpClientTransport({ ...transportOptions, url });
  // A stateless revision has no initialize answer to learn the version header from; it must
  // equal the version in every request's _meta. A fallback to the handshake replaces it.
  if (protocolVersion !== undefined && isStateless(protocolVersion)) transport.setProtocolVersion(protocolVersion);
  try {
    const session = await client.connect(transport, connectOptions);
    return { session, kind: 'streamable-http', transport };
  } catch (error) {
    if (kind === 'streamable-http' || !(error instanceof HttpStatusError) || !OLD_SERVER_STATUSES.has(error.status)) throw error;
    if (signal?.aborted) throw error;
    try {
      return await legacy();
    } catch (second) {
      const reason = second instanceof Error ? second.message : String(second);
      throw new AggregateError(
        [error, second],
        `${new URL(url).href} is neither a Streamable HTTP endpoint (${error.message}) nor an HTTP+SSE endpoint (${reason})`,
      );
    }
  }
}
