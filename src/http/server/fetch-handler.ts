/**
 * The web-standard front of the Streamable HTTP endpoint: `(Request) => Promise<Response>`, for
 * Bun, Deno, Cloudflare Workers, Hono and anything else built on the Fetch API.
 * @module
 */
import type { Server } from '../../server/server.js';
import {
  BodyTooLargeError,
  StreamWriterBase,
  type HttpExchangeHandler,
  type HttpRequestLike,
  type HttpResponseSink,
} from './exchange.js';
import { createStreamableHttpCore, type StreamableHttpCore } from './endpoint.js';
import type { StreamableHttpOptions } from './options.js';
import { joinedSingleHeader } from './single-headers.js';

/** A fetch handler that also knows its sessions. */
export interface StreamableHttpHandler {
  (request: Request): Promise<Response>;
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Ends every session; their streams close. */
  close(): Promise<void>;
}

/**
 * Serves `server` over Streamable HTTP as a fetch handler. It answers any URL: route only the
 * MCP endpoint's path to it.
 */
export function createStreamableHttpHandler(
  server: Server,
  options: StreamableHttpOptions = {},
): StreamableHttpHandler {
  const core: StreamableHttpCore = createStreamableHttpCore(server, options);
  const handler = toFetchHandler(core);
  return Object.defineProperties(handler, {
    sessionCount: { get: () => core.sessionCount, enumerable: true },
    close: { value: () => core.close(), enumerable: true },
  }) as StreamableHttpHandler;
}

/** Adapts an exchange handler to the Fetch API. */
export function toFetchHandler(core: HttpExchangeHandler): (request: Request) => Promise<Response> {
  return (request) => serveFetch(core, request);
}

/**
 * Answers `request` with `core`. `text` reads the body where a framework has already read it
 * from the request (Hono keeps what its middleware parsed), within the same limit.
 * @internal
 */
export async function serveFetch(
  core: HttpExchangeHandler,
  request: Request,
  text?: (limit: number) => Promise<string>,
): Promise<Response> {
  let response: Response | undefined;
  const sink: HttpResponseSink = {
    send(status, headers, body) {
      response = new Response(body ?? null, { status, headers: runtimeHeaders(headers) });
    },
    stream(status, headers) {
      const writer = new ResponseStreamWriter(request.signal);
      response = new Response(writer.body, { status, headers: runtimeHeaders(headers) });
      return writer;
    },
  };
  await core(adaptRequest(request, text ?? ((limit) => readText(request, limit))), sink);
  // No response means the client left before there was one to give.
  return response ?? new Response(null, { status: 499 });
}

function adaptRequest(request: Request, text: (limit: number) => Promise<string>): HttpRequestLike {
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    path: url.pathname + url.search,
    // The runtime joined repeats with ", ": only what no single value holds is told apart.
    get repeatedHeader() {
      return joinedSingleHeader((name) => request.headers.get(name));
    },
    // `Host` is a forbidden header name in fetch: runtimes may leave it out of `headers`, but the
    // URL the runtime built for the request always carries the host the client addressed.
    header: (name) => request.headers.get(name) ?? (name === 'host' ? url.host : undefined),
    text,
    onAbort(listener) {
      if (request.signal.aborted) queueMicrotask(listener);
      else request.signal.addEventListener('abort', () => listener(), { once: true });
    },
  };
}

/** Reads the body as UTF-8 text, giving up as soon as it grows past `limit` bytes. */
async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The runtime manages connections itself (and HTTP/2 forbids the header). */
function runtimeHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { connection: _connection, ...rest } = headers;
  return rest;
}

/** Past this much unread output the client is too slow: its connection is dropped (it can resume). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A streamed body fed chunk by chunk. */
class ResponseStreamWriter extends StreamWriterBase {
  readonly body: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly #encoder = new TextEncoder();

  constructor(signal: AbortSignal) {
    super();
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        cancel: () => this.finish(),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );
    if (signal.aborted) this.finish();
    else signal.addEventListener('abort', () => this.close(), { once: true });
  }

  write(chunk: string): boolean {
    if (this.closed) return false;
    try {
      this.#controller.enqueue(this.#encoder.encode(chunk));
    } catch {
      this.finish();
      return false;
    }
    if ((this.#controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) {
      this.close();
      return false;
    }
    return true;
  }

  close(): void {
    if (this.closed) return;
    try {
      this.#controller.close();
    } catch {
      // Already errored or cancelled by the reader.
    }
    this.finish();
  }
}
