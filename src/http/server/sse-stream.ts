/**
 * One logical SSE stream of a session: the answer stream of a POST, or the standalone stream
 * opened with GET. Every event is recorded in the session's event store before it is written,
 * so the stream outlives its HTTP connections: a client that lost one resumes with
 * `Last-Event-ID` and gets what it missed, once and in order.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import type { Clock, TimerHandle } from '../../jsonrpc/clock.js';
import type { HttpStreamWriter } from './exchange.js';
import { formatSseComment, formatSseEvent } from './sse-format.js';
import type { EventStore, StoredMessage } from './event-store.js';

/** How the connections of a stream are kept alive or cut short. */
export interface SseConnectionPolicy {
  clock: Clock;
  /** Interval of keep-alive comments; 0 sends none. */
  keepAliveMs: number;
  /** The `retry` field sent with the priming event. */
  retryMs: number | undefined;
  /** Close each connection after this long, leaving the stream resumable (polling). */
  connectionMaxMs: number | undefined;
}

/** Reconnection delay sent before closing a connection early, when none was configured. */
const DEFAULT_POLL_RETRY_MS = 1000;

/** An event taken from the store to be written again: its id and message. */
export type ReplayedEvent = readonly [eventId: string, message: StoredMessage];

/** A logical SSE stream with at most one HTTP connection attached at a time. */
export class SseStream {
  readonly id: string;
  readonly #store: EventStore;
  readonly #policy: SseConnectionPolicy;
  readonly #onEnd: (() => void) | undefined;
  #writer: HttpStreamWriter | undefined;
  #keepAlive: TimerHandle | undefined;
  #maxAge: TimerHandle | undefined;
  #ended = false;
  /** The position of the stream's start: replaying after it replays everything. */
  readonly #startId: string;
  /** The last event written to a connection. */
  #delivered: string;

  /** `onEnd` is called once when the stream ends. */
  constructor(id: string, store: EventStore, policy: SseConnectionPolicy, onEnd?: () => void) {
    this.id = id;
    this.#store = store;
    this.#policy = policy;
    this.#onEnd = onEnd;
    this.#startId = store.append(id, undefined);
    this.#delivered = this.#startId;
  }

  /** Whether a connection is attached. */
  get connected(): boolean {
    return this.#writer !== undefined && !this.#writer.closed;
  }

  /** Whether the stream is over (its last message was sent); it then takes no connection. */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Writes the priming event: the stream's start position as event id and empty data, so the
   * client can resume even before the first message, and the `retry` delay if configured.
   */
  prime(): void {
    const retry = this.#policy.retryMs;
    this.#write(formatSseEvent({ id: this.#startId, data: '', ...(retry !== undefined && { retry }) }), this.#startId);
  }

  /** Records a message and writes its text (`serialize(message)`) to the connection, if one is attached. */
  emit(message: StoredMessage, text: string): void {
    const eventId = this.#store.append(this.id, message);
    this.#write(formatSseEvent({ id: eventId, event: 'message', data: text }), eventId);
  }

  /**
   * Makes `writer` the stream's connection, after writing `replay` to it. A connection still
   * attached is closed: the client would not resume a stream it still reads. A stream already
   * over closes the new connection once the replay is written. `pollable` allows closing the
   * connection early (clients of 2025-11-25 on).
   */
  attach(writer: HttpStreamWriter, replay: readonly ReplayedEvent[] = [], pollable = false): void {
    this.#detach();
    this.#writer = writer;
    for (const [eventId, message] of replay) {
      this.#write(formatSseEvent({ id: eventId, event: 'message', data: serialize(message) }), eventId);
    }
    if (this.#ended) {
      this.#detach();
      return;
    }
    if (this.#writer !== writer) return; // it closed during the replay
    writer.onClose(() => {
      if (this.#writer === writer) this.#detach();
    });
    this.#armKeepAlive(writer);
    const maxMs = this.#policy.connectionMaxMs;
    if (pollable && maxMs !== undefined)
      this.#maxAge = this.#policy.clock.setTimeout(() => this.#closeForPolling(writer), maxMs);
  }

  /**
   * The events recorded since the last one written to a connection (never delivered), and
   * whether some of those are no longer held.
   */
  undelivered(): { events: ReplayedEvent[]; eventsLost: boolean } {
    const events: ReplayedEvent[] = [];
    const found = this.#store.replayAfter(this.#delivered, (eventId, message) => events.push([eventId, message]));
    return { events, eventsLost: found?.eventsLost ?? false };
  }

  /** Sends the answer as the last event, and ends the stream. */
  finish(answer: StoredMessage, text: string): void {
    this.emit(answer, text);
    this.end();
  }

  /** The session closed before the answer: the stream ends, as the session does. */
  abandon(): void {
    this.end();
  }

  /** Ends the stream: nothing more is sent on it, and its connection is closed. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#detach();
    this.#onEnd?.();
  }

  /** Closes the connection, asking the client to come back after the retry delay. */
  #closeForPolling(writer: HttpStreamWriter): void {
    if (this.#writer !== writer) return;
    writer.write(formatSseEvent({ retry: this.#policy.retryMs ?? DEFAULT_POLL_RETRY_MS }));
    this.#detach();
  }

  #write(frame: string, eventId: string): void {
    const writer = this.#writer;
    if (!writer) return;
    if (writer.write(frame)) this.#delivered = eventId;
    else this.#detach();
  }

  #armKeepAlive(writer: HttpStreamWriter): void {
    const { clock, keepAliveMs } = this.#policy;
    if (keepAliveMs <= 0) return;
    this.#keepAlive = clock.setTimeout(() => {
      if (this.#writer !== writer) return;
      if (writer.write(formatSseComment('keep-alive'))) this.#armKeepAlive(writer);
      else this.#detach();
    }, keepAliveMs);
  }

  #detach(): void {
    const { clock } = this.#policy;
    if (this.#keepAlive !== undefined) clock.clearTimeout(this.#keepAlive);
    if (this.#maxAge !== undefined) clock.clearTimeout(this.#maxAge);
    this.#keepAlive = this.#maxAge = undefined;
    const writer = this.#writer;
    this.#writer = undefined;
    if (writer && !writer.closed) writer.close();
  }
}

/** Writes the events of a stream that is over to a resuming connection, then closes it. */
export function replayFinished(writer: HttpStreamWriter, replay: readonly ReplayedEvent[]): void {
  for (const [eventId, message] of replay) {
    if (!writer.write(formatSseEvent({ id: eventId, event: 'message', data: serialize(message) }))) break;
  }
  writer.close();
}
