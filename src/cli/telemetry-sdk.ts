/**
 * The OpenTelemetry SDK the command line registers when the `OTEL_*` variables ask for export:
 * loaded only then, by `import()` of this file (a chunk of its own in the bundle), so a run
 * without them reads none of these packages. The exporters read their own variables
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `..._HEADERS`, `..._TIMEOUT` and the per-signal forms); the
 * batching and interval variables, which this SDK line leaves to its Node "SDK" package, are
 * read here.
 * @module
 */
import {
  context,
  diag,
  DiagLogLevel,
  metrics,
  propagation,
  SpanStatusCode,
  trace,
  type DiagLogger,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  getNumberFromEnv,
  getStringFromEnv,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { instrument } from 'mcpkit/otel';
import { StderrMetricExporter, StderrSpanExporter } from './stderr-exporters.js';
import type { SignalExport, TelemetrySettings } from './telemetry-settings.js';

/** The providers registered: shutting them down exports what they still hold. */
export interface RegisteredSdk {
  /** Runs a command in a span of its own, `mcpkit <name>`, marked failed when its exit status is not 0. */
  command(name: string, run: () => Promise<number>): Promise<number>;
  shutdown(): Promise<void>;
}

/** Registers the SDK globally as `settings` say and instruments every session. */
export async function registerSdk(settings: TelemetrySettings, defaultServiceName: string): Promise<RegisteredSdk> {
  // Every package is loaded before anything is registered: a missing one leaves nothing half set up.
  const spanExporter = settings.traces && (await spanExporterFor(settings.traces));
  const metricExporter = settings.metrics && (await metricExporterFor(settings.metrics));

  diag.setLogger(stderrDiagLogger(), { logLevel: diagLevel(), suppressOverrideMessage: true });
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) over the command's own name.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': defaultServiceName }))
    .merge(detectResources({ detectors: [envDetector] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  const providers: { shutdown(): Promise<void> }[] = [];
  if (spanExporter) {
    const tracerProvider = new TracerProvider({
      resource,
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: spanExporter,
          scheduledDelayMillis: getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY') ?? 5000,
          exportTimeoutMillis: getNumberFromEnv('OTEL_BSP_EXPORT_TIMEOUT') ?? 30_000,
        }),
      ],
    });
    trace.setGlobalTracerProvider(tracerProvider);
    providers.push(tracerProvider);
  }
  if (metricExporter) {
    const exportIntervalMillis = getNumberFromEnv('OTEL_METRIC_EXPORT_INTERVAL') ?? 60_000;
    const reader = new PeriodicExportingMetricReader({
      exporter: metricExporter,
      exportIntervalMillis,
      // The reader refuses a timeout longer than the interval; a short interval alone must not be an error.
      exportTimeoutMillis: Math.min(getNumberFromEnv('OTEL_METRIC_EXPORT_TIMEOUT') ?? 30_000, exportIntervalMillis),
    });
    const meterProvider = new MeterProvider({ resource, readers: [reader] });
    metrics.setGlobalMeterProvider(meterProvider);
    providers.push(meterProvider);
  }
  instrument();
  return {
    command: (name, run) => commandSpan(name, run),
    shutdown: async () => void (await Promise.all(providers.map((provider) => provider.shutdown()))),
  };
}

async function commandSpan(name: string, run: () => Promise<number>): Promise<number> {
  return trace.getTracer('mcpkit').startActiveSpan(`mcpkit ${name}`, async (span) => {
    try {
      const code = await run();
      span.setAttribute('process.exit.code', code);
      if (code !== 0) span.setStatus({ code: SpanStatusCode.ERROR, message: `exit status ${code}` });
      return code;
    } finally {
      span.end();
    }
  });
}

async function spanExporterFor(kind: SignalExport): Promise<SpanExporter> {
  if (kind === 'console') return new StderrSpanExporter();
  const { OTLPTraceExporter } =
    kind === 'otlp-json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

async function metricExporterFor(kind: SignalExport): Promise<PushMetricExporter> {
  if (kind === 'console') return new StderrMetricExporter();
  const { OTLPMetricExporter } =
    kind === 'otlp-json'
      ? await import('@opentelemetry/exporter-metrics-otlp-http')
      : await import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter();
}

/** The SDK's own complaints (an export that failed), on stderr: stdout may be the protocol. */
function stderrDiagLogger(): DiagLogger {
  const write =
    (level: string) =>
    (message: string, ...args: unknown[]) =>
      process.stderr.write(`mcpkit: OpenTelemetry ${level}: ${[message, ...args.map(describe)].join(' ')}\n`);
  return {
    error: write('error'),
    warn: write('warning'),
    info: write('info'),
    debug: write('debug'),
    verbose: write('verbose'),
  };
}

function describe(value: unknown): string {
  return value instanceof Error ? value.message : typeof value === 'string' ? value : JSON.stringify(value);
}

/** `OTEL_LOG_LEVEL`, by default errors only. */
function diagLevel(): DiagLogLevel {
  const name = getStringFromEnv('OTEL_LOG_LEVEL')?.toUpperCase();
  const level = name === undefined ? undefined : DiagLogLevel[name as keyof typeof DiagLogLevel];
  return typeof level === 'number' ? level : DiagLogLevel.ERROR;
}
