// One trace for a whole agent turn: the host's chat loop records the turn, each model call
// and each tool call (OpenTelemetry's conventions for generative AI), and the MCP spans of the
// tool call continue inside it, across a real socket into the server. The model is a scripted
// stand-in of the OpenAI API on a real socket; the SDK is the real one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Host, openaiModel, type ChatEvent } from '../../src/host/index.js';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { instrument, uninstrument } from '../../src/otel/index.js';
// The host reaches the library through its entry points, as an application does: the published
// bundle, a copy of its own beside the sources the server here is built from. Each copy is
// instrumented; both record into the one SDK registered globally.
import { instrument as instrumentPublished, uninstrument as uninstrumentPublished } from 'mcpkit/otel';
import { Server } from '../../src/server/index.js';
import { within } from '../helpers/e2e.js';
import { onlySpan, parentOf, registerSdk, type RegisteredSdk } from '../helpers/otel.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

let sdk: RegisteredSdk;
let llm: ScriptedLlm;
let http: ListeningServer;

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const all: ChatEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

before(async () => {
  sdk = registerSdk();
  instrument();
  instrumentPublished();
  llm = await startScriptedLlm([]);
  const server = new Server({ name: 'weather', version: '1' });
  server.tool('forecast', { annotations: { readOnlyHint: true } }, () => ({
    content: [{ type: 'text', text: 'sunny' }],
  }));
  server.tool('broken', { annotations: { readOnlyHint: true } }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'station offline' }],
  }));
  http = await listen(server);
});
after(async () => {
  await http.close();
  await llm.close();
  uninstrument();
  uninstrumentPublished();
  await sdk.shutdown();
});

describe('a chat turn', () => {
  it('is one trace: the turn, its model calls, its tool calls and their MCP spans on both sides', async () => {
    sdk.reset();
    const model = openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' });
    const host = new Host({
      servers: { weather: { type: 'http', url: http.url } },
      model,
      consent: () => 'allow',
      eraCache: false,
    });
    llm.push(
      {
        toolCalls: [
          { name: 'weather__forecast', arguments: {} },
          { name: 'weather__broken', arguments: {} },
        ],
      },
      { text: ['Sunny.'], usage: { input: 12, output: 3 } },
    );
    try {
      const events = await within(collect(host.chat([{ role: 'user', content: 'Weather?' }])), 30_000, 'the turn');
      assert.equal(events.at(-1)?.type, 'done');
    } finally {
      await host.close();
    }
    const spans = sdk.spans();
    const turn = onlySpan(spans, 'invoke_agent', SpanKind.INTERNAL);
    assert.equal(parentOf(turn), undefined);
    assert.equal(turn.attributes['gen_ai.operation.name'], 'invoke_agent');
    const traceId = turn.spanContext().traceId;

    const modelCalls = spans.filter((span) => span.name === 'chat gpt-test');
    assert.equal(modelCalls.length, 2);
    for (const call of modelCalls) {
      assert.equal(call.kind, SpanKind.CLIENT);
      assert.equal(parentOf(call), turn.spanContext().spanId);
      assert.equal(call.attributes['gen_ai.provider.name'], 'openai');
      assert.equal(call.attributes['gen_ai.request.model'], 'gpt-test');
    }
    assert.deepEqual(modelCalls[0]!.attributes['gen_ai.response.finish_reasons'], ['tool_use']);
    assert.deepEqual(modelCalls[1]!.attributes['gen_ai.response.finish_reasons'], ['end']);
    assert.equal(modelCalls[1]!.attributes['gen_ai.usage.input_tokens'], 12);
    assert.equal(modelCalls[1]!.attributes['gen_ai.usage.output_tokens'], 3);

    const executed = onlySpan(spans, 'execute_tool weather__forecast', SpanKind.INTERNAL);
    assert.equal(parentOf(executed), turn.spanContext().spanId);
    assert.equal(executed.attributes['gen_ai.tool.name'], 'weather__forecast');
    assert.equal(typeof executed.attributes['gen_ai.tool.call.id'], 'string');
    const sent = onlySpan(spans, 'tools/call forecast', SpanKind.CLIENT);
    const served = onlySpan(spans, 'tools/call forecast', SpanKind.SERVER);
    assert.equal(parentOf(sent), executed.spanContext().spanId);
    assert.equal(parentOf(served), sent.spanContext().spanId);
    for (const span of [executed, sent, served]) assert.equal(span.spanContext().traceId, traceId);

    // A tool that reports an error marks its tool call failed, on every span of it.
    const failed = onlySpan(spans, 'execute_tool weather__broken', SpanKind.INTERNAL);
    assert.equal(failed.attributes['error.type'], 'tool_error');
    assert.equal(failed.status.code, SpanStatusCode.ERROR);
    assert.equal(onlySpan(spans, 'tools/call broken', SpanKind.CLIENT).attributes['error.type'], 'tool_error');
    assert.equal(turn.status.code, SpanStatusCode.UNSET);
  });
});
