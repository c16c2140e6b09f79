/**
 * The small request/response interface the HTTP transports are written against. The fetch
 * handler (Bun, Deno, Workers, Hono) and the `node:http` listener are thin fronts that fill it
 * in, so Node never pays for building web `Request`/`Headers`/streams.
 * @module
 */

/** An inbound HTTP request, as the MCP endpoint needs it. */
export interface HttpRequestLike {
  /** Upper-case method: `GET`, `POST`, `DELETE`, ... */
  readonly method: string;
  /** Path and query of the request URL (`/mcp?x=1`). */
  readonly path: string;
  /** A header value by lower-case name; repeated headers are joined with `, `. */
  header(name: string): string | undefined;
  /**
   * The address of the client's end of the connection, where the front knows it (the
   * `node:http` front does; the fetch handler does not). Read only for limits kept per client.
   */
  readonly remoteAddress?: string | undefined;
  /**
   * A header that must occur once (`Host`, `Authorization`, `Content-Type`, `Mcp-Session-Id`,
   * `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Last-Event-ID`, `DPoP`) and occurred
   * more than once, by lower-case name, as far as the front can tell: the `node:http` front
   * reads the raw headers, the fetch front sees repeats joined. The endpoint answers 400.
   */
  readonly repeatedHeader?: string | undefined;
  /**
   * The body as text. Rejects with `BodyTooLargeError` as soon as more than `limit` bytes have
   * arrived, without reading the rest into memory.
   */
  text(limit: number): Promise<string>;
  /** Calls `listener` once if the client goes away before the response is finished. */
  onAbort(listener: () => void): void;
}

/** Where the response goes: all at once, or as a stream (SSE). Call exactly one, once. */
export interface HttpResponseSink {
  /** Sends a complete response. */
  send(status: number, headers: Readonly<Record<string, string>>, body?: string): void;
  /** Starts a streamed response; the caller writes chunks and closes it. */
  stream(status: number, headers: Readonly<Record<string, string>>): HttpStreamWriter;
}

/** A streamed response body. */
export interface HttpStreamWriter {
  /** Writes a chunk; false once the stream is closed (by us or by the client). */
  write(chunk: string): boolean;
  /** Ends the response. */
  close(): void;
  /** Whether the stream has ended, by either side. */
  readonly closed: boolean;
  /** Calls `listener` once when the stream ends, whoever ended it. */
  onClose(listener: () => void): void;
}

/** The closed state and close listeners every stream writer shares; fronts add the writing. */
export abstract class StreamWriterBase implements HttpStreamWriter {
  #closed = false;
  readonly #listeners: (() => void)[] = [];

  abstract write(chunk: string): boolean;
  abstract close(): void;

  get closed(): boolean {
    return this.#closed;
  }

  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#listeners.push(listener);
  }

  /** Marks the stream ended and tells the listeners, once. */
  protected finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#listeners.splice(0)) listener();
  }
}

/** The core of an HTTP endpoint: handles one exchange. */
export type HttpExchangeHandler = (request: HttpRequestLike, response: HttpResponseSink) => Promise<void>;

/** The body was larger than allowed. */
export class BodyTooLargeError extends Error {
  /** @param limit The limit in bytes the body passed. */
  constructor(readonly limit: number) {
    super(`Request body exceeds the limit of ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}
