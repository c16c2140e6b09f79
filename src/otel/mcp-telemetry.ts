/**
 * `Telemetry` on OpenTelemetry, by its semantic conventions for MCP: a CLIENT span for each
 * message a side sends and a SERVER span for each it handles, W3C trace context carried in
 * `params._meta`, and the operation and session duration histograms.
 * @module
 */
import type { Context, Histogram, Link, Span, MeterProvider, Tracer, TracerProvider } from '@opentelemetry/api';
import { noticeIfAbsent, otelApi, type Api } from './api.js';
import { isObject } from '../jsonrpc/message.js';
import type { Transport } from '../jsonrpc/transport.js';
import { withMeta } from '../protocol/request-stamp.js';
import type { Session } from '../protocol/session.js';
import type { Activity, ActivityRecording, Operation, Recording, Telemetry } from '../protocol/telemetry.js';
import { startActivity } from './activity.js';
import { networkOf } from '../protocol/transport-abilities.js';
import { commonAttributes, spanAttributes, spanName, type Attributes } from './attributes.js';
import { OperationRecording } from './recording.js';

/**
 * Where `instrument` and `McpTelemetry` send their spans and durations, and whether spans hold a
 * tool call's content.
 */
export interface McpTelemetryOptions {
  /** Where spans go. Default: the global tracer provider, looked up on each message. */
  tracerProvider?: TracerProvider;
  /** Where durations go. Default: the global meter provider, looked up on each message. */
  meterProvider?: MeterProvider;
  /**
   * Record each tool call's arguments and result on its spans (`gen_ai.tool.call.arguments`,
   * `gen_ai.tool.call.result`, as JSON). Off by default: they may hold what must not leave the
   * process.
   */
  toolCallContent?: boolean;
}

/** The instrumentation scope of every span and instrument. */
export const SCOPE = 'mcpkit';

/** The bucket boundaries the conventions advise for MCP durations, in seconds. */
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** What a global provider with no SDK behind it gives: made once the API has loaded. */
let noSdk: { tracerProvider: TracerProvider; meter: ReturnType<MeterProvider['getMeter']> } | undefined;

function noSdkOf(api: Api): NonNullable<typeof noSdk> {
  noSdk ??= { tracerProvider: new api.ProxyTracerProvider().getDelegate(), meter: api.createNoopMeter() };
  return noSdk;
}

interface Durations {
  operation: { client: Histogram; server: Histogram };
  session: { client: Histogram; server: Histogram };
}

interface SessionStart {
  at: number;
  role: 'client' | 'server';
  attributes: Attributes;
}

/** Reads and writes the trace context keys in `_meta`. */
const META_GETTER = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

export class McpTelemetry implements Telemetry {
  readonly #options: McpTelemetryOptions;
  /** The provider the tracer came from, to make a new one when the global provider changes. */
  #tracerSource: TracerProvider | undefined;
  #tracer: Tracer | undefined;
  #meterSource: MeterProvider | undefined;
  #durations: Durations | undefined;
  readonly #sessions = new WeakMap<Session, SessionStart>();

  constructor(options: McpTelemetryOptions = {}) {
    this.#options = options;
    noticeIfAbsent();
  }

  outbound(operation: Operation): Recording | undefined {
    const api = otelApi();
    if (api === undefined) return undefined;
    const tracer = this.#currentTracer(api);
    const durations = this.#currentDurations(api);
    if (tracer === undefined && durations === undefined) return undefined;
    const { context, propagation, SpanKind, trace } = api;
    const common = commonAttributes(operation);
    const parent = context.active();
    let runIn = parent;
    let params = operation.params;
    const span = tracer?.startSpan(
      spanName(operation),
      { kind: SpanKind.CLIENT, attributes: spanAttributes(operation, common) },
      parent,
    );
    if (span !== undefined) {
      runIn = trace.setSpan(parent, span);
      const carrier: Record<string, string> = {};
      propagation.inject(runIn, carrier);
      for (const _ in carrier) {
        params = withMeta(params, carrier);
        break;
      }
    }
    // Whichever side sends it, its duration is the sender's: `mcp.client.operation.duration`.
    return new OperationRecording({
      api,
      operation,
      span,
      runIn,
      duration: durations?.operation.client,
      attributes: common,
      inbound: false,
      params,
      toolResult: this.#recordsToolCall(operation, span),
    });
  }

  inbound(operation: Operation): Recording | undefined {
    const api = otelApi();
    if (api === undefined) return undefined;
    const tracer = this.#currentTracer(api);
    const durations = this.#currentDurations(api);
    if (tracer === undefined && durations === undefined) return undefined;
    const common = commonAttributes(operation);
    const ambient = api.context.active();
    let runIn = ambient;
    let span: Span | undefined;
    if (tracer !== undefined) {
      const parent = this.#parentOf(api, operation, ambient);
      span = startServerSpan(api, tracer, operation, common, parent, ambient);
      runIn = api.trace.setSpan(parent, span);
    }
    // Whichever side handles it, its duration is the receiver's: `mcp.server.operation.duration`.
    return new OperationRecording({
      api,
      operation,
      span,
      runIn,
      duration: durations?.operation.server,
      attributes: common,
      inbound: true,
      params: undefined,
      toolResult: this.#recordsToolCall(operation, span),
    });
  }

  /** With `toolCallContent`, puts a tool call's arguments on its span; says whether its result goes there too. */
  #recordsToolCall(operation: Operation, span: Span | undefined): boolean {
    if (span === undefined || this.#options.toolCallContent !== true || operation.method !== 'tools/call') return false;
    span.setAttribute('gen_ai.tool.call.arguments', JSON.stringify(operation.params?.arguments ?? {}));
    return true;
  }

  /** The context the caller sent in `_meta`, or `ambient` when it sent none. */
  #parentOf(api: Api, operation: Operation, ambient: Context): Context {
    const meta = operation.params?._meta;
    if (!isObject(meta) || typeof meta.traceparent !== 'string') return ambient;
    return api.propagation.extract(ambient, meta, META_GETTER);
  }

  activity(activity: Activity, parent: ActivityRecording | undefined): ActivityRecording | undefined {
    const api = otelApi();
    const tracer = api && this.#currentTracer(api);
    return api === undefined || tracer === undefined ? undefined : startActivity(api, tracer, activity, parent);
  }

  sessionStarted(session: Session, transport: Transport, role: 'client' | 'server'): void {
    const api = otelApi();
    if (api === undefined || this.#currentDurations(api) === undefined) return;
    const attributes: Attributes = Object.assign({}, networkOf(transport));
    const version = session.protocolVersion;
    if (version !== undefined) attributes['mcp.protocol.version'] = version;
    this.#sessions.set(session, { at: performance.now(), role, attributes });
  }

  sessionEnded(session: Session, error: Error | undefined): void {
    const start = this.#sessions.get(session);
    const api = otelApi();
    const durations = api && this.#currentDurations(api);
    if (start === undefined || durations === undefined) return;
    this.#sessions.delete(session);
    if (error !== undefined) start.attributes['error.type'] = error.name;
    durations.session[start.role].record((performance.now() - start.at) / 1000, start.attributes);
  }

  /** The tracer, while a tracer provider with an SDK behind it is there to make one. */
  #currentTracer(api: Api): Tracer | undefined {
    let provider = this.#options.tracerProvider ?? api.trace.getTracerProvider();
    // The global provider is a proxy: what counts is what it delegates to.
    if (provider instanceof api.ProxyTracerProvider) provider = provider.getDelegate();
    if (provider === noSdkOf(api).tracerProvider) return undefined;
    if (provider !== this.#tracerSource) {
      this.#tracerSource = provider;
      this.#tracer = provider.getTracer(SCOPE);
    }
    return this.#tracer;
  }

  /** The duration histograms, while a meter provider with an SDK behind it is there to make them. */
  #currentDurations(api: Api): Durations | undefined {
    const provider = this.#options.meterProvider ?? api.metrics.getMeterProvider();
    if (provider !== this.#meterSource) {
      this.#meterSource = provider;
      const meter = provider.getMeter(SCOPE);
      this.#durations = meter === noSdkOf(api).meter ? undefined : makeDurations(meter);
    }
    return this.#durations;
  }
}

/**
 * A SERVER span whose parent is the caller's context from `_meta`; the context current when
 * the message arrived (an HTTP request's span) is linked when it is not the parent.
 */
function startServerSpan(
  api: Api,
  tracer: Tracer,
  operation: Operation,
  common: Attributes,
  parent: Context,
  ambient: Context,
): Span {
  const links: Link[] = [];
  if (parent !== ambient) {
    const current = api.trace.getSpanContext(ambient);
    if (current !== undefined && api.trace.isSpanContextValid(current)) links.push({ context: current });
  }
  return tracer.startSpan(
    spanName(operation),
    { kind: api.SpanKind.SERVER, attributes: spanAttributes(operation, common), links },
    parent,
  );
}

function makeDurations(meter: ReturnType<MeterProvider['getMeter']>): Durations {
  const histogram = (name: string, description: string) =>
    meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: DURATION_BUCKETS } });
  return {
    operation: {
      client: histogram(
        'mcp.client.operation.duration',
        'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
      ),
      server: histogram(
        'mcp.server.operation.duration',
        'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
      ),
    },
    session: {
      client: histogram(
        'mcp.client.session.duration',
        'The duration of the MCP session as observed on the MCP client.',
      ),
      server: histogram(
        'mcp.server.session.duration',
        'The duration of the MCP session as observed on the MCP server.',
      ),
    },
  };
}
