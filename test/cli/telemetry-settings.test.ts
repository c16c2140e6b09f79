// When the OTEL_* variables ask the command line to export, and how: opt-in, as a user who set
// up a collector expects, and never by an SDK's default alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { telemetrySettings } from '../../src/cli/telemetry-settings.js';

describe('the OTEL_* variables', () => {
  it('ask for nothing when none is set', () => {
    assert.deepEqual(telemetrySettings({}), { traces: undefined, metrics: undefined, warnings: [] });
  });

  it('ask for OTLP in protobuf when an endpoint is set, per signal too', () => {
    const both = telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    assert.equal(both.traces, 'otlp-protobuf');
    assert.equal(both.metrics, 'otlp-protobuf');
    const traces = telemetrySettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' });
    assert.equal(traces.traces, 'otlp-protobuf');
    assert.equal(traces.metrics, undefined);
  });

  it('follow the exporter variables over an endpoint, none included', () => {
    const settings = telemetrySettings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_TRACES_EXPORTER: 'console',
    });
    assert.equal(settings.traces, 'console');
    assert.equal(settings.metrics, undefined);
    assert.equal(telemetrySettings({ OTEL_TRACES_EXPORTER: 'otlp' }).traces, 'otlp-protobuf');
  });

  it('take the protocol of the signal over the general one', () => {
    const settings = telemetrySettings({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/protobuf',
    });
    assert.equal(settings.traces, 'otlp-json');
    assert.equal(settings.metrics, 'otlp-protobuf');
  });

  it('refuse grpc and unknown exporters in one line each', () => {
    const settings = telemetrySettings({ OTEL_TRACES_EXPORTER: 'otlp,zipkin', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
    assert.equal(settings.traces, undefined);
    assert.deepEqual(settings.warnings, [
      'mcpkit: OTEL_TRACES_EXPORTER=zipkin is not supported (otlp, console or none); ignored',
      'mcpkit: OTLP protocol grpc is not supported, only http/protobuf (the default) or http/json: traces not exported',
    ]);
  });

  it('are all off with OTEL_SDK_DISABLED=true', () => {
    const settings = telemetrySettings({ OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' });
    assert.deepEqual(settings, { traces: undefined, metrics: undefined, warnings: [] });
  });
});
