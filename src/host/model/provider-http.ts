/**
 * The HTTP side both providers share: a {@link Model} that POSTs a JSON request asking for a
 * stream, turns a refusal into a {@link ModelError} carrying the provider's own message, then
 * reads the event stream event by event, honouring the caller's abort signal and a silence
 * timeout, and hands each event to the provider's decoder.
 * @module
 */
import { SseParser, type FetchLike, type SseEvent } from 'mcpkit/http';
import { ModelError, type Model, type ModelEvent, type ModelRequest } from './model.js';
import { providerMessage, quote } from './provider-json.js';
import { secretsOf, type ProviderOptions } from './provider-options.js';

/** What a provider's stream decoder does with the events of one answer. */
export interface StreamDecoder {
  /**
   * The events one SSE event yields; throws a {@link ModelError} when it is malformed. Once they
   * hold the `done` event the answer is complete: reading stops (the rest of the body is discarded).
   */
  accept(event: SseEvent): ModelEvent[];
  /** The body ended: the last events, or a {@link ModelError} when the answer was cut short. */
  end(): ModelEvent[];
}

/** What a provider makes of one request: the body to POST, and the decoder of its answer. */
export interface ProviderCall {
  body: unknown;
  decoder: StreamDecoder;
}

/**
 * The model of `provider` at `url`: each request POSTed with the provider's `headers` (those of
 * the options set over them), as `call` makes it for the model asked for. Its `stream` rejects
 * with a `ModelError` when the provider refuses or fails, and with the signal's reason when the
 * request's signal aborts.
 */
export function providerModel(
  provider: string,
  options: ProviderOptions,
  endpoint: { url: URL; headers: Record<string, string> },
  call: (request: ModelRequest, model: string) => ProviderCall,
): Model {
  const { url, headers } = endpoint;
  const secrets = secretsOf(options.apiKey, options.headers);
  return {
    provider,
    model: options.model,
    stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const { body, decoder } = call(request, request.model ?? options.model);
      return streamPost({ provider, url, headers, body, secrets, signal: request.signal, options }, decoder);
    },
  };
}

/** One streaming request of a provider. */
export interface StreamingPost {
  /** `openai`, `anthropic`: the start of every error message. */
  provider: string;
  url: URL;
  /** The provider's own headers; those of the options are set over them. */
  headers: Record<string, string>;
  body: unknown;
  /** Strings never to show in an error message (the API key, secret headers). */
  secrets: string[];
  signal: AbortSignal | undefined;
  options: ProviderOptions;
}

/** The most bytes of an error body read for its message. */
const ERROR_BODY_BYTES = 64 * 1024;

/**
 * POSTs `post` and yields what `decoder` makes of the event stream it answers with. Rejects with
 * a {@link ModelError} when the provider refuses, cannot be reached or sends a broken stream, and
 * with the signal's reason (an `AbortError` unless the caller gave one) when the signal aborts.
 */
async function* streamPost(post: StreamingPost, decoder: StreamDecoder): AsyncGenerator<ModelEvent, void> {
  const { signal, options, provider } = post;
  signal?.throwIfAborted();
  const where = `${post.url.origin}${post.url.pathname}`;
  const silence = new Silence(options.timeoutMs, signal, `${provider} (${where})`);
  try {
    let response: Response;
    try {
      const answer = (options.fetch ?? globalFetch)(post.url.href, {
        method: 'POST',
        headers: requestHeaders(post.headers, options.headers),
        body: JSON.stringify(post.body),
        signal: silence.signal,
      });
      response = await untilAborted(answer, silence.signal);
    } catch (error) {
      throw silence.failure(error) ?? reachFailure(provider, where, error, post.secrets);
    }
    silence.touch();
    if (!response.ok) {
      const failure = await statusFailure(provider, where, response, post.secrets, silence.signal);
      throw silence.failure(undefined) ?? failure;
    }
    const type = mediaType(response);
    if (type !== 'text/event-stream' && type !== '') {
      const said = providerMessage(await readStart(response, silence.signal));
      throw (
        silence.failure(undefined) ??
        new ModelError(
          redact(
            `${provider} (${where}) answered ${type} instead of an event stream` +
              (said ? `: ${said.message}` : `; does the endpoint support "stream": true?`),
            post.secrets,
          ),
          { status: response.status, ...(said?.code !== undefined && { code: said.code }) },
        )
      );
    }
    if (!response.body) throw new ModelError(`${provider} (${where}) answered without a body`);
    yield* readEvents(response.body, decoder, silence, `${provider} (${where})`);
  } finally {
    silence.stop();
  }
}

/**
 * `answer`, or a rejection as soon as `signal` aborts, for a fetch that ignores its signal (an
 * answer that comes later is released).
 */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      void answer.then(
        (late) => late.body?.cancel().catch(() => {}),
        () => {},
      );
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (response) => {
        signal.removeEventListener('abort', onAbort);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The provider's headers, the caller's set over them (names compared without case), and the body's type. */
function requestHeaders(own: Record<string, string>, callers: Record<string, string> | undefined): Headers {
  const headers = new Headers(own);
  for (const [name, value] of Object.entries(callers ?? {})) headers.set(name, value);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'text/event-stream');
  return headers;
}

/** The global fetch, looked up when called so it can be replaced later. */
const globalFetch: FetchLike = (url, init) => fetch(url, init);

/** Reads the stream to its end (or until the decoder has the whole answer). */
async function* readEvents(
  body: ReadableStream<Uint8Array>,
  decoder: StreamDecoder,
  silence: Silence,
  /** Who sends the stream, for messages. */
  label: string,
): AsyncGenerator<ModelEvent, void> {
  const reader = body.getReader();
  let pending: SseEvent[] = [];
  let oversized: number | undefined;
  const parser = new SseParser({
    onEvent: (event) => void pending.push(event),
    onOversizedEvent: (limit) => void (oversized ??= limit),
  });
  // A fetch that ignores its signal still stops: cancelling the reader ends the pending read.
  const cancel = () => void reader.cancel().catch(() => {});
  silence.signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw (
          silence.failure(error) ??
          new ModelError(`${label} broke off its stream: ${messageOf(error)}`, { cause: error })
        );
      }
      const failure = silence.failure(undefined);
      if (failure) throw failure;
      silence.touch();
      if (chunk.done) parser.end();
      else parser.push(chunk.value);
      if (oversized !== undefined)
        throw new ModelError(`${label} sent a stream event larger than ${oversized} characters`);
      const events = pending;
      pending = [];
      for (const event of events) {
        const answer = decoder.accept(event);
        yield* answer;
        if (answer.some((e) => e.type === 'done')) return;
      }
      if (chunk.done) {
        yield* decoder.end();
        return;
      }
    }
  } finally {
    silence.signal.removeEventListener('abort', cancel);
    // The consumer stopped early, or the answer is complete: release the connection.
    await reader.cancel().catch(() => {});
  }
}

/**
 * The caller's signal and the silence timeout, as one signal for fetch; tells which of them
 * ended the request.
 */
class Silence {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number | undefined;
  readonly #caller: AbortSignal | undefined;
  readonly #label: string;
  readonly #onAbort = () => this.#controller.abort(this.#caller?.reason);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  /** `label`: who fell silent, for the message. */
  constructor(timeoutMs: number | undefined, caller: AbortSignal | undefined, label: string) {
    this.#timeoutMs = timeoutMs;
    this.#caller = caller;
    this.#label = label;
    caller?.addEventListener('abort', this.#onAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Something arrived: the silence starts again. */
  touch(): void {
    if (this.#timeoutMs === undefined || this.#controller.signal.aborted) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort();
    }, this.#timeoutMs);
  }

  /** The error to throw when the caller aborted or the provider fell silent, else undefined. */
  failure(cause: unknown): unknown {
    if (this.#caller?.aborted) return this.#caller.reason;
    if (this.#timedOut)
      return new ModelError(`${this.#label} sent nothing for ${this.#timeoutMs} ms (timeoutMs)`, { cause });
    return undefined;
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this.#onAbort);
  }
}

function reachFailure(provider: string, where: string, error: unknown, secrets: string[]): ModelError {
  // fetch's own message is vague ("fetch failed"); its cause says what happened.
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new ModelError(redact(`${provider} (${where}) could not be reached: ${messageOf(error)}${cause}`, secrets), {
    cause: error,
  });
}

async function statusFailure(
  provider: string,
  where: string,
  response: Response,
  secrets: string[],
  signal: AbortSignal,
): Promise<ModelError> {
  const text = await readStart(response, signal);
  const said = providerMessage(text);
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const detail = said ? said.message : text.trim() ? quote(text) : 'no details';
  return new ModelError(redact(`${provider} (${where}) answered ${status}: ${detail}`, secrets), {
    status: response.status,
    ...(said?.code !== undefined && { code: said.code }),
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `message` with every secret replaced, so no key reaches a log through an echoing server. */
function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The first {@link ERROR_BODY_BYTES} of a body, as text; the rest is discarded. Never rejects;
 * stops when `signal` aborts.
 */
async function readStart(response: Response, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  try {
    while (bytes < ERROR_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
    }
  } catch {
    // What was read is all there is.
  } finally {
    signal.removeEventListener('abort', cancel);
    await reader.cancel().catch(() => {});
  }
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}
