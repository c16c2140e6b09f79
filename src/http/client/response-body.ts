/**
 * Reading the bodies of fetch responses: media types, event streams, and the start of an
 * error body without reading a large one whole.
 * @module
 */
import { SseParser, type SseParserHandlers } from '../sse-parser.js';

/** The most bytes of an error body kept for a message. */
const SNIPPET_BYTES = 1024;

/** The media type of a response, lower case, without parameters (`text/event-stream`). */
export function mediaType(response: Response): string {
  const header = response.headers.get('content-type') ?? '';
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

/** Releases a body nobody will read, so its connection can be reused. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

/** The first KiB or so of a body, as text; the rest is discarded. Never rejects. */
export async function readSnippet(response: Response): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < SNIPPET_BYTES) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      bytes += value.length;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel().catch(() => {});
    return text.length > SNIPPET_BYTES ? `${text.slice(0, SNIPPET_BYTES)}…` : `${text}…`;
  } catch {
    return text;
  }
}

/** Options of {@link readEventStream}. */
export interface ReadEventStreamOptions {
  /** The last event ID before this body, when it resumes an earlier stream. */
  lastEventId?: string;
  /** Stops reading (quietly) when aborted. */
  signal?: AbortSignal;
  /** Called after each chunk with the stream's last event ID (`''` when none). */
  onLastEventId?(id: string): void;
}

/**
 * Reads an event-stream body to its end, calling `handlers` for what it holds. Resolves when
 * the server ends the body (or `signal` aborts); rejects when the connection fails mid-body.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, handlers: SseParserHandlers, options: ReadEventStreamOptions = {}): Promise<void> {
  const parser = new SseParser(handlers, options.lastEventId === undefined ? {} : { lastEventId: options.lastEventId });
  const reader = body.getReader();
  const signal = options.signal;
  // Cancelling also covers a fetch that ignores its abort signal.
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
      options.onLastEventId?.(parser.lastEventId);
    }
    parser.end();
    options.onLastEventId?.(parser.lastEventId);
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
