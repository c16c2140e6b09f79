/**
 * How the client talks to authorization servers and metadata endpoints: which fetch, how long
 * to wait, which revision to name, and the rule that credentials travel over HTTPS only, plain
 * HTTP being allowed on loopback addresses (a development server, a native app's own).
 * @module
 */
import { readBodyStart } from '../../internal/body-start.js';

/** The part of `fetch` the client uses. */
export type AuthFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpContext {
  readonly fetch: AuthFetch;
  /** Sent as `MCP-Protocol-Version` on discovery requests, when known. */
  readonly protocolVersion: string | undefined;
  /** Aborts the work (the transport closed). */
  readonly signal: AbortSignal | undefined;
  /** Time limit of one request. */
  readonly timeoutMs: number;
  /** Allow plain `http:` to hosts that are not loopback addresses. */
  readonly allowInsecureHttp: boolean;
  /** oauth4webapi's DPoP handle: token requests prove its key, when tokens are bound to one (RFC 9449). */
  readonly dpop?: DpopHandle | undefined;
}

/** oauth4webapi's `DPoPHandle` as far as it is public: its types stay out of the declarations. */
export interface DpopHandle {
  calculateThumbprint(): Promise<string>;
}

/** The global fetch, looked up when called. */
export const globalFetch: AuthFetch = (url, init) => fetch(url, init);

/** Whether `host` (a URL's `hostname`) is this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host) || host.endsWith('.localhost');
}

/**
 * Why `url` may not be used for authorization traffic (not a URL, not HTTP(S), or plain HTTP to
 * a host that is not loopback), or `undefined` when it may.
 */
export function refusedUrl(url: string, context: Pick<HttpContext, 'allowInsecureHttp'>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not a URL';
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol !== 'http:') return `it is not an HTTPS URL`;
  if (context.allowInsecureHttp || isLoopbackHost(parsed.hostname)) return undefined;
  return 'it uses plain HTTP to a host that is not a loopback address';
}

/** Whether oauth4webapi must be told to allow plain HTTP for `url` (already checked by `refusedUrl`). */
export function isPlainHttp(url: string): boolean {
  return url.startsWith('http:');
}

/** The signal of one request: the work's own, and the time limit. */
export function requestSignal(context: HttpContext): AbortSignal {
  const timeout = AbortSignal.timeout(context.timeoutMs);
  return context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
}

/** The most bytes of a metadata document read. */
const MAX_DOCUMENT_BYTES = 256 * 1024;

/** What a GET of a JSON document came to. */
export type JsonFetch =
  | { ok: true; value: Record<string, unknown> }
  /** `absent`: the server says there is no such document (a 4xx status). */
  | { ok: false; absent: boolean; reason: string };

/** GETs a JSON object (a metadata document), naming the revision. Never rejects, but when aborted. */
export async function getJson(url: string, context: HttpContext): Promise<JsonFetch> {
  const refused = refusedUrl(url, context);
  if (refused) return { ok: false, absent: false, reason: `not fetched: ${refused}` };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (context.protocolVersion !== undefined) headers['mcp-protocol-version'] = context.protocolVersion;
  let response: Response;
  try {
    response = await context.fetch(url, { method: 'GET', headers, signal: requestSignal(context) });
  } catch (error) {
    if (context.signal?.aborted) throw context.signal.reason;
    return { ok: false, absent: false, reason: `failed: ${describeFailure(error)}` };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    const absent = response.status >= 400 && response.status < 500;
    return {
      ok: false,
      absent,
      reason: `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    };
  }
  const { text, complete, error } = await readBodyStart(response, MAX_DOCUMENT_BYTES);
  if (error !== undefined) {
    if (context.signal?.aborted) throw context.signal.reason;
    return { ok: false, absent: false, reason: `failed while answering: ${describeFailure(error)}` };
  }
  if (!complete) return { ok: false, absent: false, reason: `answered more than ${MAX_DOCUMENT_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, absent: false, reason: 'answered with something that is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, absent: false, reason: 'answered with JSON that is not an object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** What went wrong with a fetch, with its cause (fetch's own message is vague). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
