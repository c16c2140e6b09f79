/**
 * The span of something a host does around MCP (a turn of its agent loop, a model call, a
 * tool call), by OpenTelemetry's conventions for generative AI.
 * @module
 */
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { Api } from './api.js';
import type { Activity, ActivityRecording } from '../protocol/telemetry.js';

class ActivitySpan implements ActivityRecording {
  readonly #api: Api;
  readonly #span: Span;
  /** The span's context: what runs in it is its child. */
  readonly context: Context;

  constructor(api: Api, span: Span, parent: Context) {
    this.#api = api;
    this.#span = span;
    this.context = api.trace.setSpan(parent, span);
  }

  run<T>(work: () => T): T {
    return this.#api.context.with(this.context, work);
  }

  end(outcome: Parameters<ActivityRecording['end']>[0] = {}): void {
    const span = this.#span;
    try {
      if (outcome.attributes !== undefined) span.setAttributes(outcome.attributes);
      const { error } = outcome;
      if (error !== undefined) {
        const exception = error instanceof Error ? error : new Error(String(error));
        span.recordException(exception);
        span.setAttribute('error.type', exception.name);
        span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: exception.message });
      } else if (outcome.attributes?.['error.type'] !== undefined)
        span.setStatus({ code: this.#api.SpanStatusCode.ERROR });
      span.end();
    } catch (failure) {
      this.#api.diag.error('mcpkit: recording an activity failed', failure);
    }
  }
}

/** Starts the span of `activity` inside `parent` (an activity of ours), else the current context. */
export function startActivity(
  api: Api,
  tracer: Tracer,
  activity: Activity,
  parent: ActivityRecording | undefined,
): ActivityRecording {
  const parentContext = parent instanceof ActivitySpan ? parent.context : api.context.active();
  const name = activity.target === undefined ? activity.operation : `${activity.operation} ${activity.target}`;
  // A model call leaves the process; a turn and a tool call are the host's own work.
  const kind = activity.operation === 'chat' ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL;
  const span = tracer.startSpan(name, { kind, attributes: activity.attributes }, parentContext);
  return new ActivitySpan(api, span, parentContext);
}
