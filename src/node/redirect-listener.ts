/**
 * The loopback redirect listener of a command-line or desktop app (RFC 8252 §7.3): it binds
 * 127.0.0.1 before the authorization request goes out, so the redirect URI can be registered
 * and sent, then takes the one redirect the browser comes back with and stops listening.
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What {@link listenForRedirect} takes; every field has a default. */
export interface RedirectListenerOptions {
  /** The port to bind on 127.0.0.1; 0 (the default) lets the system pick a free one. */
  port?: number;
  /** The path of the redirect URI, `/callback` by default: `/`, then no query or fragment. */
  path?: string;
  /** How long to wait for the redirect, in milliseconds: 5 minutes by default. */
  timeoutMs?: number;
  /** Gives up waiting (and stops listening) when it aborts. */
  signal?: AbortSignal;
}

/** A listener waiting for one redirect. */
export interface RedirectListener {
  /** `http://127.0.0.1:<port><path>`: register it, and send it as `redirect_uri`. */
  readonly redirectUri: string;
  /** The port it listens on. */
  readonly port: number;
  /**
   * The query of the redirect (`code`, `state`, `iss`, or `error`...), as it came: checking
   * `state` and `iss` is the caller's job. Rejects on the timeout (a `TimeoutError`), on the
   * signal (with its reason), or on {@link close} before a redirect came.
   */
  readonly redirect: Promise<URLSearchParams>;
  /** Stops listening, if it still does; resolves once the port is free. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
/** The longest wait a Node timer holds (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

// A fixed page: nothing of the query (code, state, an error text from the server) is echoed,
// nothing is loaded, and no Referer can carry the URL (which holds the code) anywhere.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorization</title></head>
<body><p>The application has received the authorization response. You can close this window.</p></body></html>
`;
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-length': String(Buffer.byteLength(PAGE)),
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  connection: 'close',
};

/**
 * Binds 127.0.0.1 and waits for one `GET <path>`: it answers that with a short page, stops
 * listening and resolves {@link RedirectListener.redirect} with the query. Any other request
 * (another path, another method, another `Host`) gets 404 and changes nothing.
 */
export async function listenForRedirect(options: RedirectListenerOptions = {}): Promise<RedirectListener> {
  const { path, requestedPort, timeoutMs } = checkedOptions(options);
  const { signal } = options;
  signal?.throwIfAborted();

  let settle: { resolve(query: URLSearchParams): void; reject(reason: unknown): void } | undefined;
  const redirect = new Promise<URLSearchParams>((resolve, reject) => (settle = { resolve, reject }));
  // A caller that closes without awaiting the redirect has not left a rejection unhandled.
  redirect.catch(() => {});

  let host = '';
  const server = createServer((req, res) => onRequest(req, res));
  // It expects one small GET: small limits, short waits.
  server.maxHeadersCount = 50;
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 1_000;

  const closed = new Promise<void>((resolve) => server.once('close', resolve));
  const onAbort = (): void => finish(undefined, signal?.reason);
  const finish = (query: URLSearchParams | undefined, reason?: unknown): void => {
    const pending = settle;
    if (pending === undefined) return;
    settle = undefined;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (query) pending.resolve(query);
    else pending.reject(reason);
    server.close();
    // A browser keeps its connection open; the page has been sent (or is being sent) on it.
    server.closeIdleConnections();
  };

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    // The request target as sent, split by hand: URL parsing would read `//x/callback` as a host.
    const target = req.url ?? '';
    const mark = target.indexOf('?');
    const pathname = mark === -1 ? target : target.slice(0, mark);
    // Another Host is a page that reached the port by a rebound DNS name, not the browser's redirect.
    if (settle === undefined || req.method !== 'GET' || pathname !== path || req.headers.host !== host) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found\n');
      return;
    }
    res.writeHead(200, PAGE_HEADERS);
    res.end(PAGE, () => server.closeAllConnections());
    finish(new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)));
  }

  await new Promise<void>((resolve, reject) => {
    server.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Cannot listen for the redirect: port ${requestedPort} of 127.0.0.1 is in use`, {
              cause: error,
            })
          : error,
      ),
    );
    server.listen(requestedPort, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  host = `127.0.0.1:${port}`;

  // Declared here, once the port is bound: nothing can call `finish` before this line runs.
  const timer = setTimeout(
    () => finish(undefined, new DOMException(`No redirect came within ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  signal?.addEventListener('abort', onAbort, { once: true });
  // The signal may have aborted while the port was being bound.
  if (signal?.aborted) onAbort();

  return {
    redirectUri: `http://${host}${path}`,
    port,
    redirect,
    async close() {
      finish(undefined, new Error('The redirect listener was closed before a redirect came'));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The options with their defaults, or a `TypeError`/`RangeError` saying which is wrong. */
function checkedOptions(options: RedirectListenerOptions): { path: string; requestedPort: number; timeoutMs: number } {
  const path = options.path ?? '/callback';
  if (!path.startsWith('/') || /[?#\s]/.test(path)) {
    throw new TypeError(`The redirect path must start with "/" and hold no query, fragment or space: ${path}`);
  }
  const requestedPort = options.port ?? 0;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new RangeError(`The redirect port must be an integer from 0 to 65535, not ${options.port}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, not ${options.timeoutMs}`);
  }
  return { path, requestedPort, timeoutMs };
}
