/**
 * One POST that carried requests, waiting for its answer. It answers with one JSON body, unless
 * something about its requests has to reach the client first (progress, a log message, a
 * request to the client): then it turns into an SSE stream that ends with the answer.
 * @module
 */
import { isObject, type JsonRpcMessage, type RequestId } from '../../jsonrpc/message.js';
import type { HttpResponseSink } from './exchange.js';
import type { StoredMessage } from './event-store.js';
import { JSON_HEADERS, SSE_HEADERS, sessionNotFound } from './replies.js';

/** The stream a POST is answered on: what is sent about its requests, then the answer. */
export interface AnswerStream {
  /** Sends `message`, whose text (`serialize(message)`) the caller wrote before deciding to send it. */
  emit(message: StoredMessage, text: string): void;
  /** Sends the answer, whose text the caller wrote, as the stream's last event: the stream is over. */
  finish(answer: StoredMessage, text: string): void;
  /** Ends the stream without an answer: the requests were cancelled. */
  end(): void;
  /** Ends the stream before the answer: the session (or this process's copy of it) closed. */
  abandon(): void;
}

/** The requests a POST's answer stream answers. */
export interface AnsweredRequests {
  readonly ids: readonly RequestId[];
  readonly batch: boolean;
}

/** Starts an answer stream on `sink` for `answers`, or returns `undefined` when the session is closed. */
export type AnswerStreamOpener = (
  sink: HttpResponseSink,
  headers: Readonly<Record<string, string>>,
  answers: AnsweredRequests,
) => AnswerStream | undefined;

/** How an exchange opens an answer stream: the session's, shared by all its exchanges. */
export interface AnswerStreams {
  openAnswerStream: AnswerStreamOpener;
  /** Answer with a stream even when nothing comes before the answer (`responseMode: 'sse'`). */
  readonly preferStream: boolean;
}

/** What a {@link PostExchange} needs to know. */
export interface PostExchangeOptions {
  /** Ids of the answers this POST waits for. */
  ids: readonly RequestId[];
  batch: boolean;
  sink: HttpResponseSink;
  /** Headers to add to the answer, decided when it is known (the session id of `initialize`). */
  answerHeaders?: (answer: StoredMessage) => Readonly<Record<string, string>>;
  /** The status of an answer sent as JSON, when not the default (200, or 400 for a refusal). */
  answerStatus?: (answer: StoredMessage) => number | undefined;
  /** Called once when the exchange is over: answered, cancelled, abandoned, or the client left. */
  onDone?: () => void;
}

const SETTLED: Promise<void> = Promise.resolve();

/**
 * A POST waiting for the answers to its requests. Most are answered before the handler that
 * delivered them returns, so nothing here allocates a promise unless someone waits.
 */
export class PostExchange implements AnsweredRequests {
  readonly ids: readonly RequestId[];
  readonly batch: boolean;
  readonly #options: PostExchangeOptions;
  readonly #streams: AnswerStreams;
  #stream: AnswerStream | undefined;
  #finished = false;
  #clientGone = false;
  #over = false;
  #cancelled: Set<RequestId> | undefined;
  #settled = false;
  #settledPromise: Promise<void> | undefined;
  #resolveSettled: (() => void) | undefined;

  constructor(options: PostExchangeOptions, streams: AnswerStreams) {
    this.ids = options.ids;
    this.batch = options.batch;
    this.#options = options;
    this.#streams = streams;
  }

  /** Settles once the response has started, or the client went away. */
  get settled(): Promise<void> {
    if (this.#settled) return SETTLED;
    return (this.#settledPromise ??= new Promise((resolve) => (this.#resolveSettled = resolve)));
  }

  /** Whether the answer was given (or the exchange ended without one). */
  get finished(): boolean {
    return this.#finished;
  }

  /** The client disconnected. The requests go on: the spec does not read this as cancellation. */
  clientGone(): void {
    this.#clientGone = true;
    this.#settle();
    this.#done();
  }

  #settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolveSettled?.();
  }

  #done(): void {
    if (this.#over) return;
    this.#over = true;
    this.#options.onDone?.();
  }

  /** Opens the answer stream now, before anything is sent on it (`responseMode: 'sse'`). */
  startStream(): void {
    if (!this.#stream && !this.#clientGone && !this.#finished) this.#open(SSE_HEADERS);
  }

  /**
   * Sends a message about this POST's requests ahead of the answer, on the answer stream
   * (`text` is the message written). False when it cannot go there (the exchange is over, the
   * client left before a stream was opened, or the session closed): the caller then sends it
   * another way.
   */
  sendRelated(message: JsonRpcMessage, text: string): boolean {
    if (this.#finished) return false;
    if (!this.#stream && (this.#clientGone || !this.#open(SSE_HEADERS))) return false;
    this.#stream?.emit(message, text);
    return this.#stream !== undefined;
  }

  /**
   * Delivers the answer (`text` is the answer written): the response, or the batch of
   * responses, and ends the exchange.
   */
  answer(answer: StoredMessage, text: string): void {
    if (this.#finished) return;
    this.#finished = true;
    const options = this.#options;
    const headers = options.answerHeaders?.(answer);
    const status = options.answerStatus?.(answer) ?? (isRefusal(answer) ? 400 : 200);
    // An answer with a status of its own goes as JSON, where the status can be seen.
    if (!this.#stream && !this.#clientGone && this.#streams.preferStream && status === 200) {
      this.#open(headers ? { ...SSE_HEADERS, ...headers } : SSE_HEADERS);
    }
    if (this.#stream) {
      this.#stream.finish(answer, text);
    } else if (!this.#clientGone) {
      // Input refused as a whole (a batch where none is allowed) is the client's error: 400 tells
      // it so, where a 200 would leave it waiting for an answer it cannot match to a request.
      options.sink.send(status, headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS, text);
      this.#settle();
    }
    this.#done();
  }

  /**
   * The client cancelled one of the requests: it will get no answer. Once all are cancelled the
   * exchange ends with an empty event stream. Returns whether the exchange is over.
   */
  cancel(id: RequestId): boolean {
    if (this.#finished || !this.ids.includes(id)) return this.#finished;
    const cancelled = (this.#cancelled ??= new Set());
    cancelled.add(id);
    if (this.ids.some((pending) => !cancelled.has(pending))) return false;
    this.#finished = true;
    if (this.#stream) this.#stream.end();
    else if (!this.#clientGone) this.#options.sink.stream(200, SSE_HEADERS).close();
    this.#settle();
    this.#done();
    return true;
  }

  /** The session ended before the answer: close the stream, or tell the client its session is gone. */
  abandon(): void {
    if (this.#finished) return;
    this.#finished = true;
    if (this.#stream) this.#stream.abandon();
    else if (!this.#clientGone) sessionNotFound(this.#options.sink);
    this.#settle();
    this.#done();
  }

  #open(headers: Readonly<Record<string, string>>): boolean {
    this.#stream = this.#streams.openAnswerStream(this.#options.sink, headers, this);
    if (this.#stream) this.#settle();
    return this.#stream !== undefined;
  }
}

/** A lone error response without an id: the connection refused the input as a whole. */
function isRefusal(answer: StoredMessage): boolean {
  return !Array.isArray(answer) && isObject(answer) && 'error' in answer && answer.id === null;
}
