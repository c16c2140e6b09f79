/**
 * The `node:http` front of the Streamable HTTP endpoint: a `(req, res)` listener that writes
 * straight to the response, usable from `http.createServer`, Express or Connect, and `listen`
 * to serve a `Server` on a port in one call.
 * @module
 */
import type { IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BodyTooLargeError,
  StreamWriterBase,
  type HttpExchangeHandler,
  type HttpRequestLike,
  type HttpResponseSink,
} from '../http/server/exchange.js';
import type { StreamableHttpCore } from '../http/server/endpoint.js';
import type { LegacySseCore } from '../http/server/legacy-sse/endpoint.js';
import { legacyOptionsOf, mountEndpoints, pathOf, type MountOptions, type RoutedMount } from '../http/server/mount.js';
import type { Server } from '../server/server.js';
import { nodeServerSettings, type ConnectionLimits } from './listen-limits.js';
import { OPEN_ENDPOINT_WARNING, openEndpointWarning } from './open-endpoint-warning.js';
import { requireKnownResource } from './listen-resource.js';
import { repeatedInRawHeaders } from '../http/server/single-headers.js';

/** A `node:http` request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** A failure of the endpoint itself; the request is answered 500. */
  onError?: (error: Error) => void;
}

/**
 * Adapts an exchange handler (`createStreamableHttpCore(...)`) to `node:http`. A body already
 * parsed by middleware (`express.json()` sets `req.body`) is used as is, and below an Express
 * or Connect mount the path is the one the client asked for (`req.originalUrl`).
 */
export function toNodeListener(core: HttpExchangeHandler, options: NodeListenerOptions = {}): NodeRequestListener {
  return (req, res) => serveNode(core, req, res, options);
}

/**
 * Serves one request with `core`. `parsed` holds the body a framework already parsed, when it
 * keeps it elsewhere than `req.body`.
 * @internal
 */
export function serveNode(
  core: HttpExchangeHandler,
  req: IncomingMessage,
  res: ServerResponse,
  options: NodeListenerOptions,
  parsed?: { readonly body: unknown },
): void {
  const exchange = new NodeExchange(req, res, parsed);
  core(exchange, exchange.sink).catch((error: unknown) => {
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
}

/** Options of {@link listen}: where to listen, limits of the HTTP server, and the endpoints' own options. */
export interface ListenOptions extends MountOptions, ConnectionLimits {
  /** Default 0: any free port (see `url`). */
  port?: number;
  /**
   * Default `127.0.0.1`: reachable from this machine only. Listening on other interfaces also
   * needs `allowedHosts` to list the names clients will use: only loopback names pass by default.
   * Listening on any other than a loopback address with `allowedHosts` or `allowedOrigins` set
   * to `['*']` emits a process warning (code `MCPKIT_OPEN_ENDPOINT`), once per `listen`. With
   * `auth`, anything but a loopback address (`localhost` included) needs `auth.resource`.
   */
  host?: string;
}

/** A running HTTP server. */
export interface ListeningServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:49152/mcp`. */
  readonly url: string;
  /** Node's server, to add routes or read its address. */
  readonly httpServer: NodeHttpServer;
  /** The Streamable HTTP endpoint: its sessions and its fetch handler. */
  readonly core: StreamableHttpCore;
  /** The HTTP+SSE endpoints, when `legacySse` asked for them. */
  readonly legacy: LegacySseCore | undefined;
  /** Ends every session and stops the HTTP server. */
  close(): Promise<void>;
}

/**
 * Serves `server` over Streamable HTTP on `host:port` at `path`. With `auth`, tokens must be
 * meant for `auth.resource`, else for the URL it listens at (`url`); on anything but a loopback
 * address, or with `allowedHosts` naming other hosts, `auth.resource` is required (a
 * `TypeError` otherwise).
 */
export async function listen(server: Server, options: ListenOptions = {}): Promise<ListeningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    path = '/mcp',
    legacySse,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections,
    ...coreOptions
  } = options;
  const settings = nodeServerSettings({ headersTimeoutMs, requestTimeoutMs, maxConnections });
  const legacyOptions = legacyOptionsOf(coreOptions, legacySse);
  const policies = legacyOptions ? [coreOptions, legacyOptions] : [coreOptions];
  requireKnownResource(host, [coreOptions.auth, legacyOptions?.auth], policies);
  // Loaded here, not at import: a process that only speaks stdio never needs it.
  const { createServer } = await import('node:http');
  const httpServer = createServer(settings.options);
  httpServer.maxConnections = settings.maxConnections;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${address.port}${path}`;
  // Made once the port is known, which the resource may name; no request is read before.
  let mount: RoutedMount;
  try {
    mount = mountEndpoints(server, { ...coreOptions, path, legacySse }, coreOptions.auth?.resource ?? url);
  } catch (error) {
    await new Promise((resolve) => httpServer.close(resolve));
    throw error;
  }
  const { core, legacy } = mount;
  httpServer.on('request', routeOf(mount, coreOptions.onError ? { onError: coreOptions.onError } : {}));
  const warning = openEndpointWarning(host, policies);
  if (warning !== undefined) process.emitWarning(warning, { code: OPEN_ENDPOINT_WARNING });
  return {
    url,
    httpServer,
    core,
    legacy,
    async close() {
      await mount.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

/**
 * The listener that routes a request to the core serving its path, or answers 404: `listen`'s
 * server serves nothing but its mount.
 */
function routeOf(mount: RoutedMount, options: NodeListenerOptions): NodeRequestListener {
  return (req, res) => {
    const core = mount.route(pathOf(req.url ?? '/'), (req.method ?? 'GET').toUpperCase());
    if (core) serveNode(core, req, res, options);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Past this much unsent output the client is too slow: its connection is dropped (it can resume). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * After a body is refused unread, how long and how much more of it is read and dropped before
 * the connection closes (what nginx calls a lingering close). Closing while the client is still
 * sending makes its system answer the next bytes with a reset, and a client that writes its
 * whole request before reading (most do) then never sees the 413.
 */
const LINGER_MS = 5_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/** One request and its response, as the core sees them. */
class NodeExchange implements HttpRequestLike {
  readonly method: string;
  readonly path: string;
  readonly sink: HttpResponseSink;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  /** A body a framework parsed and keeps apart from the request. */
  readonly #parsed: { readonly body: unknown } | undefined;
  /** The body was refused unread: the connection must not be reused. */
  #refused = false;

  constructor(req: IncomingMessage, res: ServerResponse, parsed?: { readonly body: unknown }) {
    this.#req = req;
    this.#res = res;
    this.#parsed = parsed;
    this.method = (req.method ?? 'GET').toUpperCase();
    // Express and Connect cut a mount's prefix off `req.url`; metadata and legacy paths are whole.
    this.path = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    this.sink = {
      send: (status, headers, body) => {
        if (this.#refused) return this.#sendThenLinger(status, headers, body);
        res.writeHead(status, headers);
        res.end(body);
      },
      stream: (status, headers) => {
        res.writeHead(status, headers);
        res.flushHeaders();
        return new NodeStreamWriter(res);
      },
    };
  }

  get remoteAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  get repeatedHeader(): string | undefined {
    return repeatedInRawHeaders(this.#req.rawHeaders);
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  async text(limit: number): Promise<string> {
    // Middleware that parsed the body (`express.json()`) has consumed the stream.
    if (this.#parsed !== undefined) return fromParsedBody(this.#parsed.body, limit);
    const parsed = (this.#req as { body?: unknown }).body;
    if (parsed !== undefined && this.#req.readableEnded) return fromParsedBody(parsed, limit);
    if (Number(this.header('content-length')) > limit) return this.#refuseBody(limit);
    if (this.#req.readableEnded) return '';
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const cleanup = (): void => {
        this.#req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      };
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size <= limit) return void chunks.push(chunk);
        cleanup();
        this.#refuseBody(limit).catch(reject);
      };
      const onEnd = (): void => {
        cleanup();
        resolve(Buffer.concat(chunks).toString('utf8'));
      };
      const onError = (error: Error): void => {
        cleanup();
        reject(error);
      };
      const onClose = (): void => onError(new Error('The client closed the connection before sending the whole body'));
      this.#req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
    });
  }

  onAbort(listener: () => void): void {
    const res = this.#res;
    if (res.closed) {
      if (!res.writableFinished) queueMicrotask(listener);
      return;
    }
    res.once('close', () => {
      if (!res.writableFinished) listener();
    });
  }

  #refuseBody(limit: number): Promise<never> {
    // Answered without reading the rest: the connection closes after the answer.
    this.#refused = true;
    return Promise.reject(new BodyTooLargeError(limit));
  }

  /**
   * Sends a complete answer to a request whose body was refused, then reads and drops what the
   * client still sends, within bounds, before the connection closes (see `LINGER_MS`). The
   * answer carries its length, so the client has all of it before the response is ended.
   */
  #sendThenLinger(status: number, headers: Readonly<Record<string, string>>, body = ''): void {
    const req = this.#req;
    const res = this.#res;
    res.writeHead(status, { ...headers, connection: 'close', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body);
    let dropped = 0;
    const close = (): void => {
      clearTimeout(timer);
      req.off('data', onData).off('end', close);
      res.end();
    };
    const onData = (chunk: Buffer): void => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    };
    const timer = setTimeout(close, LINGER_MS);
    res.once('close', () => clearTimeout(timer));
    if (req.readableEnded) return close();
    req.on('data', onData).once('end', close);
    req.resume();
  }
}

/** A body parsed by middleware, back to the text the core parses. */
function fromParsedBody(parsed: unknown, limit: number): string {
  const text =
    typeof parsed === 'string'
      ? parsed
      : parsed instanceof Uint8Array
        ? Buffer.from(parsed).toString('utf8')
        : JSON.stringify(parsed);
  if (Buffer.byteLength(text) > limit) throw new BodyTooLargeError(limit);
  return text;
}

class NodeStreamWriter extends StreamWriterBase {
  readonly #res: ServerResponse;

  constructor(res: ServerResponse) {
    super();
    this.#res = res;
    res.socket?.setNoDelay(true);
    // A client that already left never sends `close` again.
    if (res.closed) this.finish();
    else res.once('close', () => this.finish());
  }

  write(chunk: string): boolean {
    if (this.closed) return false;
    this.#res.write(chunk);
    if (this.#res.writableLength > MAX_BUFFERED_BYTES) {
      this.#res.destroy();
      this.finish();
      return false;
    }
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.#res.end();
    this.finish();
  }
}
