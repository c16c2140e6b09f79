/**
 * Connecting a client to a server known only by its URL, in the era and over the transport it
 * speaks, as the backwards-compatibility rules of 2026-07-28 describe: a modern request
 * first (`server/discover`); a refusal without a recognized error of that revision means the
 * handshake; an initialize refused with 400, 404 or 405 means the 2024-11-05 HTTP+SSE
 * transport. What worked is remembered per endpoint, so the next connection goes straight there.
 * @module
 */
import type { Client, ConnectOptions } from '../../client/client.js';
import type { ClientSession } from '../../client/client-session.js';
import { tapTransport, type WireTap } from '../../jsonrpc/tap.js';
import { processEraCache } from '../../protocol/era-cache.js';
import { isLegacyVersion, LATEST_LEGACY_VERSION } from '../../protocol/versions.js';
import { LegacySseClientTransport } from './legacy-sse.js';
import { HttpStatusError } from './http-error.js';
import { endpointKey, StreamableHttpClientTransport, type StreamableHttpClientOptions } from './streamable.js';

/** Which HTTP transport a connection uses. */
export type HttpTransportKind = 'streamable-http' | 'sse';

/** Options of {@link connectHttp}: the connection's, and the transports'. */
export interface ConnectHttpOptions extends ConnectOptions, Omit<StreamableHttpClientOptions, 'url'> {
  /** `auto` (default) tries Streamable HTTP and falls back to HTTP+SSE; the others use only that one. */
  transport?: 'auto' | HttpTransportKind;
  /** How long the HTTP+SSE transport waits for its `endpoint` event. */
  endpointTimeoutMs?: number;
  /**
   * Told of every message each transport tried sends and receives (see `tapTransport`): an
   * inspector's view of the wire, the fallback's attempts included.
   */
  tap?: WireTap;
}

/** An open session, and the transport it runs on. */
export interface HttpConnection {
  /** The session, ready to use. */
  session: ClientSession;
  /** Which transport worked: Streamable HTTP, or HTTP+SSE after falling back. */
  kind: HttpTransportKind;
  /** The transport the session runs on (its `sessionId`, among others). */
  transport: StreamableHttpClientTransport | LegacySseClientTransport;
}

/** Statuses with which a server of the old transport refuses a POST of initialize (2025-03-26 rules). */
const OLD_SERVER_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/**
 * Connects `client` to the server at `url`. Over Streamable HTTP the era is chosen as
 * `client.connect` chooses it (probing by default); if the initialize POST is refused with
 * 400, 404 or 405, a GET to the same URL is expected to open an HTTP+SSE stream instead.
 * Rejects when neither works, with both reasons.
 */
export async function connectHttp(
  client: Client,
  url: string | URL,
  options: ConnectHttpOptions = {},
): Promise<HttpConnection> {
  const {
    protocolVersion,
    era,
    eraCache,
    eraCacheKey,
    discoverTimeoutMs,
    timeoutMs,
    signal,
    transport: kind = 'auto',
    endpointTimeoutMs,
    tap,
    ...transportOptions
  } = options;
  const tapped = <T extends StreamableHttpClientTransport | LegacySseClientTransport>(transport: T): T =>
    tap === undefined ? transport : tapTransport(transport, tap);
  const cache = eraCache === false ? undefined : (eraCache ?? processEraCache);
  const key = eraCacheKey ?? endpointKey(url);
  const connectOptions: ConnectOptions = {
    eraCache: cache ?? false,
    eraCacheKey: key,
    ...(protocolVersion !== undefined && { protocolVersion }),
    ...(era !== undefined && { era }),
    ...(discoverTimeoutMs !== undefined && { discoverTimeoutMs }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(signal !== undefined && { signal }),
  };
  const legacy = async (): Promise<HttpConnection> => {
    const transport = tapped(
      new LegacySseClientTransport({
        url,
        ...(transportOptions.fetch && { fetch: transportOptions.fetch }),
        ...(transportOptions.headers !== undefined && { headers: transportOptions.headers }),
        ...(transportOptions.auth !== undefined && { auth: transportOptions.auth }),
        ...(endpointTimeoutMs !== undefined && { endpointTimeoutMs }),
      }),
    );
    // HTTP+SSE is the 2024-11-05 transport: the legacy era only, nothing to probe.
    const version =
      protocolVersion !== undefined && isLegacyVersion(protocolVersion) ? protocolVersion : LATEST_LEGACY_VERSION;
    const session = await client.connect(transport, { ...connectOptions, protocolVersion: version, eraCache: false });
    if (kind === 'auto' && (era ?? 'auto') === 'auto')
      cache?.set(key, { era: 'legacy', protocolVersion: session.protocolVersion, transport: 'sse' });
    return { session, kind: 'sse', transport };
  };
  if (kind === 'sse') return legacy();
  if (kind === 'auto' && (era ?? 'auto') === 'auto' && cache?.get(key)?.transport === 'sse') {
    try {
      return await legacy();
    } catch (error) {
      // It spoke HTTP+SSE last time; it may have moved on. Forget it and look again.
      cache?.delete(key);
      if (signal?.aborted) throw error;
    }
  }

  const transport = tapped(new StreamableHttpClientTransport({ ...transportOptions, url }));
  try {
    const session = await client.connect(transport, connectOptions);
    return { session, kind: 'streamable-http', transport };
  } catch (error) {
    if (kind === 'streamable-http' || !(error instanceof HttpStatusError) || !OLD_SERVER_STATUSES.has(error.status))
      throw error;
    if (signal?.aborted || era === 'modern') throw error;
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
