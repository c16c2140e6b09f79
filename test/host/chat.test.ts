// The host's chat loop and its answer to sampling, against scripted stand-ins of the OpenAI and
// Anthropic APIs on real sockets, with mcpkit's example server over stdio: tool calls run
// through consent, results go back in each API's shape, answers stream, a refused call is
// told to the model, the step limit and cancellation hold.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import {
  anthropicModel,
  Host,
  openaiModel,
  type ChatEvent,
  type ConsentRequest,
  type Model,
} from '../../src/host/index.js';
import { CLI, within } from '../helpers/e2e.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

const servers = { example: { type: 'stdio' as const, command: process.execPath, args: [CLI, 'example-server'] } };

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const all: ChatEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('host.chat', () => {
  let llm: ScriptedLlm;
  before(async () => {
    llm = await startScriptedLlm([]);
  });
  after(() => llm.close());

  const models: [string, () => Model][] = [
    ['openai', () => openaiModel({ model: 'gpt-test', baseUrl: llm.openaiBaseUrl, apiKey: 'sk-test' })],
    ['anthropic', () => anthropicModel({ model: 'claude-test', baseUrl: llm.url, apiKey: 'sk-ant-test' })],
  ];

  for (const [provider, makeModel] of models) {
    it(`${provider}: runs the tool the model asks for and streams the answer that follows`, async () => {
      const asked: ConsentRequest[] = [];
      const host = new Host({ servers, model: makeModel(), consent: (r) => (asked.push(r), 'allow'), eraCache: false });
      const first = llm.requests.length;
      llm.push(
        { toolCalls: [{ name: 'example__weather', arguments: { city: 'Oslo' } }] },
        { text: ['It is ', 'sunny ', 'in Oslo.'] },
      );
      try {
        const events = await within(
          collect(host.chat([{ role: 'user', content: 'Weather in Oslo?' }])),
          30_000,
          'the turn',
        );
        const texts = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text);
        assert.deepEqual(texts, ['It is ', 'sunny ', 'in Oslo.']);
        const call = events.find((e) => e.type === 'tool_call');
        assert.deepEqual(call?.type === 'tool_call' && [call.call.name, call.call.arguments, call.server], [
          'example__weather',
          { city: 'Oslo' },
          'example',
        ]);
        const result = events.find((e) => e.type === 'tool_result');
        assert.ok(result?.type === 'tool_result');
        assert.equal((result.result.structuredContent as { city: string }).city, 'Oslo');
        const done = events.at(-1);
        assert.ok(done?.type === 'done');
        assert.equal(done.stopReason, 'end');
        assert.equal(done.steps, 2);
        assert.deepEqual(
          done.messages.map((m) => m.role),
          ['user', 'assistant', 'tool', 'assistant'],
        );
        assert.equal(asked.length, 1, 'weather is not read-only: asked');
        // The tools went to the model; the result went back in the API's own shape.
        const [offer, followUp] = llm.requests.slice(first);
        const tools = JSON.stringify(offer!.body!.tools);
        assert.match(tools, /example__weather/);
        assert.match(tools, /example__echo/);
        const back = JSON.stringify(followUp!.body!.messages);
        assert.match(back, provider === 'openai' ? /"role":"tool"/ : /"type":"tool_result"/);
        assert.match(back, /Oslo/);
      } finally {
        await host.close();
      }
    });

    it(`${provider}: tells the model of a call the user refused`, async () => {
      const host = new Host({ servers, model: makeModel(), consent: () => 'deny', eraCache: false });
      const first = llm.requests.length;
      llm.push({ toolCalls: [{ name: 'example__note', arguments: { text: 'x' } }] }, { text: ['I could not.'] });
      try {
        const events = await within(collect(host.chat([{ role: 'user', content: 'Note x' }])), 30_000, 'the turn');
        const refused = events.find((e) => e.type === 'tool_error');
        assert.ok(refused?.type === 'tool_error');
        assert.equal(refused.denied, true);
        const back = JSON.stringify(llm.requests[first + 1]!.body!.messages);
        assert.match(back, /did not allow/);
        if (provider === 'anthropic') assert.match(back, /"is_error":true/);
      } finally {
        await host.close();
      }
    });
  }

  it('stops at the step limit, and a signal stops the turn', async () => {
    const host = new Host({
      servers,
      model: models[0]![1](),
      consent: () => 'allow',
      eraCache: false,
    });
    try {
      llm.push(
        { toolCalls: [{ name: 'example__add', arguments: { a: 1, b: 2 } }] },
        { toolCalls: [{ name: 'example__add', arguments: { a: 3, b: 4 } }] },
      );
      const events = await collect(host.chat([{ role: 'user', content: 'add forever' }], { maxSteps: 2 }));
      const done = events.at(-1);
      assert.ok(done?.type === 'done');
      assert.equal(done.stopReason, 'max_steps');
      assert.equal(events.filter((e) => e.type === 'tool_result').length, 2);

      llm.push({ text: ['Thinking'], stall: true });
      const controller = new AbortController();
      const seen: ChatEvent[] = [];
      const turn = (async () => {
        for await (const event of host.chat([{ role: 'user', content: 'hi' }], { signal: controller.signal })) {
          seen.push(event);
          if (event.type === 'text') controller.abort(new Error('stopped by the user'));
        }
      })();
      await assert.rejects(within(turn, 10_000, 'the turn to stop'), /stopped by the user/);
      assert.deepEqual(
        seen.map((e) => e.type),
        ['text'],
      );
    } finally {
      await host.close();
    }
  });

  it("answers a server's sampling request with the host's model, after consent", async () => {
    const asked: ConsentRequest[] = [];
    const host = new Host({
      servers,
      model: models[1]![1](),
      consent: (request) => (asked.push(request), 'allow'),
      eraCache: false,
    });
    try {
      llm.push({ text: ['Old pond, ', 'a frog jumps'] });
      const result = await within(host.callTool('example__haiku', { topic: 'frogs' }), 30_000, 'the haiku');
      assert.deepEqual(result.content, [{ type: 'text', text: 'Old pond, a frog jumps' }]);
      assert.deepEqual(
        asked.map((r) => r.kind),
        ['tool', 'sampling'],
      );
      const sampling = asked[1]!;
      assert.ok(sampling.kind === 'sampling');
      assert.match(JSON.stringify(sampling.params.messages), /haiku about frogs/);
      assert.equal(llm.requests.at(-1)!.body!.max_tokens, 100);
    } finally {
      await host.close();
    }
  });
});
