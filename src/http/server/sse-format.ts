/**
 * Writing `text/event-stream` frames: events and comments, framed so that any conforming
 * parser reads back exactly what was given. The serving side's: the Streamable HTTP streams
 * (`sse-stream.ts`) and the HTTP+SSE transport (`legacy-sse/`) write with it. Runtime-neutral.
 * @module
 */

/** An event to write. */
export interface SseEventFields {
  /** Becomes the client's last event ID. Must not hold CR, LF or NUL. */
  id?: string;
  /** The event type; omitted means `message`. Must not hold CR or LF. */
  event?: string;
  /**
   * The payload. Split on CR, LF and CRLF into one `data:` line each, so the reader joins the
   * lines back with LF. An empty string still writes one `data:` line (a priming event).
   */
  data?: string;
  /** Asks the client to wait this many milliseconds before reconnecting: a non-negative integer. */
  retry?: number;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** The frame for one event, ending with the blank line that dispatches it. */
export function formatSseEvent(fields: SseEventFields): string {
  let frame = '';
  if (fields.id !== undefined) {
    if (/[\r\n\0]/.test(fields.id)) throw new TypeError('An SSE event id must not contain CR, LF or NUL');
    frame += `id: ${fields.id}\n`;
  }
  if (fields.event !== undefined) {
    if (/[\r\n]/.test(fields.event)) throw new TypeError('An SSE event type must not contain CR or LF');
    frame += `event: ${fields.event}\n`;
  }
  if (fields.retry !== undefined) {
    if (!Number.isSafeInteger(fields.retry) || fields.retry < 0) {
      throw new RangeError(`An SSE retry must be a non-negative integer, got ${fields.retry}`);
    }
    frame += `retry: ${fields.retry}\n`;
  }
  if (fields.data !== undefined) {
    // A single space after the colon is stripped by readers, so it never eats a leading space of the data.
    for (const line of fields.data.split(LINE_BREAK)) frame += `data: ${line}\n`;
  }
  return `${frame}\n`;
}

/**
 * A comment frame (`: text`): ignored by readers, which makes it a keep-alive. Every line of
 * `text` becomes its own comment line.
 */
export function formatSseComment(text = ''): string {
  let frame = '';
  for (const line of text.split(LINE_BREAK)) frame += line.length === 0 ? ':\n' : `: ${line}\n`;
  return `${frame}\n`;
}
