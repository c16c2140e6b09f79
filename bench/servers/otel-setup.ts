// What `--telemetry` sets up in a benchmark server before it serves:
//   off  nothing: mcpkit/otel and OpenTelemetry are never loaded, as for every user without them
//   api  `instrument()` with @opentelemetry/api loaded and no SDK registered (it records nothing)
//   sdk  an SDK registered as an application registers one, exporting nowhere, then `instrument()`
// Every import is dynamic, so that `off` loads none of these packages (the bundle keeps them
// external: a static import would load them whatever the mode).
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

export type TelemetryMode = 'off' | 'api' | 'sdk';

export function telemetryFromArgs(argv: readonly string[]): TelemetryMode {
  const at = argv.indexOf('--telemetry');
  const mode = at === -1 ? 'off' : argv[at + 1];
  if (mode !== 'off' && mode !== 'api' && mode !== 'sdk')
    throw new Error(`--telemetry wants off, api or sdk, got ${mode}`);
  return mode;
}

export async function setUpTelemetry(mode: TelemetryMode): Promise<void> {
  if (mode === 'off') return;
  if (mode === 'sdk') await registerSdk();
  const { instrument, uninstrument } = await import('mcpkit/otel');
  instrument();
  // The driver may switch it off and on between turns, to compare a process with itself.
  process.on('message', (message) => {
    if (message === 'telemetry:on') instrument();
    else if (message === 'telemetry:off') uninstrument();
  });
}

/**
 * Spans batched (BatchSpanProcessor, its defaults) to an exporter that drops them; durations
 * recorded into histograms that a periodic reader would export after an hour (so never during a
 * run); context carried by AsyncLocalStorage; W3C trace context and baggage propagated.
 */
async function registerSdk(): Promise<void> {
  const [api, { AsyncLocalStorageContextManager }, core, sdkMetrics, { BatchSpanProcessor, TracerProvider }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/sdk-trace'),
    ]);
  const dropSpans: SpanExporter = {
    export: (_spans: ReadableSpan[], done: (result: ExportResult) => void) =>
      done({ code: core.ExportResultCode.SUCCESS }),
    shutdown: () => Promise.resolve(),
  };
  const tracerProvider = new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter: dropSpans })] });
  const reader = new sdkMetrics.PeriodicExportingMetricReader({
    exporter: new sdkMetrics.InMemoryMetricExporter(sdkMetrics.AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 3_600_000,
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  api.trace.setGlobalTracerProvider(tracerProvider);
  api.metrics.setGlobalMeterProvider(new sdkMetrics.MeterProvider({ readers: [reader] }));
}
