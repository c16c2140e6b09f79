/**
 * The options both providers share, and reading them: the endpoint's URL from a base URL, and
 * which strings are secret.
 * @module
 */
import type { FetchLike } from 'mcpkit/http';

/** Options every provider takes. */
export interface ProviderOptions {
  /** The model asked for when a request names none. */
  model: string;
  /** The API key, sent as the provider expects it. None for a local server. */
  apiKey?: string;
  /** Where the API is; each provider has its default. */
  baseUrl?: string | URL;
  /** Query parameters of every request (Azure's `api-version`). */
  query?: Record<string, string>;
  /** Headers sent with every request, over the provider's own (an Azure `api-key`, an `anthropic-beta`...). */
  headers?: Record<string, string>;
  /** Members set over every request's body: options of the provider or server this bridge does not know. */
  extraBody?: Record<string, unknown>;
  /** Default `globalThis.fetch`; inject one for a proxy, logging or tests. */
  fetch?: FetchLike;
  /**
   * The longest silence, in milliseconds, before the request fails with a `ModelError`: until
   * the answer's headers arrive, then between two pieces of its stream. Default: no limit (a
   * local model may take minutes to load).
   */
  timeoutMs?: number;
}

/** Header names whose values are credentials, never to appear in an error message. */
const SECRET_HEADERS = new Set(['authorization', 'api-key', 'x-api-key', 'proxy-authorization']);

/**
 * `path` under `baseUrl` (a trailing slash or none), with the base's own query kept and `query`
 * set over it. Throws a TypeError naming `who` when the base is not an http(s) URL.
 */
export function endpointUrl(who: string, baseUrl: string | URL, path: string, query?: Record<string, string>): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`${who}: baseUrl ${JSON.stringify(String(baseUrl))} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`${who}: baseUrl must be an http or https URL, got ${JSON.stringify(url.href)}`);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url;
}

/** The API key and the credentials among `headers` (a `Bearer ` prefix dropped). */
export function secretsOf(apiKey: string | undefined, headers: Record<string, string> | undefined): string[] {
  const secrets = apiKey ? [apiKey] : [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (SECRET_HEADERS.has(name.toLowerCase())) secrets.push(value.replace(/^Bearer\s+/i, ''));
  }
  return secrets;
}

/** Throws naming `who` for options that cannot work. */
export function checkOptions(who: string, options: ProviderOptions): void {
  if (typeof options.model !== 'string' || options.model === '')
    throw new TypeError(`${who}: options.model must name a model`);
  const timeout = options.timeoutMs;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0))
    throw new RangeError(`${who}: options.timeoutMs must be a positive number, got ${timeout}`);
}
