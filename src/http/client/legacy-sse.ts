/**
 * The client side of the HTTP+SSE transport of protocol revision 2024-11-05: a GET opens an
 * event stream whose first event, `endpoint`, names the URL to POST messages to; the server's
 * messages arrive as `message` events on that stream. Runtime-neutral.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import { ConnectionClosedError } from '../../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import type { SseEvent } from './sse-parser.js';
import type { Transport, TransportReceiver } from '../../jsonrpc/transport.js';
import { buildHeaders, fetchFailure, globalFetch, type FetchLike, type HttpClientOptions } from './fetch-options.js';
import { authorizedFetch } from './authorized-fetch.js';
import { HttpStatusError } from './http-error.js';
import { discardBody, mediaType, readEventStream } from './response-body.js';
import { httpNetworkTo, type NetworkAttributes, type NetworkDescribed } from '../../protocol/transport-abilities.js';

/** Options of a {@link LegacySseClientTransport}; `url` is the SSE endpoint. */
export interface LegacySseClientTransportOptions extends HttpClientOptions {
  /** How long `start()` waits for the `endpoint` event. Default 30 000 ms. */
  endpointTimeoutMs?: number;
}

interface Waiter {
  resolve(endpoint: string): void;
  reject(error: Error): void;
}

/** A {@link Transport} to a server of the 2024-11-05 HTTP+SSE transport. */
export class LegacySseClientTransport implements Transport, NetworkDescribed {
  /** The SSE endpoint. */
  readonly url: string;
  readonly #options: LegacySseClientTransportOptions;
  readonly #fetch: FetchLike;
  readonly #abort = new AbortController();
  #endpoint: string | undefined;
  #waiter: Waiter | undefined;
  /** Set by `start()`. */
  #receiver: TransportReceiver | undefined;
  #closed = false;
  #network: NetworkAttributes | undefined;

  constructor(options: LegacySseClientTransportOptions) {
    this.url = new URL(options.url).href;
    this.#options = options;
    this.#fetch = options.fetch ?? globalFetch;
  }

  /** The channel, for telemetry: HTTP to the endpoint's host and port. */
  get network(): NetworkAttributes {
    return (this.#network ??= httpNetworkTo(new URL(this.url)));
  }

  /** Where messages are POSTed, once the server named it. */
  get endpoint(): string | undefined {
    return this.#endpoint;
  }

  /**
   * Opens the event stream and resolves once the server named its message endpoint. Rejects
   * when the answer is not an event stream, or the endpoint is on another origin.
   */
  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('LegacySseClientTransport already started');
    this.#receiver = receiver;
    let response: Response;
    try {
      const headers = await buildHeaders(this.#options.headers, { accept: 'text/event-stream' });
      response = await this.#send('GET', this.url, { headers, signal: this.#abort.signal });
    } catch (error) {
      throw fetchFailure('GET', this.url, error, this.#closed);
    }
    if (!response.ok) throw await HttpStatusError.from('GET', this.url, response);
    if (mediaType(response) !== 'text/event-stream' || !response.body) {
      await discardBody(response);
      throw new Error(
        `GET ${this.url} answered ${response.status} with ${mediaType(response) || 'no content type'}, not an event stream`,
      );
    }
    const endpoint = new Promise<string>((resolve, reject) => (this.#waiter = { resolve, reject }));
    const limit = this.#options.endpointTimeoutMs ?? 30_000;
    const timer = setTimeout(
      () => this.#refuse(new Error(`GET ${this.url} sent no endpoint event within ${limit} ms`)),
      limit,
    );
    void this.#read(response.body);
    try {
      this.#endpoint = await endpoint;
    } catch (error) {
      this.#abort.abort();
      this.#closed = true;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** POSTs one message to the endpoint; rejects with an {@link HttpStatusError} for an error status. */
  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closed) throw new ConnectionClosedError();
    const endpoint = this.#endpoint;
    if (endpoint === undefined) throw new Error('LegacySseClientTransport: send() before start() finished');
    let response: Response;
    try {
      const headers = await buildHeaders(this.#options.headers, { 'content-type': 'application/json' });
      const held = (Array.isArray(message) ? message : [message]).flatMap((m) =>
        'method' in m && 'id' in m ? [m.id] : [],
      );
      response = await this.#send(
        'POST',
        endpoint,
        { headers, body: serialize(message), signal: this.#abort.signal },
        held,
      );
    } catch (error) {
      throw fetchFailure('POST', endpoint, error, this.#closed);
    }
    if (!response.ok) throw await HttpStatusError.from('POST', endpoint, response);
    // The answer comes on the event stream; the body is only an acknowledgement.
    await discardBody(response);
  }

  /**
   * A request of the session, with the authorization of the `auth` option (the revision is not
   * known here); the JSON-RPC requests `held` carries do not run out of time while it waits on it.
   */
  #send(method: string, url: string, init: RequestInit, held: readonly RequestId[] = []): Promise<Response> {
    return authorizedFetch(
      this.#fetch,
      this.#options.auth,
      { serverUrl: this.url, url, method, signal: this.#abort.signal },
      init,
      {
        hold: (on) => {
          for (const id of held) this.#receiver?.onTransportHold?.(id, on);
        },
      },
    );
  }

  async close(): Promise<void> {
    this.#shutdown(undefined);
  }

  #shutdown(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort(new ConnectionClosedError());
    this.#receiver?.onTransportClose(error);
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    let ended: ConnectionClosedError;
    try {
      await readEventStream(body, { onEvent: (event) => this.#onEvent(event) }, { signal: this.#abort.signal });
      ended = new ConnectionClosedError(`Connection closed: the server ended the event stream of ${this.url}`);
    } catch (error) {
      ended = new ConnectionClosedError(
        `Connection lost: the event stream of ${this.url} failed: ${(error as Error).message}`,
        undefined,
        { cause: error },
      );
    }
    if (this.#endpoint === undefined)
      this.#refuse(new Error(`GET ${this.url}: the event stream ended before the endpoint event`));
    // The server's end of the session lives on this stream: without it nothing more can arrive.
    else this.#shutdown(ended);
  }

  #onEvent(event: SseEvent): void {
    if (event.type === 'endpoint') {
      this.#onEndpoint(event.data.trim());
      return;
    }
    if (event.type !== 'message') return;
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch (error) {
      this.#receiver!.onTransportError(
        new Error(`Ignored an event from ${this.url} that is not JSON: ${(error as Error).message}`),
      );
      return;
    }
    for (const item of Array.isArray(value) ? value : [value]) this.#receiver!.onTransportMessage(item);
  }

  #onEndpoint(data: string): void {
    if (!this.#waiter) return; // Only the first endpoint counts.
    let endpoint: URL;
    try {
      endpoint = new URL(data, this.url);
    } catch {
      this.#refuse(new Error(`GET ${this.url}: the endpoint event holds no URL: ${JSON.stringify(data)}`));
      return;
    }
    // Messages carry the session's traffic, and the application's headers (credentials) with it.
    if (endpoint.origin !== new URL(this.url).origin) {
      this.#refuse(new Error(`GET ${this.url}: refused the endpoint ${endpoint.href}, which is on another origin`));
      return;
    }
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter.resolve(endpoint.href);
  }

  #refuse(error: Error): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.reject(error);
  }
}

// The names before the transport took the glossary's `LegacySse*`, kept for one release.
/** @deprecated Use LegacySseClientTransport. */
export const SseClientTransport = LegacySseClientTransport;
/** @deprecated Use LegacySseClientTransport. */
export type SseClientTransport = LegacySseClientTransport;
/** @deprecated Use LegacySseClientTransportOptions. */
export type SseClientTransportOptions = LegacySseClientTransportOptions;
