/**
 * An incremental parser of `text/event-stream` bodies, following the WHATWG interpretation
 * rules: `event`, `data`, `id` and `retry` fields, comments, CR / LF / CRLF line ends,
 * multi-line data and one leading byte order mark. Chunks may be split anywhere, even inside
 * a UTF-8 sequence or between the CR and LF of one line end. The client side's: both HTTP client
 * transports read their streams with it (`response-body.ts`). Runtime-neutral.
 * @module
 */

/** One dispatched event. */
export interface SseEvent {
  /** The `event` field; `message` when the event had none. */
  type: string;
  /** The `data` lines joined with `\n`. Never empty: events without data are not dispatched. */
  data: string;
  /** The last event ID of the stream when this event was dispatched (`''` when none yet). */
  lastEventId: string;
}

/** Receives what a {@link SseParser} finds. */
export interface SseParserHandlers {
  /** An event, complete. */
  onEvent(event: SseEvent): void;
  /** A valid `retry` field: the reconnection time the server asks for, in milliseconds. */
  onRetry?(ms: number): void;
  /** A `:` comment line (keep-alives), without the colon. */
  onComment?(text: string): void;
  /**
   * One event grew beyond `maxEventChars`. Called once; the rest of that event is discarded
   * up to the blank line that ends it.
   */
  onOversizedEvent?(limit: number): void;
}

/** Options of a {@link SseParser}. */
export interface SseParserOptions {
  /** The most characters one event (its pending line plus data) may hold. Default 16 Mi. */
  maxEventChars?: number;
  /** The last event ID carried over from an earlier connection that this one resumes. */
  lastEventId?: string;
}

/** The default limit on one event: 16 Mi characters. */
export const DEFAULT_MAX_SSE_EVENT_CHARS = 16 * 1024 * 1024;

const BOM = '\uFEFF';
const CR = 0x0d;
const LF = 0x0a;

/**
 * Feed it chunks with `push` and call `end` when the body is over. Handlers run synchronously
 * for every event a chunk completes.
 */
export class SseParser {
  /** The longest event's data, in characters, before the stream is refused. */
  readonly maxEventChars: number;
  readonly #handlers: SseParserHandlers;
  // Bytes are decoded in streaming mode so a character split across chunks comes out whole.
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  #line = '';
  #data = '';
  #hasData = false;
  #type = '';
  #idBuffer = '';
  #lastEventId = '';
  #atStart = true;
  // The previous chunk ended with CR: an LF opening the next one belongs to the same line end.
  #afterCR = false;
  #discarding = false;
  // The rest of the current line is dropped (it overflowed, or its event is being discarded).
  #skipLine = false;

  constructor(handlers: SseParserHandlers, options: SseParserOptions = {}) {
    const max = options.maxEventChars ?? DEFAULT_MAX_SSE_EVENT_CHARS;
    if (!(max > 0)) throw new RangeError(`maxEventChars must be positive, got ${max}`);
    this.maxEventChars = max;
    this.#handlers = handlers;
    this.#idBuffer = this.#lastEventId = options.lastEventId ?? '';
  }

  /**
   * The stream's last event ID: set by the `id` field of every complete event, including
   * events without data (MCP servers send `id` with empty `data` to prime a resumable stream).
   */
  get lastEventId(): string {
    return this.#lastEventId;
  }

  /** Feeds the next chunk, as bytes (UTF-8) or already decoded text. */
  push(chunk: Uint8Array | string): void {
    const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    this.#feed(text);
  }

  /**
   * The body ended. An event not yet terminated by a blank line is discarded, as the
   * standard requires; the last event ID stays.
   */
  end(): void {
    this.#feed(this.#decoder.decode());
    this.#line = '';
    this.#resetEvent();
    this.#discarding = false;
    this.#skipLine = false;
    this.#afterCR = false;
  }

  #feed(text: string): void {
    if (text.length === 0) return;
    let start = 0;
    if (this.#atStart) {
      this.#atStart = false;
      if (text.startsWith(BOM)) start = 1;
    }
    if (this.#afterCR) {
      this.#afterCR = false;
      if (text.charCodeAt(start) === LF) start++;
    }
    const length = text.length;
    // The next CR and LF, each searched for again only once passed, so a chunk is scanned once.
    let cr = -2;
    let lf = -2;
    while (start < length) {
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) {
        this.#hold(text.slice(start));
        return;
      }
      if (this.#skipLine) {
        this.#skipLine = false;
      } else {
        const line = this.#line.length === 0 ? text.slice(start, end) : this.#line + text.slice(start, end);
        this.#line = '';
        this.#processLine(line);
      }
      if (text.charCodeAt(end) === CR) {
        if (end + 1 === length) {
          this.#afterCR = true;
          return;
        }
        start = text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
      } else {
        start = end + 1;
      }
    }
  }

  /** Keeps the unfinished tail of a line, within the limit. */
  #hold(tail: string): void {
    if (this.#skipLine) return;
    if (this.#discarding) {
      // A line with content is never the blank line that ends the discarded event.
      this.#skipLine = true;
      return;
    }
    if (this.#line.length + tail.length + this.#data.length > this.maxEventChars) {
      this.#overflow();
      this.#skipLine = true;
      return;
    }
    this.#line += tail;
  }

  #overflow(): void {
    this.#line = '';
    this.#resetEvent();
    this.#discarding = true;
    this.#handlers.onOversizedEvent?.(this.maxEventChars);
  }

  #processLine(line: string): void {
    if (line.length === 0) {
      if (this.#discarding) this.#discarding = false;
      else this.#dispatch();
      return;
    }
    if (this.#discarding) return;
    const colon = line.indexOf(':');
    if (colon === 0) {
      this.#handlers.onComment?.(line.slice(1));
      return;
    }
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.#field(field, value);
  }

  #field(field: string, value: string): void {
    switch (field) {
      case 'event':
        this.#type = value;
        return;
      case 'data':
        if (this.#data.length + value.length + 1 > this.maxEventChars) {
          this.#overflow();
          return;
        }
        this.#data = this.#hasData ? `${this.#data}\n${value}` : value;
        this.#hasData = true;
        return;
      case 'id':
        // An id holding NUL is ignored: it could not be sent back in a Last-Event-ID header.
        if (!value.includes('\0')) this.#idBuffer = value;
        return;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.#handlers.onRetry?.(Number(value));
        return;
      default:
        // Unknown fields are ignored, so the format can grow.
        return;
    }
  }

  #dispatch(): void {
    // The ID takes effect at the blank line, even for an event with no data to dispatch.
    this.#lastEventId = this.#idBuffer;
    const data = this.#data;
    const type = this.#type;
    this.#resetEvent();
    if (data.length === 0) return;
    this.#handlers.onEvent({ type: type || 'message', data, lastEventId: this.#lastEventId });
  }

  #resetEvent(): void {
    this.#data = '';
    this.#hasData = false;
    this.#type = '';
  }
}
