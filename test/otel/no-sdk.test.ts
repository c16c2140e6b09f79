// Telemetry that is on but has nowhere to record: `instrument()` called with the API present
// and no SDK registered records nothing and sends nothing. Then an SDK registered later is
// picked up by the clients and servers already running, and removed again, is let go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { Client } from '../../src/client/index.js';
import { instrument, McpTelemetry, uninstrument } from '../../src/otel/index.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';

/** A server whose tool answers with the `_meta` its request carried. */
function metaEchoServer(): Server {
  const server = new Server({ name: 'meta-echo', version: '1' });
  server.tool('meta', {}, (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify(ctx.params._meta ?? {}) }],
  }));
  return server;
}

async function metaSeenByServer(): Promise<Record<string, unknown>> {
  const [a, b] = createInMemoryPair();
  const [, session] = await Promise.all([
    metaEchoServer().connect(a),
    new Client({ name: 'c', version: '1' }).connect(b, { protocolVersion: '2025-11-25' }),
  ]);
  try {
    const result = await session.callTool({ name: 'meta', arguments: {} });
    return JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  } finally {
    await session.close();
  }
}

describe('telemetry with no SDK registered', () => {
  it('declines every message, so nothing is recorded or carried in _meta', async () => {
    const telemetry = instrument();
    try {
      assert.equal(trace.getTracerProvider().getTracer('probe').startSpan('probe').isRecording(), false);
      const meta = await metaSeenByServer();
      assert.equal(meta.traceparent, undefined);
      // The telemetry itself declines before it looks at the message.
      const [a] = createInMemoryPair();
      const ping = {
        session: undefined as never,
        transport: a,
        role: 'client' as const,
        method: 'ping',
        params: undefined,
        id: 1,
      };
      assert.equal(telemetry.outbound(ping), undefined);
      assert.equal(telemetry.inbound(ping), undefined);
    } finally {
      uninstrument();
    }
  });

  it('picks up an SDK registered after instrument(), and lets it go when it is removed', async () => {
    instrument();
    const exporter = new InMemorySpanExporter();
    try {
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
      const meta = await metaSeenByServer();
      assert.match(String(meta.traceparent), /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      assert.ok(exporter.getFinishedSpans().some((span) => span.name === 'tools/call meta'));

      trace.disable();
      exporter.reset();
      assert.equal((await metaSeenByServer()).traceparent, undefined);
      assert.deepEqual(exporter.getFinishedSpans(), []);
    } finally {
      uninstrument();
      trace.disable();
      propagation.disable();
      context.disable();
    }
  });

  it('records nothing for a client or server given telemetry: false, whatever is installed', async () => {
    const exporter = new InMemorySpanExporter();
    const own = new McpTelemetry({
      tracerProvider: new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    });
    instrument({ tracerProvider: new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }) });
    try {
      const [a, b] = createInMemoryPair();
      const server = new Server({ name: 'quiet', version: '1' }, { telemetry: false });
      server.tool('noop', {}, () => ({ content: [] }));
      const [, session] = await Promise.all([
        server.connect(a),
        new Client({ name: 'c', version: '1' }, { telemetry: own }).connect(b, { protocolVersion: '2025-11-25' }),
      ]);
      await session.callTool({ name: 'noop', arguments: {} });
      await session.close();
      const kinds = exporter.getFinishedSpans().map((span) => `${span.name}/${span.kind}`);
      // The client's own telemetry recorded its side (CLIENT = 2); the server recorded nothing.
      assert.ok(kinds.includes('tools/call noop/2'), kinds.join(', '));
      assert.ok(!kinds.some((kind) => kind.endsWith('/1')), kinds.join(', '));
    } finally {
      uninstrument();
    }
  });
});
