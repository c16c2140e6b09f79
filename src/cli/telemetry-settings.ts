/**
 * What the standard `OTEL_*` variables ask of the command line's telemetry: for traces and for
 * metrics, an OTLP/HTTP exporter (protobuf or JSON), lines on stderr, or nothing. Reading them
 * loads nothing; only when a signal is asked for does `telemetry-export.ts` load the SDK.
 *
 * Unlike an SDK's default (`otlp` to localhost:4318 whenever the SDK is present), exporting is
 * opt-in: a command line run by hand must not try a collector nobody set up. A signal is
 * exported when its `OTEL_<SIGNAL>_EXPORTER` names `otlp` (or `console`), or, with that variable
 * unset, when an OTLP endpoint variable is set. `OTEL_SDK_DISABLED=true` turns everything off.
 * @module
 */

/** How one signal leaves the process. */
export type SignalExport = 'otlp-protobuf' | 'otlp-json' | 'console';

export interface TelemetrySettings {
  traces: SignalExport | undefined;
  metrics: SignalExport | undefined;
  /** What the variables ask that cannot be done: one line each, for stderr. */
  warnings: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const SUPPORTED_PROTOCOLS = 'http/protobuf (the default) or http/json';

/** Reads the settings from `env`. */
export function telemetrySettings(env: Env): TelemetrySettings {
  const warnings: string[] = [];
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true')
    return { traces: undefined, metrics: undefined, warnings };
  const refused = new Map<string, string[]>();
  const traces = signalExport(env, 'TRACES', warnings, refused);
  const metrics = signalExport(env, 'METRICS', warnings, refused);
  // One line per protocol refused, naming the signals it leaves out.
  for (const [protocol, signals] of refused)
    warnings.push(
      `mcpkit: OTLP protocol ${protocol} is not supported, only ${SUPPORTED_PROTOCOLS}: ${signals.join(' and ')} not exported`,
    );
  return { traces, metrics, warnings };
}

/** Whether `settings` export anything. */
export function exportsAnything(settings: TelemetrySettings): boolean {
  return settings.traces !== undefined || settings.metrics !== undefined;
}

function signalExport(
  env: Env,
  signal: 'TRACES' | 'METRICS',
  warnings: string[],
  refused: Map<string, string[]>,
): SignalExport | undefined {
  const variable = `OTEL_${signal}_EXPORTER`;
  const named = (env[variable] ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`];
  const wanted = named.length > 0 ? named : endpoint ? ['otlp'] : [];
  if (wanted.includes('none')) return undefined;
  for (const value of wanted)
    if (value !== 'otlp' && value !== 'console')
      warnings.push(`mcpkit: ${variable}=${value} is not supported (otlp, console or none); ignored`);
  if (wanted.includes('otlp')) {
    const protocol = env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
    if (protocol === 'http/protobuf') return 'otlp-protobuf';
    if (protocol === 'http/json') return 'otlp-json';
    refused.set(protocol, [...(refused.get(protocol) ?? []), signal.toLowerCase()]);
  }
  return wanted.includes('console') ? 'console' : undefined;
}
