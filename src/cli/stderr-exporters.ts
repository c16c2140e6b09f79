/**
 * `OTEL_TRACES_EXPORTER=console` and `OTEL_METRICS_EXPORTER=console`: one line per span and per
 * data point on stderr. The SDK's own console exporters print to stdout, which is the protocol
 * channel of a server on stdio (the example server, `serve`, `proxy`): never written to here.
 * @module
 */
import { ExportResultCode, hrTimeToMilliseconds, type ExportResult } from '@opentelemetry/core';
import type { PushMetricExporter, ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

const SPAN_KINDS = ['internal', 'server', 'client', 'producer', 'consumer'];

export class StderrSpanExporter implements SpanExporter {
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    for (const span of spans) {
      const { traceId, spanId } = span.spanContext();
      const parent = span.parentSpanContext?.spanId;
      const ms = hrTimeToMilliseconds(span.duration).toFixed(1);
      process.stderr.write(
        `[otel] span ${JSON.stringify(span.name)} ${SPAN_KINDS[span.kind] ?? span.kind} ${ms} ms trace=${traceId} span=${spanId}` +
          `${parent ? ` parent=${parent}` : ''} ${JSON.stringify(span.attributes)}\n`,
      );
    }
    done({ code: ExportResultCode.SUCCESS });
  }

  async shutdown(): Promise<void> {}
}

export class StderrMetricExporter implements PushMetricExporter {
  export(resourceMetrics: ResourceMetrics, done: (result: ExportResult) => void): void {
    for (const scope of resourceMetrics.scopeMetrics)
      for (const metric of scope.metrics)
        for (const point of metric.dataPoints)
          process.stderr.write(
            `[otel] metric ${metric.descriptor.name} ${JSON.stringify(point.attributes)} ${JSON.stringify(point.value)}\n`,
          );
    done({ code: ExportResultCode.SUCCESS });
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
