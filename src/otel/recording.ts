/**
 * One operation being recorded: its span (when tracing is on), its start time for the
 * duration histogram (when metrics are on), and the context its work runs in.
 * @module
 */
import { context, diag, SpanStatusCode, type Context, type Histogram, type Span } from '@opentelemetry/api';
import type { Operation, Recording } from '../protocol/telemetry.js';
import { failureOf, sessionIdAttribute, type Attributes } from './attributes.js';

export class OperationRecording implements Recording {
  readonly params: Record<string, unknown> | undefined;
  readonly #operation: Operation;
  readonly #span: Span | undefined;
  /** What the work runs in: the span's context, so spans made by the work are its children. */
  readonly #context: Context;
  readonly #duration: Histogram | undefined;
  readonly #attributes: Attributes;
  readonly #inbound: boolean;
  readonly #start = performance.now();

  constructor(
    operation: Operation,
    span: Span | undefined,
    runIn: Context,
    duration: Histogram | undefined,
    attributes: Attributes,
    inbound: boolean,
    params: Record<string, unknown> | undefined,
  ) {
    this.#operation = operation;
    this.#span = span;
    this.#context = runIn;
    this.#duration = duration;
    this.#attributes = attributes;
    this.#inbound = inbound;
    this.params = params;
  }

  run<T>(work: () => T): T {
    let outcome: T;
    try {
      outcome = context.with(this.#context, work);
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
      diag.error('mcpkit: recording an operation failed', error);
    }
  }

  #record(outcome: { result: unknown } | { error: unknown }): void {
    const operation = this.#operation;
    const failure = failureOf(operation.method, outcome, this.#inbound);
    const attributes = this.#attributes;
    if (failure !== undefined) {
      attributes['error.type'] = failure.type;
      if (failure.code !== undefined) attributes['rpc.response.status_code'] = failure.code;
    }
    if ('result' in outcome && operation.method === 'initialize') {
      // The revision the handshake settled on, which the request could only ask for.
      const version = (outcome.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (typeof version === 'string') attributes['mcp.protocol.version'] = version;
    }
    this.#duration?.record((performance.now() - this.#start) / 1000, attributes);
    const span = this.#span;
    if (span === undefined) return;
    span.setAttributes(attributes);
    const sessionId = sessionIdAttribute(operation);
    if (sessionId !== undefined) span.setAttribute('mcp.session.id', sessionId);
    if (failure !== undefined) {
      if (failure.exception !== undefined) span.recordException(failure.exception);
      span.setStatus(
        failure.message === undefined
          ? { code: SpanStatusCode.ERROR }
          : { code: SpanStatusCode.ERROR, message: failure.message },
      );
    }
    span.end();
  }
}
