/**
 * The optional peer dependency `@opentelemetry/api`, loaded without a static import, so that
 * `mcpkit/otel` loads where it is not installed. Where a runtime can `require` packages (Node,
 * Bun, Deno), it is loaded at once, synchronously: a message sent right after `instrument()` is
 * recorded. Elsewhere (a bundle for a Worker or a page, where the bundler has resolved it), it is
 * imported, and messages are recorded once it has loaded; so too where `require` does not find
 * it beside this file (an app bundled whole for Node). Without it, nothing is recorded, as
 * OpenTelemetry's API would record nothing without an SDK, and the first telemetry made says so
 * once on the console.
 * @module
 */
import type * as OtelApi from '@opentelemetry/api';

export type Api = typeof OtelApi;

const PACKAGE = '@opentelemetry/api';

/** The API once loaded; `null` where it is not installed. */
let loaded: Api | null | undefined;
/** Whether telemetry was made, so that its absence is worth saying. */
let wanted = false;
let told = false;

/** `require`, where the runtime has Node's module loader. */
function runtimeRequire(): ((id: string) => unknown) | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  const nodeModule = host.process?.getBuiltinModule?.('module') as
    { createRequire?: (from: string) => (id: string) => unknown } | undefined;
  return nodeModule?.createRequire?.(import.meta.url);
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}

function load(): void {
  const require = runtimeRequire();
  if (require !== undefined) {
    try {
      loaded = require(PACKAGE) as Api;
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // Not beside this file: it may still be in the bundle this file was bundled into.
    }
  }
  // A literal specifier, so that a bundler resolves it (and includes it).
  void import('@opentelemetry/api').then(
    (api: Api) => (loaded = api),
    (error: unknown) => {
      loaded = null;
      if (!isNotFound(error)) console.error(`mcpkit/otel: loading ${PACKAGE} failed:`, error);
      if (wanted) tell();
    },
  );
}

load();

/** The API, or undefined while it loads or where it is not installed. */
export function otelApi(): Api | undefined {
  return loaded ?? undefined;
}

/** Telemetry is being made: says once, on the console, when nothing will be recorded for want of the API. */
export function noticeIfAbsent(): void {
  wanted = true;
  if (loaded === null) tell();
}

function tell(): void {
  if (told) return;
  told = true;
  console.warn(`mcpkit/otel: ${PACKAGE} is not installed, so nothing is recorded (npm install ${PACKAGE})`);
}
