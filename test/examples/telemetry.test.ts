// examples/telemetry: the client and the server it starts send their spans to an OTLP collector
// (a real OTLP/HTTP receiver on 127.0.0.1, test/helpers/otlp-receiver.ts), in one trace, as its
// README says.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';
import { OTLP_KIND, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';

describe('examples/telemetry', () => {
  let collector: OtlpReceiver;
  before(async () => (collector = await startOtlpReceiver()));
  after(() => collector.close());

  it("sends the client's and the server's spans of one trace to the collector", async () => {
    const { code, stdout, stderr } = await runExample('telemetry', {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^forecast -> Sunny in Oslo tomorrow\.$/m);
    assert.match(stdout, new RegExp(`^spans sent to ${collector.url}$`, 'm'));
    const traceId = /^trace ([0-9a-f]{32})$/m.exec(stdout)?.[1];
    assert.ok(traceId, stdout);

    const call = (service: string, kind: number) =>
      collector.spans.find(
        (span) =>
          span.traceId === traceId &&
          span.service === service &&
          span.kind === kind &&
          span.name === 'tools/call forecast',
      );
    // Every process flushed before it exited: all is there once the example has ended.
    assert.ok(call('weather-app', OTLP_KIND.client), JSON.stringify(collector.spans));
    assert.ok(call('weather-server', OTLP_KIND.server), JSON.stringify(collector.spans));
    assert.equal(call('weather-server', OTLP_KIND.server)!.parentSpanId, call('weather-app', OTLP_KIND.client)!.spanId);
    assert.ok(collector.spans.some((span) => span.name === 'plan a picnic' && span.traceId === traceId));
  });
});
