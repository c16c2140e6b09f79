// Spans and durations by OpenTelemetry's semantic conventions for MCP, recorded by the real
// SDK: a client and a server over Streamable HTTP on a real socket, in both eras. The trace
// continues from the caller through the client span, across the wire in params._meta, into
// the server span and the handler's own spans.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { instrument, uninstrument } from '../../src/otel/index.js';
import { McpError } from '../../src/index.js';
import { Server } from '../../src/server/index.js';
import { histogramPoints, onlySpan, parentOf, registerSdk, type RegisteredSdk } from '../helpers/otel.js';

let sdk: RegisteredSdk;
let http: ListeningServer;
const port = () => Number(new URL(http.url).port);

function exampleServer(): Server {
  const server = new Server({ name: 'traced', version: '1' });
  server.tool('lookup', { description: 'Runs a query of its own' }, async () => {
    // A handler's own span: a child of the server span, so of the caller's trace.
    await trace.getTracer('app').startActiveSpan('db.query', async (span) => {
      await new Promise((resolve) => setImmediate(resolve));
      span.end();
    });
    return { content: [{ type: 'text', text: 'found' }] };
  });
  server.tool('baggage', {}, () => ({
    content: [{ type: 'text', text: propagation.getBaggage(context.active())?.getEntry('tenant')?.value ?? 'none' }],
  }));
  server.tool('fails', {}, () => ({ isError: true, content: [{ type: 'text', text: 'no such row' }] }));
  server.tool('throws', {}, () => {
    throw new Error('database is down');
  });
  server.resource('notes://broken', { name: 'broken' }, () => {
    throw new Error('disk is gone');
  });
  server.tool('asks', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return { content: [{ type: 'text', text: String(answer.content?.name) }] };
  });
  server.prompt('summarize', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Sum up.' } }] }));
  server.resource('notes://today', { name: 'note' }, () => ({ contents: [{ uri: 'notes://today', text: 'hello' }] }));
  return server;
}

function client(): Client {
  return new Client(
    { name: 'traced-client', version: '1' },
    { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  );
}

before(async () => {
  sdk = registerSdk();
  instrument();
  http = await listen(exampleServer(), { legacySse: true });
});
after(async () => {
  await http.close();
  uninstrument();
  await sdk.shutdown();
});
beforeEach(() => sdk.reset());

for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
  describe(`over Streamable HTTP in ${protocolVersion}`, () => {
    it('continues the caller trace into the server span and the handler own span', async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      try {
        await trace.getTracer('app').startActiveSpan('agent turn', async (turn) => {
          await session.callTool({ name: 'lookup', arguments: {} });
          turn.end();
        });
      } finally {
        await session.close();
      }
      const spans = sdk.spans();
      const turn = onlySpan(spans, 'agent turn', SpanKind.INTERNAL);
      const sent = onlySpan(spans, 'tools/call lookup', SpanKind.CLIENT);
      const served = onlySpan(spans, 'tools/call lookup', SpanKind.SERVER);
      const query = onlySpan(spans, 'db.query', SpanKind.INTERNAL);
      const traceId = turn.spanContext().traceId;
      for (const span of [sent, served, query]) assert.equal(span.spanContext().traceId, traceId);
      assert.equal(parentOf(sent), turn.spanContext().spanId);
      assert.equal(parentOf(served), sent.spanContext().spanId);
      assert.equal(parentOf(query), served.spanContext().spanId);

      for (const span of [sent, served]) {
        assert.equal(span.attributes['mcp.method.name'], 'tools/call');
        assert.equal(span.attributes['gen_ai.tool.name'], 'lookup');
        assert.equal(span.attributes['gen_ai.operation.name'], 'execute_tool');
        assert.equal(span.attributes['mcp.protocol.version'], protocolVersion);
        assert.equal(span.attributes['network.transport'], 'tcp');
        assert.equal(span.attributes['network.protocol.name'], 'http');
        assert.equal(typeof span.attributes['jsonrpc.request.id'], 'string');
        assert.equal(span.attributes['error.type'], undefined);
        assert.equal(span.status.code, SpanStatusCode.UNSET);
      }
      assert.equal(sent.attributes['jsonrpc.request.id'], served.attributes['jsonrpc.request.id']);
      assert.equal(sent.attributes['server.address'], '127.0.0.1');
      assert.equal(sent.attributes['server.port'], port());
      if (protocolVersion === '2025-11-25') {
        // One session, named alike on both sides.
        assert.equal(typeof sent.attributes['mcp.session.id'], 'string');
        assert.equal(sent.attributes['mcp.session.id'], served.attributes['mcp.session.id']);
        const initialize = onlySpan(spans, 'initialize', SpanKind.CLIENT);
        assert.equal(initialize.attributes['mcp.protocol.version'], '2025-11-25');
        assert.equal(parentOf(onlySpan(spans, 'initialize', SpanKind.SERVER)), initialize.spanContext().spanId);
        const initialized = onlySpan(spans, 'notifications/initialized', SpanKind.CLIENT);
        assert.equal(initialized.attributes['jsonrpc.request.id'], undefined);
        onlySpan(spans, 'notifications/initialized', SpanKind.SERVER);
      } else {
        // The modern revision has no session.
        assert.equal(sent.attributes['mcp.session.id'], undefined);
        assert.equal(served.attributes['mcp.session.id'], undefined);
      }
    });

    it("carries the caller's baggage to the handler", async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      try {
        const withTenant = propagation.setBaggage(
          context.active(),
          propagation.createBaggage({ tenant: { value: 'acme' } }),
        );
        const result = await context.with(withTenant, () => session.callTool({ name: 'baggage', arguments: {} }));
        assert.deepEqual(result.content, [{ type: 'text', text: 'acme' }]);
      } finally {
        await session.close();
      }
    });

    it('records a tool error result apart from a JSON-RPC error and a handler throw', async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      try {
        const failed = await session.callTool({ name: 'fails', arguments: {} });
        assert.equal(failed.isError, true);
        await assert.rejects(session.callTool({ name: 'missing', arguments: {} }), McpError);
        // A tool that throws is a tool error (the spec's `isError`); any other handler's throw is -32603.
        assert.equal((await session.callTool({ name: 'throws', arguments: {} })).isError, true);
        await assert.rejects(session.readResource({ uri: 'notes://broken' }), McpError);
      } finally {
        await session.close();
      }
      const spans = sdk.spans();
      for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
        const toolError = onlySpan(spans, 'tools/call fails', kind);
        assert.equal(toolError.attributes['error.type'], 'tool_error');
        assert.equal(toolError.attributes['rpc.response.status_code'], undefined);
        assert.equal(toolError.status.code, SpanStatusCode.ERROR);

        const unknown = onlySpan(spans, 'tools/call missing', kind);
        assert.equal(unknown.attributes['error.type'], '-32602');
        assert.equal(unknown.attributes['rpc.response.status_code'], '-32602');
        assert.equal(unknown.status.code, SpanStatusCode.ERROR);
        assert.match(unknown.status.message ?? '', /missing/);

        assert.equal(onlySpan(spans, 'tools/call throws', kind).attributes['error.type'], 'tool_error');
        const thrown = onlySpan(spans, 'resources/read', kind);
        assert.equal(thrown.attributes['error.type'], '-32603');
        assert.equal(thrown.attributes['rpc.response.status_code'], '-32603');
      }
      // The server records what its handler threw; the client only hears -32603.
      const thrownServer = onlySpan(spans, 'resources/read', SpanKind.SERVER);
      assert.equal(
        thrownServer.events.find((event) => event.name === 'exception')?.attributes?.['exception.message'],
        'disk is gone',
      );
    });

    it('names the prompt of a get, in the span name too', async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      try {
        await session.getPrompt({ name: 'summarize' });
      } finally {
        await session.close();
      }
      for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
        const got = onlySpan(sdk.spans(), 'prompts/get summarize', kind);
        assert.equal(got.attributes['gen_ai.prompt.name'], 'summarize');
        assert.equal(got.attributes['gen_ai.tool.name'], undefined);
        assert.equal(got.attributes['gen_ai.operation.name'], undefined, 'execute_tool is for tool calls alone');
      }
    });

    it('names the resource of a read, and not in the span name', async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      try {
        await session.readResource({ uri: 'notes://today' });
      } finally {
        await session.close();
      }
      for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
        const read = onlySpan(sdk.spans(), 'resources/read', kind);
        assert.equal(read.attributes['mcp.resource.uri'], 'notes://today');
      }
    });

    it('records the operation durations, and a session duration once a session ends', async () => {
      const { session } = await connectHttp(client(), http.url, { protocolVersion, eraCache: false });
      await session.callTool({ name: 'lookup', arguments: {} });
      await session.callTool({ name: 'fails', arguments: {} });
      await session.close();
      const collected = await sdk.collect();
      for (const name of ['mcp.client.operation.duration', 'mcp.server.operation.duration']) {
        const points = histogramPoints(collected, name).filter(
          (point) =>
            point.attributes['gen_ai.tool.name'] !== undefined &&
            point.attributes['mcp.protocol.version'] === protocolVersion,
        );
        const ok = points.find((point) => point.attributes['gen_ai.tool.name'] === 'lookup');
        const failed = points.find((point) => point.attributes['gen_ai.tool.name'] === 'fails');
        assert.ok(ok && ok.count >= 1, `${name} has tools/call lookup`);
        assert.equal(ok.attributes['mcp.method.name'], 'tools/call');
        assert.equal(ok.attributes['error.type'], undefined);
        assert.equal(ok.attributes['jsonrpc.request.id'], undefined, 'no per-request values in a metric');
        assert.equal(failed?.attributes['error.type'], 'tool_error');
      }
      const sessions = histogramPoints(collected, 'mcp.client.session.duration').filter(
        (point) => point.attributes['mcp.protocol.version'] === protocolVersion,
      );
      assert.ok(sessions.length >= 1, 'the client session was measured');
      assert.equal(sessions[0]!.attributes['network.transport'], 'tcp');
      if (protocolVersion === '2025-11-25') {
        // The server's side of a session ends when the client's DELETE ends it.
        const served = histogramPoints(collected, 'mcp.server.session.duration');
        assert.ok(served.some((point) => point.attributes['mcp.protocol.version'] === protocolVersion));
      }
    });
  });
}

describe('over HTTP+SSE in 2024-11-05', () => {
  it('records both sides of the session the old transport carries', async () => {
    const sseUrl = new URL('/sse', http.url).href;
    const { session } = await connectHttp(client(), sseUrl, {
      transport: 'sse',
      protocolVersion: '2024-11-05',
      eraCache: false,
    });
    try {
      await session.callTool({ name: 'lookup', arguments: {} });
    } finally {
      await session.close();
    }
    const spans = sdk.spans();
    const sent = onlySpan(spans, 'tools/call lookup', SpanKind.CLIENT);
    const served = onlySpan(spans, 'tools/call lookup', SpanKind.SERVER);
    assert.equal(parentOf(served), sent.spanContext().spanId);
    for (const span of [sent, served]) {
      assert.equal(span.attributes['mcp.protocol.version'], '2024-11-05');
      assert.equal(span.attributes['network.transport'], 'tcp');
    }
    assert.equal(sent.attributes['server.port'], port());
    // The old transport names its session in the endpoint's URL, which the server records.
    assert.equal(typeof served.attributes['mcp.session.id'], 'string');
  });
});

describe('a request of the server to the client', () => {
  it('is a CLIENT span on the server and a SERVER span on the client, inside the tool call trace', async () => {
    const { session } = await connectHttp(client(), http.url, { protocolVersion: '2025-11-25', eraCache: false });
    try {
      const result = await session.callTool({ name: 'asks', arguments: {} });
      assert.deepEqual(result.content, [{ type: 'text', text: 'Ada' }]);
    } finally {
      await session.close();
    }
    const spans = sdk.spans();
    const served = onlySpan(spans, 'tools/call asks', SpanKind.SERVER);
    const asked = onlySpan(spans, 'elicitation/create', SpanKind.CLIENT);
    const answered = onlySpan(spans, 'elicitation/create', SpanKind.SERVER);
    assert.equal(parentOf(asked), served.spanContext().spanId);
    assert.equal(parentOf(answered), asked.spanContext().spanId);
    assert.equal(answered.spanContext().traceId, served.spanContext().traceId);
  });
});
