/**
 * What an application does once to send mcpkit's telemetry to an OTLP collector: register an
 * OpenTelemetry SDK as usual (here traces, exported over OTLP/HTTP in protobuf to
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, by default http://localhost:4318), then `instrument()`: every
 * MCP client and server of the process makes spans by the semantic conventions for MCP, and a
 * trace crosses processes in each request's `_meta`.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { instrument } from 'mcpkit/otel';

/** Registers the SDK for `serviceName` and instruments mcpkit; resolves `shutdown` once every span is sent. */
export function startTelemetry(serviceName: string): { shutdown(): Promise<void> } {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  instrument();
  return { shutdown: () => provider.shutdown() };
}
