/**
 * The server side of one HTTP+SSE session (protocol revision 2024-11-05): every outbound
 * message is a `message` event on the session's SSE stream, and inbound messages are handed
 * over by the POST endpoint.
 * @module
 */
import { systemClock, type Clock, type TimerHandle } from '../../../jsonrpc/clock.js';
import { serialize } from '../../../jsonrpc/codec.js';
import { ConnectionClosedError } from '../../../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../../../jsonrpc/message.js';
import type { MessageInfo, Transport, TransportReceiver } from '../../../jsonrpc/transport.js';
import {
  HTTP_NETWORK,
  type NetworkAttributes,
  type NetworkDescribed,
  type SessionIdentified,
} from '../../../protocol/transport-abilities.js';
import type { HttpStreamWriter } from '../exchange.js';
import { formatSseComment, formatSseEvent } from '../sse-format.js';

/** Options of a {@link LegacySseTransport}. */
export interface LegacySseTransportOptions {
  /** Interval of keep-alive comments on the stream; 0 sends none. Default 15 s. */
  keepAliveMs?: number;
  /** Time source of the keep-alive timer. */
  clock?: Clock;
  /** Who opened the session, when the endpoint checks tokens: its POSTs must come from the same. */
  principal?: string;
}

/** The default interval of keep-alive comments: short enough for common proxy idle limits. */
export const DEFAULT_SSE_KEEP_ALIVE_MS = 15_000;

/** Response headers of the session's SSE stream. */
export const LEGACY_SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  // no-transform: a compressing proxy would hold events back to fill its buffers.
  'cache-control': 'no-cache, no-transform',
  // Asks nginx-style reverse proxies not to buffer the stream.
  'x-accel-buffering': 'no',
};

const KEEP_ALIVE = formatSseComment('keep-alive');

/**
 * One session's transport. The stream belongs to it: closing the transport ends the stream,
 * and the stream ending (the client went away) closes the transport.
 */
export class LegacySseTransport implements Transport, SessionIdentified, NetworkDescribed {
  /** The session id, sent to the client in the endpoint event's URL. */
  readonly sessionId: string;
  /** Who opened the session, when the endpoint checks tokens. */
  readonly principal: string | undefined;
  readonly #stream: HttpStreamWriter;
  readonly #keepAliveMs: number;
  readonly #clock: Clock;
  #timer: TimerHandle | undefined;
  /** The connection, once it started this transport. */
  #receiver: TransportReceiver | undefined;
  #closed = false;
  // Messages posted before the session started, with what was learned of each; delivered in order by start().
  #early: [unknown, MessageInfo | undefined][] = [];

  constructor(sessionId: string, stream: HttpStreamWriter, options: LegacySseTransportOptions = {}) {
    this.sessionId = sessionId;
    this.principal = options.principal;
    this.#stream = stream;
    this.#keepAliveMs = options.keepAliveMs ?? DEFAULT_SSE_KEEP_ALIVE_MS;
    this.#clock = options.clock ?? systemClock;
    stream.onClose(() => this.#finish());
  }

  /** The channel, for telemetry. */
  get network(): NetworkAttributes {
    return HTTP_NETWORK;
  }

  /** Whether the session has ended. */
  get closed(): boolean {
    return this.#closed;
  }

  async start(receiver: TransportReceiver): Promise<void> {
    if (this.#receiver) throw new Error('LegacySseTransport already started');
    this.#receiver = receiver;
    // The stream ended before the session took over: tell it now, so it does not linger.
    if (this.#closed) {
      receiver.onTransportClose();
      return;
    }
    this.#scheduleKeepAlive();
    const early = this.#early;
    this.#early = [];
    for (const [message, info] of early) {
      if (this.#closed) break;
      receiver.onTransportMessage(message, info);
    }
  }

  /**
   * Hands over a message (or batch) the client posted, with what the POST taught about it
   * (who its token speaks for). Returns false when the session has already ended, so the POST
   * can be refused.
   */
  receive(message: unknown, info?: MessageInfo): boolean {
    if (this.#closed) return false;
    if (this.#receiver) this.#receiver.onTransportMessage(message, info);
    else this.#early.push([message, info]);
    return true;
  }

  /** Writes one event on the stream; the one channel carries everything, whatever it relates to. */
  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closed || !this.#stream.write(formatSseEvent({ event: 'message', data: serialize(message) }))) {
      this.#finish();
      throw new ConnectionClosedError('The SSE stream is closed');
    }
  }

  /** Writes a raw event (the `endpoint` event); false if the stream is closed. */
  writeEvent(event: string, data: string): boolean {
    return !this.#closed && this.#stream.write(formatSseEvent({ event, data }));
  }

  async close(): Promise<void> {
    this.#finish();
  }

  #scheduleKeepAlive(): void {
    if (this.#keepAliveMs <= 0 || this.#closed) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      if (this.#closed) return;
      if (this.#stream.write(KEEP_ALIVE)) this.#scheduleKeepAlive();
      else this.#finish();
    }, this.#keepAliveMs);
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#early = [];
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#stream.closed) this.#stream.close();
    // Whoever ended the stream, the session is simply over: no error to report. Before
    // start() nobody listens yet; start() reports it then.
    this.#receiver?.onTransportClose();
  }
}
