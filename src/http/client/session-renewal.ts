/**
 * Starting a new session after the server forgot ours (404), as the transport spec requires:
 * a new initialize without a session id, with the client's original parameters, then the
 * initialized notification. The caller then retries what failed.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import { POST_ACCEPT } from './fetch-options.js';
import { discardBody, resultOf } from './response-body.js';

export interface RenewalRequest {
  url: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Builds headers for a request of the new session (`sessionId` once known). */
  headers(own: Record<string, string>, sessionId: string | undefined): Promise<Headers>;
  /** The params of the client's own initialize request. */
  initializeParams: Record<string, unknown>;
  /** The revision the first session negotiated; the new one must agree, or handlers would break. */
  protocolVersion: string | undefined;
  signal: AbortSignal;
}

let renewals = 0;

/** The new session's id, or `undefined` when the server did not open one like the first. */
export async function renewSession(request: RenewalRequest): Promise<string | undefined> {
  const id = `mcpkit-session-renewal-${++renewals}`;
  const response = await request.fetch(request.url, {
    method: 'POST',
    headers: await request.headers({ accept: POST_ACCEPT, 'content-type': 'application/json' }, undefined),
    body: serialize({ jsonrpc: '2.0', id, method: 'initialize', params: request.initializeParams }),
    signal: request.signal,
  });
  const sessionId = response.headers.get('mcp-session-id') ?? undefined;
  const result = response.ok ? await resultOf(response, id, request.signal) : (await discardBody(response), undefined);
  if (!sessionId || !result || result.protocolVersion !== request.protocolVersion) return undefined;
  const initialized = await request.fetch(request.url, {
    method: 'POST',
    headers: await request.headers({ accept: POST_ACCEPT, 'content-type': 'application/json' }, sessionId),
    body: serialize({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    signal: request.signal,
  });
  await discardBody(initialized);
  return initialized.ok ? sessionId : undefined;
}
