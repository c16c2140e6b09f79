/**
 * Where the SSE events of one session are kept so a client that lost its connection can
 * resume a stream with `Last-Event-ID`. Each session has its own store, so ending a session
 * drops its events and an event id can never reach into another session.
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';

/** What one SSE event carries: a message, or a batch of responses (2025-03-26). */
export type StoredMessage = JsonRpcMessage | JsonRpcMessage[];

/**
 * The events of one session's SSE streams. Synchronous on purpose: the sessions themselves
 * live in this process, so their events can too, and a synchronous store lets a resumed
 * stream take over from the old one with nothing sent in between.
 */
export interface EventStore {
  /**
   * Records an event sent on `streamId` and returns its event id: unique within the session,
   * naming the stream it belongs to. `undefined` records a position without a message (a
   * priming event); it takes an id but is never replayed.
   */
  append(streamId: string, message: StoredMessage | undefined): string;
  /**
   * Calls `send`, in order, for every message still held that was recorded on the stream of
   * `lastEventId` after it. Returns that stream's id, or `undefined` when `lastEventId` is not
   * one of this store's ids.
   */
  replayAfter(lastEventId: string, send: (eventId: string, message: StoredMessage) => void): string | undefined;
}

/** Default bound of {@link MemoryEventStore}: events held per session. */
export const DEFAULT_MAX_STORED_EVENTS = 1000;

interface StoredEvent {
  seq: number;
  message: StoredMessage;
}

/**
 * An in-memory {@link EventStore} holding at most `maxEvents` events; the oldest are dropped
 * first. Event ids are `<streamId>:<n>` with `n` increasing across the whole session, so an id
 * stays meaningful even after its own event was dropped.
 */
export class MemoryEventStore implements EventStore {
  readonly #maxEvents: number;
  readonly #streams = new Map<string, StoredEvent[]>();
  /** The stream of every held event, oldest first, for dropping in order. */
  #order: string[] = [];
  #orderHead = 0;
  #seq = 0;

  constructor(maxEvents = DEFAULT_MAX_STORED_EVENTS) {
    if (!(maxEvents >= 0)) throw new RangeError(`maxEvents must be a non-negative number, got ${maxEvents}`);
    this.#maxEvents = maxEvents;
  }

  /** Events currently held. */
  get size(): number {
    return this.#order.length - this.#orderHead;
  }

  append(streamId: string, message: StoredMessage | undefined): string {
    if (streamId.includes(':')) throw new TypeError(`A stream id must not contain ':' (${streamId})`);
    const seq = ++this.#seq;
    if (message !== undefined && this.#maxEvents > 0) {
      let events = this.#streams.get(streamId);
      if (!events) this.#streams.set(streamId, (events = []));
      events.push({ seq, message });
      this.#order.push(streamId);
      while (this.size > this.#maxEvents) this.#dropOldest();
    }
    return `${streamId}:${seq}`;
  }

  replayAfter(lastEventId: string, send: (eventId: string, message: StoredMessage) => void): string | undefined {
    const colon = lastEventId.lastIndexOf(':');
    const streamId = lastEventId.slice(0, colon);
    const after = Number(lastEventId.slice(colon + 1));
    if (colon <= 0 || !Number.isSafeInteger(after) || after < 0 || after > this.#seq) return undefined;
    for (const event of this.#streams.get(streamId) ?? []) {
      if (event.seq > after) send(`${streamId}:${event.seq}`, event.message);
    }
    return streamId;
  }

  #dropOldest(): void {
    const streamId = this.#order[this.#orderHead++];
    if (streamId === undefined) return;
    const events = this.#streams.get(streamId);
    events?.shift();
    if (events?.length === 0) this.#streams.delete(streamId);
    // Compact now and then rather than shifting the whole queue on every drop.
    if (this.#orderHead > 1024 && this.#orderHead * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#orderHead);
      this.#orderHead = 0;
    }
  }
}
