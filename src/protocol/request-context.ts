/**
 * What a handler sees of the request it serves: its cancellation signal, metadata, progress
 * reporting, and the session it came on. Written so handler code never depends on the revision.
 * @module
 */
import type { CancelSource } from '../jsonrpc/connection.js';
import type { RequestId } from '../jsonrpc/message.js';
import { isObject } from '../jsonrpc/message.js';
import type { Session } from './session.js';
import type { RequestEnvelope } from './modern.js';

/**
 * The library's own access to a context, given out by the class below (only its body can reach
 * `#` members): the session calls `requestContextAccess.abortRequest(ctx, reason)` and the like.
 * Not part of the published API.
 * @internal
 */
export interface RequestContextAccess {
  /** Marks the request cancelled (no response will be sent) and aborts its signal. */
  abortRequest: (ctx: RequestContext, reason: unknown) => void;
  /** Whether the peer cancelled the request or the session ended. */
  isCancelled: (ctx: RequestContext) => boolean;
  /** For a modern request: the caller's version, identity, capabilities and log level. */
  envelopeOf: (ctx: RequestContext) => RequestEnvelope | undefined;
}

/** @internal */
export const requestContextAccess: RequestContextAccess = {} as RequestContextAccess;

/** The reason a request's signal aborts when the peer cancels it. */
export class RequestCancelledError extends Error {
  /** @param reason The reason the peer gave, if any. */
  constructor(readonly reason: string | undefined) {
    super(reason ? `Request cancelled by the peer: ${reason}` : 'Request cancelled by the peer');
    this.name = 'RequestCancelledError';
  }
}

/**
 * Ends one of this side's own requests that the peer cancelled (a server tearing down a
 * subscription stream): unlike other aborts, it sends no `notifications/cancelled` back.
 */
export class CancelledByPeerError extends RequestCancelledError {
  constructor(reason: string | undefined) {
    super(reason);
    this.name = 'CancelledByPeerError';
  }
}

export class RequestContext implements CancelSource {
  /** The session the request came in on. */
  readonly session: Session;
  /** The request's JSON-RPC id. */
  readonly requestId: RequestId;
  /** The request's method (`tools/call`). */
  readonly method: string;
  /** The protocol revision this request is served under. */
  readonly protocolVersion: string;
  /** The request's params, as received (already checked against the revision's shape). */
  readonly params: Record<string, unknown>;
  readonly #envelope: RequestEnvelope | undefined;
  /** Set once the peer cancelled the request or the session ended: no response will be sent. */
  #cancelled = false;
  #abortReason: unknown;
  #controller: AbortController | undefined;
  #cancelListeners: ((reason: unknown) => void)[] | undefined;
  #lastProgress = -Infinity;

  constructor(
    session: Session,
    requestId: RequestId,
    method: string,
    params: Record<string, unknown>,
    protocolVersion: string,
    envelope?: RequestEnvelope,
  ) {
    this.session = session;
    this.requestId = requestId;
    this.method = method;
    this.params = params;
    this.protocolVersion = protocolVersion;
    this.#envelope = envelope;
  }

  static {
    requestContextAccess.abortRequest = (ctx, reason) => {
      if (ctx.#cancelled) return;
      ctx.#cancelled = true;
      ctx.#abortReason = reason;
      ctx.#controller?.abort(reason);
      const listeners = ctx.#cancelListeners;
      ctx.#cancelListeners = undefined;
      if (listeners)
        for (const listener of listeners) {
          try {
            listener(reason);
          } catch {
            // A listener's failure is its own: the others still hear, and the session goes on.
          }
        }
    };
    requestContextAccess.isCancelled = (ctx) => ctx.#cancelled;
    requestContextAccess.envelopeOf = (ctx) => ctx.#envelope;
  }

  /** Aborts when the peer cancels the request or the session ends. Created on first use. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#cancelled) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  /**
   * Calls `listener` once when the peer cancels the request or the session ends, as `signal`
   * aborts, without making a signal: for code that only passes cancellation on (pass the context
   * as a request's `cancelWith`). Returns what stops listening.
   */
  onCancel(listener: (reason: unknown) => void): () => void {
    if (this.#cancelled) {
      let listening = true;
      const reason = this.#abortReason;
      queueMicrotask(() => listening && listener(reason));
      return () => (listening = false);
    }
    const listeners = (this.#cancelListeners ??= []);
    listeners.push(listener);
    return () => {
      const at = listeners.indexOf(listener);
      if (at !== -1) listeners.splice(at, 1);
    };
  }

  /** The request's `_meta`, if it carried one. */
  get meta(): Record<string, unknown> | undefined {
    const meta = this.params._meta;
    return isObject(meta) ? meta : undefined;
  }

  /** The progress token the peer attached, if any. */
  get progressToken(): string | number | undefined {
    const token = this.meta?.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
  }

  /**
   * Reports progress to the peer. Sent only when the request carried a progress token;
   * each value must be greater than the one before.
   */
  async progress(progress: number, total?: number, message?: string): Promise<void> {
    if (!(progress > this.#lastProgress)) {
      throw new RangeError(`progress must increase: ${progress} after ${this.#lastProgress}`);
    }
    this.#lastProgress = progress;
    const token = this.progressToken;
    if (token === undefined || this.#cancelled) return;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && this.protocolVersion >= '2025-03-26') params.message = message;
    await this.session.notify('notifications/progress', params, { relatedRequestId: this.requestId });
  }
}
