/**
 * Following one event stream the client reads from (a POST's answer, or the GET stream) to its
 * end, and resuming it with GET and `Last-Event-ID` while it still owes something. A request
 * the stream can no longer answer gets an error response, so none hangs. Both sides of the
 * Streamable HTTP client use it: the session's streams resume, a modern request's do not.
 * @module
 */
import { LocalErrorCode } from '../../jsonrpc/errors.js';
import type { RequestId } from '../../jsonrpc/message.js';
import { EventsLostError, HttpStatusError } from './http-error.js';
import { reconnectDelay, wait, type ReconnectOptions } from './reconnect.js';
import { discardBody, mediaType, readEventStream } from './response-body.js';

/** One event stream of ours and what it still owes. */
export interface StreamState {
  kind: 'post' | 'get';
  /** Our requests whose responses are expected on this stream. */
  awaiting: Set<RequestId>;
  /** The cursor to resume from; `''` when the server gave none. */
  lastEventId: string;
  /** The reconnection wait the server asked for. */
  retryMs: number | undefined;
  /** Events and ids seen: growth between attempts means the stream is alive. */
  progress: number;
  /** Stops reading it: the transport's close, or the cancellation of its modern request. */
  signal: AbortSignal;
  /** Whether a drop is resumed with GET; a modern request's stream is not (2026-07-28). */
  resumable: boolean;
}

/** What following a stream needs of the transport it belongs to. */
export interface StreamOwner {
  /** The MCP endpoint. */
  readonly url: string;
  readonly reconnect: ReconnectOptions;
  /**
   * GETs the stream again, from `state.lastEventId` when there is one: the response, an error
   * worth another attempt, or `stop` when it must not be resumed (the transport is closing, the
   * session is gone).
   */
  reopen(state: StreamState): Promise<Response | Error | 'stop'>;
  /** Hands up the message (or batch) of one event, deleting from `awaiting` the responses in it. */
  deliver(value: unknown, awaiting: Set<RequestId>): void;
  /** Hands up a message as it is: the error response of a request the stream cannot answer. */
  receive(message: unknown): void;
  /** A problem that ends nothing: an event dropped, a stream given up. */
  warn(error: Error): void;
}

/**
 * Reads a stream to its end, then reconnects with GET and `Last-Event-ID` while it still owes
 * something: a POST stream its responses, the GET stream always. Never rejects, but for a
 * callback of `owner` that throws.
 */
export async function followStream(
  owner: StreamOwner,
  state: StreamState,
  body?: ReadableStream<Uint8Array>,
): Promise<void> {
  const signal = state.signal;
  const url = owner.url;
  let attempt = 0;
  let failure: unknown;
  for (;;) {
    if (body === undefined) {
      const opened = await openGet(owner, state);
      if (opened === 'stop') return;
      if (opened instanceof Error) failure = opened;
      else body = opened;
    }
    if (body !== undefined) {
      const before = state.progress;
      try {
        await read(owner, body, state);
        failure = undefined;
      } catch (error) {
        failure = error;
      }
      body = undefined;
      if (state.progress > before) attempt = 0;
    }
    if (signal.aborted) return;
    if (state.kind === 'post' && state.awaiting.size === 0) return;
    if (state.kind === 'post' && !state.resumable) {
      return fail(owner, state, `the event stream answering POST ${url} ended before the response${describe(failure)}`);
    }
    if (state.kind === 'post' && state.lastEventId === '') {
      return fail(
        owner,
        state,
        `the event stream answering POST ${url} ended before the response, and gave no event id to resume from${describe(failure)}`,
      );
    }
    if (attempt >= owner.reconnect.maxRetries) {
      const reason = `gave up reconnecting the event stream of ${url} after ${attempt} attempts${describe(failure)}`;
      if (state.kind === 'post') fail(owner, state, reason);
      else owner.warn(new Error(reason, { cause: failure }));
      return;
    }
    if (!(await wait(reconnectDelay(owner.reconnect, attempt, state.retryMs), signal))) return;
    attempt++;
  }
}

/** GET for a stream: the body, an error worth another attempt, or `stop`. */
async function openGet(owner: StreamOwner, state: StreamState): Promise<ReadableStream<Uint8Array> | Error | 'stop'> {
  const response = await owner.reopen(state);
  if (response === 'stop' || response instanceof Error) return response;
  const url = owner.url;
  if (response.status === 405) {
    // The server offers no GET stream, so it cannot resume one either.
    await discardBody(response);
    if (state.kind === 'post')
      fail(
        owner,
        state,
        `the event stream answering POST ${url} dropped, and the server does not offer GET to resume it (405)`,
      );
    return 'stop';
  }
  if (response.status === 410 && state.lastEventId !== '')
    return eventsLost(owner, state, await HttpStatusError.from('GET', url, response));
  if (!response.ok) return HttpStatusError.from('GET', url, response);
  if (mediaType(response) !== 'text/event-stream' || !response.body) {
    await discardBody(response);
    return new Error(
      `GET ${url} answered ${response.status} with ${mediaType(response) || 'no content type'}, not an event stream`,
    );
  }
  return response.body;
}

/**
 * The server no longer holds all of the stream after `lastEventId` (410): going on would skip
 * messages silently. The app is told; a POST's stream fails its requests, the GET stream
 * starts anew from what the server sends next.
 */
function eventsLost(owner: StreamOwner, state: StreamState, refusal: HttpStatusError): 'stop' | Error {
  const error = new EventsLostError(owner.url, state.lastEventId, state.kind, refusal.message);
  owner.warn(error);
  if (state.kind === 'post') {
    fail(owner, state, error.message);
    return 'stop';
  }
  state.lastEventId = '';
  return error;
}

async function read(owner: StreamOwner, body: ReadableStream<Uint8Array>, state: StreamState): Promise<void> {
  await readEventStream(
    body,
    {
      onEvent: (event) => {
        state.progress++;
        if (event.type === 'message') deliverEvent(owner, event.data, state);
      },
      onRetry: (ms) => (state.retryMs = ms),
      onOversizedEvent: (limit) =>
        owner.warn(new Error(`Dropped an event of more than ${limit} characters from ${owner.url}`)),
    },
    {
      lastEventId: state.lastEventId,
      signal: state.signal,
      onLastEventId: (id) => {
        if (id === state.lastEventId) return;
        state.lastEventId = id;
        state.progress++;
      },
    },
  );
}

function deliverEvent(owner: StreamOwner, data: string, state: StreamState): void {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    owner.warn(new Error(`Ignored an event from ${owner.url} that is not JSON: ${(error as Error).message}`));
    return;
  }
  owner.deliver(value, state.awaiting);
}

/** Fails the requests a stream still owes, with an error response each, so none hangs. */
function fail(owner: StreamOwner, state: StreamState, reason: string): void {
  const message = `Connection lost: ${reason}`;
  for (const id of state.awaiting) {
    owner.receive({ jsonrpc: '2.0', id, error: { code: LocalErrorCode.ConnectionClosed, message } });
  }
  state.awaiting.clear();
}

function describe(failure: unknown): string {
  return failure === undefined ? '' : `: ${failure instanceof Error ? failure.message : String(failure)}`;
}
