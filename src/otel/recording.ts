/**
 * One operation being recorded: its span (when tracing is on), its start time for the
 * duration histogram (when metrics are on), and the context its work runs in.
 * @module
 */
import type { Context, Histogram, Span } from '@opentelemetry/api';
import type { Api } from './api.js';
import type { Operation, Recording } from '../protocol/telemetry.js';
import { failureOf, requestIdOf, sessionIdAttribute, type Attributes } from './attributes.js';

/** What an operation's recording is made of. */
export interface RecordingParts {
  /** OpenTelemetry's API, loaded. */
  api: Api;
  operation: Operation;
  /** Absent while no tracer is there. */
  span: Span | undefined;
  /** What the work runs in: the span's context, so spans made by the work are its children. */
  runIn: Context;
  /** Absent while no meter is there. */
  duration: Histogram | undefined;
  /** The span's and the duration's attributes: what a metric may carry. */
  attributes: Attributes;
  /** Whether this side handles the operation (a SERVER span) rather than sends it. */
  inbound: boolean;
  /** The params to send: trace context in `_meta`. */
  params: Record<string, unknown> | undefined;
  /** Record a tool call's result on the span (`gen_ai.tool.call.result`). */
  toolResult: boolean;
}

export class OperationRecording implements Recording {
  readonly params: Record<string, unknown> | undefined;
  readonly #parts: RecordingParts;
  readonly #start = performance.now();

  constructor(parts: RecordingParts) {
    this.#parts = parts;
    this.params = parts.params;
  }

  run<T>(work: () => T): T {
    let outcome: T;
    try {
      outcome = this.#parts.api.context.with(this.#parts.runIn, work);
    } catch (error) {
      this.#end({ error });
      throw error;
    }
    if (outcome instanceof Promise)
      outcome.then(
        (result: unknown) => this.#end({ result }),
        (error: unknown) => this.#end({ error }),
      );
    else this.#end({ result: outcome });
    return outcome;
  }

  /** Telemetry never breaks what it records: a failure of its own goes to OpenTelemetry's diagnostics. */
  #end(outcome: { result: unknown } | { error: unknown }): void {
    try {
      this.#record(outcome);
    } catch (error) {
      this.#parts.api.diag.error('mcpkit: recording an operation failed', error);
    }
  }

  #record(outcome: { result: unknown } | { error: unknown }): void {
    const { operation, span, duration, attributes } = this.#parts;
    const failure = failureOf(operation.method, outcome, this.#parts.inbound);
    // What the end tells: the span has the rest since its start; the duration takes it all.
    const learned: Attributes = {};
    if (failure !== undefined) {
      learned['error.type'] = failure.type;
      if (failure.code !== undefined) learned['rpc.response.status_code'] = failure.code;
    }
    if ('result' in outcome && operation.method === 'initialize') {
      // The revision the handshake settled on, which the request could only ask for.
      const version = (outcome.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (typeof version === 'string') learned['mcp.protocol.version'] = version;
    }
    Object.assign(attributes, learned);
    duration?.record((performance.now() - this.#start) / 1000, attributes);
    if (span === undefined) return;
    span.setAttributes(learned);
    const id = requestIdOf(operation);
    if (id !== undefined) span.setAttribute('jsonrpc.request.id', id);
    const sessionId = sessionIdAttribute(operation);
    if (sessionId !== undefined) span.setAttribute('mcp.session.id', sessionId);
    if (this.#parts.toolResult && failure === undefined && 'result' in outcome)
      span.setAttribute('gen_ai.tool.call.result', toolResultOf(outcome.result));
    if (failure !== undefined) {
      if (failure.exception !== undefined) span.recordException(failure.exception);
      span.setStatus(
        failure.message === undefined
          ? { code: this.#parts.api.SpanStatusCode.ERROR }
          : { code: this.#parts.api.SpanStatusCode.ERROR, message: failure.message },
      );
    }
    span.end();
  }
}

/** What a tool call returned, as JSON: its structured content when it has some, else its content. */
function toolResultOf(result: unknown): string {
  const { structuredContent, content } = (result ?? {}) as { structuredContent?: unknown; content?: unknown };
  return JSON.stringify(structuredContent ?? content ?? null);
}
