/**
 * `mcpkit/otel`: traces and metrics of every MCP message by OpenTelemetry's semantic
 * conventions for MCP, on the optional peer dependency `@opentelemetry/api`. It records into
 * whatever OpenTelemetry SDK the application registered; with none, it records nothing.
 * @module
 */
import { installTelemetry } from '../protocol/telemetry.js';
import { McpTelemetry, type McpTelemetryOptions } from './mcp-telemetry.js';

export { McpTelemetry, SCOPE, type McpTelemetryOptions } from './mcp-telemetry.js';
export type {
  Activity,
  ActivityAttributes,
  ActivityRecording,
  Operation,
  Recording,
  Telemetry,
} from '../protocol/telemetry.js';

/**
 * Records the messages of every client and server that has no `telemetry` option of its own,
 * those made before this call included. Returns the telemetry installed.
 */
export function instrument(options: McpTelemetryOptions = {}): McpTelemetry {
  const telemetry = new McpTelemetry(options);
  installTelemetry(telemetry);
  return telemetry;
}

/** Stops what `instrument()` started. */
export function uninstrument(): void {
  installTelemetry(undefined);
}
