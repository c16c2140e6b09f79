/**
 * The client's requests of the modern revision (2026-07-28) over Streamable HTTP: each is a
 * POST of its own, with no session, carrying the revision's headers; its answer, refusals
 * included, comes back on its own response, and closing that response cancels it. The tools'
 * `x-mcp-header` annotations are learned from the `tools/list` results passing through.
 * @module
 */
import { serialize } from '../../jsonrpc/codec.js';
import {
  isObject,
  isRequestId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
} from '../../jsonrpc/message.js';
import { McpErrorCode } from '../../protocol/errors.js';
import { buildHeaders, fetchFailure, POST_ACCEPT, type HeadersOption } from './fetch-options.js';
import { HttpStatusError } from './http-error.js';
import { resultOf } from './response-body.js';
import { ToolHeaderBook } from './modern-headers.js';
import { readModernAnswer, type ModernAnswer } from './modern-post.js';
import type { StreamState } from './stream-follower.js';

/** What the lane needs of the transport it sends through. */
export interface ModernLaneHost {
  /** The MCP endpoint. */
  readonly url: string;
  /** POSTs request `id` of revision `version` to the endpoint, authorized. */
  post(init: RequestInit, version: string, id: RequestId): Promise<Response>;
  /** The caller's own headers, sent with every request. */
  readonly headers: HeadersOption | undefined;
  /** Aborts when the transport closes. */
  readonly signal: AbortSignal;
  /** Whether the transport is closing. */
  isClosing(): boolean;
  /** Hands a message up as it is: a refusal's error response. */
  receive(message: unknown): void;
  /** A problem that ends nothing: a tool dropped from a list. */
  warn(error: Error): void;
  /** Reads a JSON answer and hands it up; rejects when it holds no response to `requestIds`. */
  receiveJson(response: Response, requestIds: RequestId[]): Promise<void>;
  /** Follows an answer stream to its end, failing what it still owes then; `then` runs after. */
  follow(state: StreamState, body: ReadableStream<Uint8Array>, then: () => void): void;
}

/** The modern requests of one transport, and what it learned of the server's tools. */
export class ModernLane {
  readonly #host: ModernLaneHost;
  /** Requests awaiting their answer; aborting one closes its response (cancels it). */
  readonly #calls = new Map<RequestId, AbortController>();
  /** `tools/list` requests awaiting their answer: the tools' annotations are learned from it. */
  readonly #toolLists = new Set<RequestId>();
  readonly #tools = new ToolHeaderBook();
  #relists = 0;
  /**
   * Every request whose POST or answer stream is still open, to abort when the transport
   * closes: one listener on the transport's signal for all of them, since a listener each would
   * make Node warn of a leak past ten requests in flight.
   */
  readonly #open = new Set<AbortController>();

  constructor(host: ModernLaneHost) {
    this.#host = host;
    host.signal.addEventListener(
      'abort',
      () => {
        for (const controller of this.#open) controller.abort();
        this.#open.clear();
      },
      { once: true },
    );
  }

  /**
   * POSTs a request with its revision's headers. Resolves once its JSON answer is delivered or
   * its event stream has begun. A refusal with a JSON-RPC error in its body is the request's
   * answer. A tool call refused for its `Mcp-Param-*` headers is retried once after listing
   * the tools again, as the spec suggests: the tool may have changed.
   */
  async send(request: JsonRpcRequest, version: string): Promise<void> {
    const host = this.#host;
    const id = request.id;
    const controller = new AbortController();
    if (host.signal.aborted) controller.abort();
    else this.#open.add(controller);
    this.#calls.set(id, controller);
    if (request.method === 'tools/list') this.#toolLists.add(id);
    const done = () => {
      this.#calls.delete(id);
      this.#toolLists.delete(id);
      this.#open.delete(controller);
    };
    let answer: ModernAnswer;
    try {
      answer = await this.#post(request, version, controller.signal);
      // Relisting is a best effort: when it fails, the refusal stands as the answer.
      const relisted =
        answer.kind === 'error' &&
        answer.error.code === McpErrorCode.HeaderMismatch &&
        (await this.#relistTool(request, version, controller.signal).catch(() => false));
      if (relisted) {
        answer = await this.#post(request, version, controller.signal);
      }
    } catch (error) {
      done();
      // Cancelled by the caller: the request is settled already, nothing more to say.
      if (controller.signal.aborted && !host.isClosing()) return;
      throw error instanceof HttpStatusError ? error : fetchFailure('POST', host.url, error, host.isClosing());
    }
    if (answer.kind === 'error') {
      done();
      host.receive({ jsonrpc: '2.0', id, error: answer.error });
      return;
    }
    if (answer.kind === 'json') {
      try {
        await host.receiveJson(answer.response, [id]);
      } finally {
        done();
      }
      return;
    }
    // A stream of the modern revision cannot be resumed: if it drops, the request fails.
    const state: StreamState = {
      kind: 'post',
      awaiting: new Set([id]),
      lastEventId: '',
      retryMs: undefined,
      progress: 0,
      signal: controller.signal,
      resumable: false,
    };
    host.follow(state, answer.body, done);
  }

  /**
   * A `notifications/cancelled` for a request of the lane in flight: closing its response is the
   * cancellation in that revision, and nothing is sent. False for anything else.
   */
  cancel(message: JsonRpcMessage | JsonRpcMessage[]): boolean {
    if (
      Array.isArray(message) ||
      !('method' in message) ||
      message.method !== 'notifications/cancelled' ||
      'id' in message
    )
      return false;
    const requestId = message.params?.requestId;
    const controller = isRequestId(requestId) ? this.#calls.get(requestId) : undefined;
    if (!controller || !isRequestId(requestId)) return false;
    this.#calls.delete(requestId);
    controller.abort();
    return true;
  }

  /**
   * A response on its way up: the request it answers is no longer in flight, and the tools a
   * `tools/list` result lists are learned (those with invalid annotations taken out).
   */
  answered(id: RequestId, response: Record<string, unknown>): Record<string, unknown> {
    this.#calls.delete(id);
    if (!this.#toolLists.delete(id) || !isObject(response.result)) return response;
    return { ...response, result: this.#tools.learn(response.result, (warning) => this.#host.warn(warning)) };
  }

  async #post(request: JsonRpcRequest, version: string, signal: AbortSignal): Promise<ModernAnswer> {
    const host = this.#host;
    const headers = await buildHeaders(host.headers, {
      ...this.#tools.headersFor(request, version),
      accept: POST_ACCEPT,
      'content-type': 'application/json',
    });
    const response = await host.post({ headers, body: serialize(request), signal }, version, request.id);
    return readModernAnswer(host.url, response);
  }

  /**
   * Lists the tools again (every page) after a tool call was refused for its headers; true when
   * the tool is listed, so the call can be retried with the headers it asks for now.
   */
  async #relistTool(request: JsonRpcRequest, version: string, signal: AbortSignal): Promise<boolean> {
    const name = request.params?.name;
    if (request.method !== 'tools/call' || typeof name !== 'string') return false;
    const meta = request.params?._meta;
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const id = `mcpkit-tools-relist-${++this.#relists}`;
      const params: Record<string, unknown> = {
        ...(cursor !== undefined && { cursor }),
        ...(isObject(meta) && { _meta: meta }),
      };
      const answer = await this.#post({ jsonrpc: '2.0', id, method: 'tools/list', params }, version, signal);
      if (answer.kind === 'error') return false;
      const result = await resultOf(answer.response, id, signal);
      if (!result) return false;
      this.#tools.learn(result, (warning) => this.#host.warn(warning));
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    return this.#tools.knows(name);
  }
}
