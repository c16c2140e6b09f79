/**
 * A server reached by URL, as mcpkit's `connectHttp` reaches one: with `auto` (the default),
 * Streamable HTTP first, then the 2024-11-05 HTTP+SSE transport when the server refuses the
 * initialize POST with 400, 404 or 405 (the backwards-compatibility rule of 2025-03-26); or
 * only the transport asked for; authorized by the OAuth client given, when the server asks.
 * Every attempt's messages are tapped for the network view, and its HTTP exchanges recorded.
 * @module
 */
import type { WireTap } from 'mcpkit';
import type { Client, ClientSession, ConnectOptions } from 'mcpkit/client';
import type { HttpClientAuth } from 'mcpkit/auth';
import { connectHttp, type FetchLike, type HttpTransportKind } from 'mcpkit/http';
import type { ConnectTarget } from './protocol.js';

/** The page's names of the HTTP transports, as `connectHttp` has them. */
const KINDS = { auto: 'auto', streamable: 'streamable-http', sse: 'sse' } as const;

/** Connects `client` to the server at `target.url`; resolves with the session and the transport it runs on. */
export async function connectUrl(
  client: Client,
  target: Extract<ConnectTarget, { type: 'http' }>,
  options: ConnectOptions,
  wire: { tap: WireTap; fetch: FetchLike; auth?: HttpClientAuth },
): Promise<{ session: ClientSession; transport: HttpTransportKind }> {
  const { session, kind } = await connectHttp(client, target.url, {
    ...options,
    transport: KINDS[target.transport ?? 'auto'],
    fetch: wire.fetch,
    tap: wire.tap,
    ...(wire.auth !== undefined && { auth: wire.auth }),
    ...(target.headers !== undefined && { headers: target.headers }),
  });
  return { session, transport: kind };
}
