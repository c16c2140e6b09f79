/**
 * Reading the bodies of fetch responses: media types, event streams, and the start of an
 * error body without reading a large one whole.
 * @module
 */
import { readBodyStart } from '../../internal/body-start.js';
import { isObject } from '../../jsonrpc/message.js';
import { SseParser, type SseParserHandlers } from './sse-parser.js';

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

/** The first KiB (or `limit` bytes) or so of a body, as text; the rest is discarded. Never rejects. */
export async function readSnippet(response: Response, limit = SNIPPET_BYTES): Promise<string> {
  const { text, complete, error } = await readBodyStart(response, limit);
  if (complete || error !== undefined) return text;
  return text.length > limit ? `${text.slice(0, limit)}…` : `${text}…`;
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
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  handlers: SseParserHandlers,
  options: ReadEventStreamOptions = {},
): Promise<void> {
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

/** The result of response `id` in a JSON or event-stream answer. */
export async function resultOf(
  response: Response,
  id: string | number,
  signal: AbortSignal,
): Promise<Record<string, unknown> | undefined> {
  const pick = (value: unknown) =>
    isObject(value) && value.id === id && isObject(value.result) ? value.result : undefined;
  if (mediaType(response) === 'application/json') {
    try {
      return pick(JSON.parse(await response.text()));
    } catch {
      return undefined;
    }
  }
  if (mediaType(response) !== 'text/event-stream' || !response.body) return (await discardBody(response), undefined);
  let found: Record<string, unknown> | undefined;
  const done = new AbortController();
  signal.addEventListener('abort', () => done.abort(), { once: true });
  await readEventStream(
    response.body,
    {
      onEvent: (event) => {
        try {
          found ??= pick(JSON.parse(event.data));
        } catch {
          return;
        }
        if (found) done.abort();
      },
    },
    { signal: done.signal },
  );
  return found;
}
