/**
 * Traces and metrics of a command, exported where the standard `OTEL_*` variables say
 * (`telemetry-settings.ts`), and flushed before the process ends, within a bound so that a
 * collector that does not answer never holds the command line up. Without those variables this
 * loads nothing. Servers the command line starts inherit the variables with the rest of the
 * user's environment (`openTarget`, and the host's default `inherit`), so an mcpkit server
 * exports too and continues the trace carried in `_meta`.
 * @module
 */
import { exportsAnything, telemetrySettings, type TelemetrySettings } from './telemetry-settings.js';
import { peerSpec } from './version.js';

/** How long the last export may take before the process ends anyway. */
export const FLUSH_DEADLINE_MS = 2000;

/** A command's telemetry export, running. */
export interface TelemetryExport {
  /** Runs a command as one trace: a span `mcpkit <name>` that its requests are children of. */
  command(name: string, run: () => Promise<number>): Promise<number>;
  /** Exports what is left, then lets the process end with `code`; ends it at the deadline otherwise. */
  end(code: number): Promise<void>;
}

/** The SDK packages a run with `settings` loads: named when they are missing. */
function packagesFor(settings: TelemetrySettings): string[] {
  const exporters = (signal: 'trace' | 'metrics', kind: TelemetrySettings['traces']) =>
    kind === 'otlp-json'
      ? [`@opentelemetry/exporter-${signal}-otlp-http`]
      : kind === 'otlp-protobuf'
        ? [`@opentelemetry/exporter-${signal}-otlp-proto`]
        : [];
  return [
    '@opentelemetry/api',
    '@opentelemetry/core',
    '@opentelemetry/resources',
    '@opentelemetry/context-async-hooks',
    ...(settings.traces ? ['@opentelemetry/sdk-trace', ...exporters('trace', settings.traces)] : []),
    ...(settings.metrics ? ['@opentelemetry/sdk-metrics', ...exporters('metrics', settings.metrics)] : []),
  ];
}

/**
 * Starts exporting when the environment asks for it; `serviceName` is `service.name` unless
 * `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) names one. Never fails the command: what
 * cannot be done is one line on stderr.
 */
export async function startTelemetryExport(serviceName: string): Promise<TelemetryExport | undefined> {
  const settings = telemetrySettings(process.env);
  for (const warning of settings.warnings) process.stderr.write(`${warning}\n`);
  if (!exportsAnything(settings)) return undefined;
  let sdk;
  try {
    const { registerSdk } = await import('./telemetry-sdk.js');
    sdk = await registerSdk(settings, serviceName);
  } catch (error) {
    const missing = (error as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
    process.stderr.write(
      missing
        ? `mcpkit: OTEL_* asks for telemetry export, but the OpenTelemetry SDK is not installed; going on without it (npm install ${packagesFor(settings).map(peerSpec).join(' ')})\n`
        : `mcpkit: telemetry export could not start; going on without it: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return undefined;
  }
  let flushing: Promise<boolean> | undefined;
  const flush = () => (flushing ??= within(sdk.shutdown(), FLUSH_DEADLINE_MS));
  const flushThenExit = async (code: number) => {
    // A collector that does not answer would keep its socket, and so the process, alive.
    if (!(await flush())) process.exit(code);
  };
  // A signal the command does not handle itself would end the process at once, its spans
  // unsent: flush first, then end by the same signal. A command that does handle it (Ctrl-C
  // in `call`, an HTTP server's stop) ends through `end()` instead.
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    void flush().then(() => {
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  return { command: (name, run) => sdk.command(name, run), end: flushThenExit };
}

/** Whether `work` settled within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
