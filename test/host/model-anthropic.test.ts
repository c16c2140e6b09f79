// The Anthropic Messages bridge against a scripted endpoint on a real socket: what it sends
// (asserted on the recorded requests) and how it reads the event stream back, including
// errors, aborts and broken streams.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { anthropicModel, complete, ModelError, type ModelEvent } from '../../src/host/index.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';
import { collect, rejectsWithin } from '../helpers/model-stream.js';

const KEY = 'sk-ant-test-0123456789abcdef';
const PNG = 'iVBORw0KGgo=';

/** One SSE event as the Messages API writes it. */
const sse = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
const START = sse({
  type: 'message_start',
  message: { model: 'claude-x', usage: { input_tokens: 5, output_tokens: 1 } },
});

describe('anthropicModel', { timeout: 30_000 }, () => {
  let llm: ScriptedLlm;
  before(async () => {
    llm = await startScriptedLlm();
  });
  after(() => llm.close());

  const model = (options: Partial<Parameters<typeof anthropicModel>[0]> = {}) =>
    anthropicModel({ model: 'claude-test', apiKey: KEY, baseUrl: llm.url, ...options });

  it('streams text as it comes, then done with the stop reason, the model and the usage', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['Hel', 'lo'], model: 'claude-test-20260101', usage: { input: 30, output: 4 } });
    const events = await collect(
      model().stream({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], temperature: 0 }),
    );
    assert.deepEqual(events, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'done', stopReason: 'end', model: 'claude-test-20260101', usage: { inputTokens: 30, outputTokens: 4 } },
    ]);
    const request = llm.requests[from]!;
    assert.equal(request.url, '/v1/messages');
    assert.equal(request.headers['x-api-key'], KEY);
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal(request.headers.authorization, undefined);
    assert.deepEqual(request.body, {
      model: 'claude-test',
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      temperature: 0,
    });
  });

  it('collects a whole answer with complete(), with the request overriding model and max_tokens', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['4'], stop: 'max_tokens' });
    const answer = await complete(model({ maxTokens: 1000 }), {
      messages: [{ role: 'user', content: '2+2?' }],
      model: 'claude-other',
      maxTokens: 5,
      stopSequences: ['\n\n'],
    });
    assert.deepEqual(answer, {
      text: '4',
      toolCalls: [],
      stopReason: 'max_tokens',
      model: 'claude-other',
      usage: { inputTokens: 11, outputTokens: 7 },
    });
    const body = llm.requests[from]!.body!;
    assert.equal(body.model, 'claude-other');
    assert.equal(body.max_tokens, 5);
    assert.deepEqual(body.stop_sequences, ['\n\n']);
  });

  it('maps every stop reason', async () => {
    const reasons: [string, string][] = [
      ['end_turn', 'end'],
      ['stop_sequence', 'stop_sequence'],
      ['refusal', 'refusal'],
      ['pause_turn', 'other'],
      ['model_context_window_exceeded', 'max_tokens'],
    ];
    for (const [stop, expected] of reasons) {
      llm.push({ text: ['x'], stop });
      assert.equal((await complete(model(), { messages: [{ role: 'user', content: 'x' }] })).stopReason, expected);
    }
  });

  it('assembles tool calls from input_json_delta pieces and offers the tools', async () => {
    const from = llm.requests.length;
    llm.push({
      text: ['Checking.'],
      toolCalls: [
        { id: 'toolu_a', name: 'get_weather', arguments: { city: 'Oslo', days: [1, 2] }, pieces: 6 },
        { id: 'toolu_b', name: 'ping', arguments: {}, pieces: 1 },
      ],
    });
    const events = await collect(
      model().stream({
        messages: [{ role: 'user', content: 'Weather in Oslo?' }],
        tools: [
          {
            name: 'get_weather',
            description: 'The weather',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
          },
          { name: 'ping', inputSchema: { type: 'object' } },
        ],
        toolChoice: 'required',
      }),
    );
    assert.deepEqual(events, [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_call', call: { id: 'toolu_a', name: 'get_weather', arguments: { city: 'Oslo', days: [1, 2] } } },
      { type: 'tool_call', call: { id: 'toolu_b', name: 'ping', arguments: {} } },
      { type: 'done', stopReason: 'tool_use', model: 'claude-test', usage: { inputTokens: 11, outputTokens: 7 } },
    ]);
    const body = llm.requests[from]!.body!;
    assert.deepEqual(body.tools, [
      {
        name: 'get_weather',
        description: 'The weather',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
      { name: 'ping', input_schema: { type: 'object' } },
    ]);
    assert.deepEqual(body.tool_choice, { type: 'any' });
  });

  it('maps the other tool choices, and sends none without tools', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['a'] }, { text: ['b'] }, { text: ['c'] });
    const tools = [{ name: 't', inputSchema: { type: 'object' } }];
    await complete(model(), { messages: [{ role: 'user', content: 'x' }], tools, toolChoice: 'auto' });
    await complete(model(), { messages: [{ role: 'user', content: 'x' }], tools, toolChoice: 'none' });
    await complete(model(), { messages: [{ role: 'user', content: 'x' }], toolChoice: 'auto' });
    assert.deepEqual(llm.requests[from]!.body!.tool_choice, { type: 'auto' });
    assert.deepEqual(llm.requests[from + 1]!.body!.tool_choice, { type: 'none' });
    assert.equal(llm.requests[from + 2]!.body!.tool_choice, undefined);
    assert.equal(llm.requests[from + 2]!.body!.tools, undefined);
  });

  it('sends tool calls and their results as tool_use and tool_result blocks, one user turn for a run', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['Done.'] });
    await collect(
      model().stream({
        messages: [
          { role: 'user', content: 'Screenshot and list files.' },
          {
            role: 'assistant',
            content: 'On it.',
            toolCalls: [
              { id: 'toolu_1', name: 'screenshot', arguments: {} },
              { id: 'toolu_2', name: 'list', arguments: { dir: '/tmp' } },
            ],
          },
          {
            role: 'tool',
            toolCallId: 'toolu_1',
            name: 'screenshot',
            content: [
              { type: 'text', text: 'Here it is:' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
          },
          { role: 'tool', toolCallId: 'toolu_2', name: 'list', content: 'no such directory', isError: true },
          { role: 'user', content: 'And now?' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_3', name: 'list', arguments: { dir: '/' } }] },
          { role: 'tool', toolCallId: 'toolu_3', name: 'list', content: 'bin etc' },
        ],
      }),
    );
    assert.deepEqual(llm.requests[from]!.body!.messages, [
      { role: 'user', content: 'Screenshot and list files.' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'On it.' },
          { type: 'tool_use', id: 'toolu_1', name: 'screenshot', input: {} },
          { type: 'tool_use', id: 'toolu_2', name: 'list', input: { dir: '/tmp' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: 'Here it is:' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            ],
          },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'no such directory', is_error: true },
          { type: 'text', text: 'And now?' },
        ],
      },
      // No empty text block beside the tool call.
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_3', name: 'list', input: { dir: '/' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_3', content: 'bin etc' }] },
    ]);
  });

  it('sends images of a user message as base64 sources', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['A cat.'] });
    await collect(
      model().stream({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', data: PNG, mimeType: 'image/webp' },
              { type: 'text', text: 'What is this?' },
            ],
          },
        ],
      }),
    );
    assert.deepEqual(llm.requests[from]!.body!.messages, [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: PNG } },
          { type: 'text', text: 'What is this?' },
        ],
      },
    ]);
  });

  it('turns an error status into a ModelError with the provider message and type, never the key', async () => {
    llm.push({ status: 401, error: { message: `invalid x-api-key ${KEY}`, type: 'authentication_error' } });
    const error = await rejectsWithin(collect(model().stream({ messages: [{ role: 'user', content: 'x' }] })));
    assert.ok(error instanceof ModelError);
    assert.equal(error.status, 401);
    assert.equal(error.code, 'authentication_error');
    assert.match(
      error.message,
      /^anthropic \(http:\/\/127\.0\.0\.1:\d+\/v1\/messages\) answered 401 Unauthorized: invalid x-api-key \[redacted\]$/,
    );

    llm.push({ status: 529, error: { message: 'Overloaded', type: 'overloaded_error' } });
    const overloaded = await rejectsWithin(collect(model().stream({ messages: [{ role: 'user', content: 'x' }] })));
    assert.ok(overloaded instanceof ModelError);
    assert.equal(overloaded.status, 529);
    assert.equal(overloaded.code, 'overloaded_error');
    assert.match(overloaded.message, /answered 529 .*: Overloaded$/);
  });

  it('fails with an error event sent mid-stream, after the text before it', async () => {
    llm.push({ text: ['Part'], streamError: { message: 'Overloaded', type: 'overloaded_error' } });
    const seen: ModelEvent[] = [];
    const error = await rejectsWithin(collect(model().stream({ messages: [{ role: 'user', content: 'x' }] }), seen));
    assert.deepEqual(seen, [{ type: 'text', text: 'Part' }]);
    assert.ok(error instanceof ModelError);
    assert.equal(error.status, undefined);
    assert.equal(error.code, 'overloaded_error');
    assert.equal(error.message, 'anthropic reported an error in its stream: Overloaded');
  });

  it('skips blocks and events it does not know, and reads the cache tokens as input', async () => {
    llm.push({
      raw:
        sse({
          type: 'message_start',
          message: { model: 'claude-x', usage: { input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 1 } },
        }) +
        sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }) +
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }) +
        sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } }) +
        sse({ type: 'content_block_stop', index: 0 }) +
        sse({ type: 'some_future_event', detail: 1 }) +
        ': a comment\n\n' +
        sse({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }) +
        sse({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } }) +
        sse({ type: 'content_block_stop', index: 1 }) +
        sse({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } }) +
        sse({ type: 'message_stop' }),
    });
    const events = await collect(model().stream({ messages: [{ role: 'user', content: 'x' }] }));
    assert.deepEqual(events, [
      { type: 'text', text: 'Hi' },
      { type: 'done', stopReason: 'end', model: 'claude-x', usage: { inputTokens: 105, outputTokens: 9 } },
    ]);
  });

  it('fails on malformed stream data, naming what was wrong', async () => {
    const toolStart = sse({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 't1', name: 'calc', input: {} },
    });
    const piece = (json: string) =>
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: json } });
    const cases: [string, RegExp][] = [
      ['event: message_start\ndata: {"type": "message_start", \n\n', /sent a stream event whose data is not JSON/],
      [
        sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
        /content_block_start before message_start/,
      ],
      [
        START + sse({ type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'x' } }),
        /content_block_delta for block 3, which is not open/,
      ],
      [
        START + toolStart + piece('{"a": 1,') + piece(' "b"') + sse({ type: 'content_block_stop', index: 0 }),
        /called tool "calc" with arguments that are not JSON: "\{\\"a\\": 1, \\"b\\""/,
      ],
      [
        START + toolStart + sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'x' } }),
        /a text_delta for a block that is not text/,
      ],
      [
        START + sse({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', input: {} } }),
        /a tool_use block without its id and name/,
      ],
      [
        START + sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
        /ended its stream before the answer was complete \(no message_stop\)/,
      ],
    ];
    for (const [raw, expected] of cases) {
      llm.push({ raw });
      const error = await rejectsWithin(collect(model().stream({ messages: [{ role: 'user', content: 'x' }] })));
      assert.ok(error instanceof ModelError, String(error));
      assert.match(error.message, expected);
    }
  });

  it('stops promptly when the signal aborts mid-stream, rejecting with the abort reason', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['first'], stall: true });
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const iterate = (async () => {
      for await (const event of model().stream({
        messages: [{ role: 'user', content: 'x' }],
        signal: controller.signal,
      })) {
        seen.push(event);
        controller.abort();
      }
    })();
    const error = await rejectsWithin(iterate);
    assert.deepEqual(seen, [{ type: 'text', text: 'first' }]);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'AbortError');
    await llm.closed(from);
  });

  it('fails a stream that falls silent for timeoutMs', async () => {
    const from = llm.requests.length;
    llm.push({ stall: true });
    const error = await rejectsWithin(
      collect(model({ timeoutMs: 150 }).stream({ messages: [{ role: 'user', content: 'x' }] })),
    );
    assert.ok(error instanceof ModelError);
    assert.match(
      error.message,
      /^anthropic \(http:\/\/127\.0\.0\.1:\d+\/v1\/messages\) sent nothing for 150 ms \(timeoutMs\)$/,
    );
    await llm.closed(from);
  });

  it('sends the headers of the options over its own, and refuses options that cannot work', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['ok'] });
    const beta = model({ headers: { 'anthropic-beta': 'some-feature', 'Anthropic-Version': '2099-01-01' } });
    await complete(beta, { messages: [{ role: 'user', content: 'x' }] });
    assert.equal(llm.requests[from]!.headers['anthropic-beta'], 'some-feature');
    assert.equal(llm.requests[from]!.headers['anthropic-version'], '2099-01-01');
    assert.throws(
      () => anthropicModel({ model: 'm', maxTokens: 0 }),
      /options\.maxTokens must be a positive integer, got 0/,
    );
    assert.throws(() => anthropicModel({ model: '' }), /options\.model must name a model/);
  });
});
