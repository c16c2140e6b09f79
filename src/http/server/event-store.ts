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
   * `lastEventId` after it. Returns that stream's id and whether messages recorded on it after
   * `lastEventId` are no longer held (`eventsLost`: replaying the rest would leave a gap), or
   * `undefined` when `lastEventId` is not one of this store's ids. A store that cannot tell
   * says `eventsLost: true`.
   */
  replayAfter(lastEventId: string, send: (eventId: string, message: StoredMessage) => void): ReplayOutcome | undefined;
}

/** What {@link EventStore.replayAfter} found. */
export interface ReplayOutcome {
  /** The stream the event id belongs to; the replay continues it. */
  streamId: string;
  /** Messages recorded on the stream after the id were dropped: what was sent has a gap. */
  eventsLost: boolean;
}

/** Default bound of {@link MemoryEventStore}: events held per session. */
export const DEFAULT_MAX_STORED_EVENTS = 1000;

interface StoredEvent {
  seq: number;
  message: StoredMessage;
}

/** What the store holds of one stream. */
interface StreamEvents {
  events: StoredEvent[];
  /**
   * The newest of its events that was dropped. A stream new to the store starts from the
   * newest dropped from a forgotten stream: it may be one of those, come back.
   */
  droppedThrough: number;
}

/**
 * An in-memory {@link EventStore} holding at most `maxEvents` events; the oldest are dropped
 * first. Event ids are `<streamId>:<n>` with `n` increasing across the whole session, so an id
 * stays meaningful even after its own event was dropped. It knows, per stream, how far events
 * were dropped, so a replay that would leave a gap says so: exactly while the stream holds
 * events, and for the last `maxEvents` (at least 1,000) streams whose events were all dropped.
 * For a stream forgotten before that it answers as for any stream that was, and may report a
 * loss that did not happen, never the reverse.
 */
export class MemoryEventStore implements EventStore {
  readonly #maxEvents: number;
  readonly #streams = new Map<string, StreamEvents>();
  /** The stream of every held event, oldest first, for dropping in order. */
  #order: string[] = [];
  #orderHead = 0;
  /** Streams whose events were all dropped, oldest first: kept for their `droppedThrough`, up to a bound. */
  #emptied: string[] = [];
  #emptiedHead = 0;
  /** The newest event dropped from a stream no longer remembered. */
  #forgottenThrough = 0;
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
    if (message !== undefined) {
      if (this.#maxEvents === 0) {
        // Nothing is kept: any replay that reaches back past this event has a gap.
        this.#forgottenThrough = seq;
      } else {
        let stream = this.#streams.get(streamId);
        if (!stream) this.#streams.set(streamId, (stream = { events: [], droppedThrough: this.#forgottenThrough }));
        stream.events.push({ seq, message });
        this.#order.push(streamId);
        while (this.size > this.#maxEvents) this.#dropOldest();
      }
    }
    return `${streamId}:${seq}`;
  }

  replayAfter(lastEventId: string, send: (eventId: string, message: StoredMessage) => void): ReplayOutcome | undefined {
    const colon = lastEventId.lastIndexOf(':');
    const streamId = lastEventId.slice(0, colon);
    const after = Number(lastEventId.slice(colon + 1));
    if (colon <= 0 || !Number.isSafeInteger(after) || after < 0 || after > this.#seq) return undefined;
    const stream = this.#streams.get(streamId);
    for (const event of stream?.events ?? []) {
      if (event.seq > after) send(`${streamId}:${event.seq}`, event.message);
    }
    return { streamId, eventsLost: after < (stream ? stream.droppedThrough : this.#forgottenThrough) };
  }

  #dropOldest(): void {
    const streamId = this.#order[this.#orderHead++];
    if (streamId === undefined) return;
    const stream = this.#streams.get(streamId);
    const dropped = stream?.events.shift();
    if (stream && dropped) {
      stream.droppedThrough = dropped.seq;
      if (stream.events.length === 0) this.#remember(streamId);
    }
    // Compact now and then rather than shifting the whole queue on every drop.
    if (this.#orderHead > 1024 && this.#orderHead * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#orderHead);
      this.#orderHead = 0;
    }
  }

  /** Keeps what an emptied stream lost, forgetting the oldest such stream beyond the bound. */
  #remember(streamId: string): void {
    this.#emptied.push(streamId);
    if (this.#emptied.length - this.#emptiedHead <= Math.max(this.#maxEvents, 1000)) return;
    const oldest = this.#emptied[this.#emptiedHead++]!;
    const stream = this.#streams.get(oldest);
    // A stream that holds events again is remembered until it is emptied again.
    if (stream && stream.events.length === 0) {
      this.#streams.delete(oldest);
      this.#forgottenThrough = Math.max(this.#forgottenThrough, stream.droppedThrough);
    }
    if (this.#emptiedHead > 1024 && this.#emptiedHead * 2 > this.#emptied.length) {
      this.#emptied = this.#emptied.slice(this.#emptiedHead);
      this.#emptiedHead = 0;
    }
  }
}
