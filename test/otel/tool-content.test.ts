// A tool call's arguments and result on its spans: only when asked for (they may hold what
// must not leave the process), on both sides, and no result for a failed call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { Client } from '../../src/client/index.js';
import { McpTelemetry } from '../../src/otel/index.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';

async function callsRecorded(toolCallContent: boolean) {
  const exporter = new InMemorySpanExporter();
  const telemetry = new McpTelemetry({
    tracerProvider: new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    toolCallContent,
  });
  const server = new Server({ name: 'content', version: '1' }, { telemetry });
  server.tool('add', {}, (args) => ({
    content: [],
    structuredContent: { sum: Number(args.a) + Number(args.b) },
  }));
  server.tool('fails', {}, () => ({ isError: true, content: [{ type: 'text', text: 'secret detail' }] }));
  const [a, b] = createInMemoryPair();
  const [, session] = await Promise.all([
    server.connect(a),
    new Client({ name: 'c', version: '1' }, { telemetry }).connect(b, { protocolVersion: '2025-11-25' }),
  ]);
  await session.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
  await session.callTool({ name: 'fails', arguments: { x: 1 } });
  await session.close();
  return exporter.getFinishedSpans();
}

describe('tool call content on spans', () => {
  it('is recorded on both sides when asked for, without the result of a failed call', async () => {
    const spans = await callsRecorded(true);
    const adds = spans.filter((span) => span.name === 'tools/call add');
    assert.equal(adds.length, 2);
    for (const span of adds) {
      assert.equal(span.attributes['gen_ai.tool.call.arguments'], '{"a":2,"b":3}');
      assert.equal(span.attributes['gen_ai.tool.call.result'], '{"sum":5}');
    }
    for (const span of spans.filter((s) => s.name === 'tools/call fails')) {
      assert.equal(span.attributes['gen_ai.tool.call.arguments'], '{"x":1}');
      assert.equal(span.attributes['gen_ai.tool.call.result'], undefined);
    }
  });

  it('is not recorded by default', async () => {
    const spans = await callsRecorded(false);
    assert.ok(spans.some((span) => span.name === 'tools/call add'));
    for (const span of spans) {
      assert.equal(span.attributes['gen_ai.tool.call.arguments'], undefined);
      assert.equal(span.attributes['gen_ai.tool.call.result'], undefined);
    }
  });
});
