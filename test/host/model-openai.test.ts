// The OpenAI Chat Completions bridge against a scripted endpoint on a real socket: what it
// sends (asserted on the recorded requests) and how it reads the stream back, including the
// ways compatible servers differ, errors, aborts and broken streams.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import { complete, ModelError, openaiModel, type ModelEvent, type ModelRequest } from '../../src/host/index.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';
import { collect, rejectsWithin } from '../helpers/model-stream.js';

const KEY = 'sk-test-0123456789abcdef';
const PNG = 'iVBORw0KGgo=';

describe('openaiModel', { timeout: 30_000 }, () => {
  let llm: ScriptedLlm;
  before(async () => {
    llm = await startScriptedLlm();
  });
  after(() => llm.close());

  /** A model on the scripted endpoint; each test reads its own requests from `from` on. */
  const model = (options: Partial<Parameters<typeof openaiModel>[0]> = {}) =>
    openaiModel({ model: 'gpt-test', apiKey: KEY, baseUrl: llm.openaiBaseUrl, ...options });

  it('streams text as it comes, then done with the stop reason, the model and the usage', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['Hel', 'lo', ' there'], model: 'gpt-test-2026', usage: { input: 21, output: 3 } });
    const events = await collect(
      model().stream({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.2 }),
    );
    assert.deepEqual(events, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'text', text: ' there' },
      { type: 'done', stopReason: 'end', model: 'gpt-test-2026', usage: { inputTokens: 21, outputTokens: 3 } },
    ]);
    const request = llm.requests[from]!;
    assert.equal(request.url, '/v1/chat/completions');
    assert.equal(request.headers.authorization, `Bearer ${KEY}`);
    assert.equal(request.headers.accept, 'text/event-stream');
    assert.deepEqual(request.body, {
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
    });
  });

  it('collects a whole answer with complete()', async () => {
    llm.push({ text: ['4'], stop: 'length' });
    const answer = await complete(model(), { messages: [{ role: 'user', content: '2+2?' }], model: 'gpt-other' });
    assert.deepEqual(answer, {
      text: '4',
      toolCalls: [],
      stopReason: 'max_tokens',
      model: 'gpt-other',
      usage: { inputTokens: 11, outputTokens: 7 },
    });
    assert.equal(llm.requests.at(-1)!.body!.model, 'gpt-other');
  });

  it('assembles tool calls from argument fragments and offers the tools', async () => {
    const from = llm.requests.length;
    llm.push({
      text: ['Let me look.'],
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' }, pieces: 5 },
        { id: 'call_b', name: 'get_time', arguments: { zone: 'Europe/Paris' }, pieces: 2 },
      ],
    });
    const tools = [
      {
        name: 'get_weather',
        description: 'The weather',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      },
      { name: 'get_time', inputSchema: { type: 'object' } },
    ];
    const answer = await complete(model(), {
      messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
      tools,
      toolChoice: 'required',
      maxTokens: 100,
      stopSequences: ['END'],
    });
    assert.deepEqual(answer.toolCalls, [
      { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
      { id: 'call_b', name: 'get_time', arguments: { zone: 'Europe/Paris' } },
    ]);
    assert.equal(answer.text, 'Let me look.');
    assert.equal(answer.stopReason, 'tool_use');
    const body = llm.requests[from]!.body!;
    assert.deepEqual(body.tools, [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
      { type: 'function', function: { name: 'get_time', parameters: { type: 'object' } } },
    ]);
    assert.equal(body.tool_choice, 'required');
    // A compatible endpoint gets max_tokens; stop sequences are `stop`.
    assert.equal(body.max_tokens, 100);
    assert.equal(body.max_completion_tokens, undefined);
    assert.deepEqual(body.stop, ['END']);
  });

  it('emits each tool call once, after its last fragment', async () => {
    llm.push({ toolCalls: [{ name: 'echo', arguments: { text: 'a long enough argument' }, pieces: 6 }] });
    const events = await collect(model().stream({ messages: [{ role: 'user', content: 'x' }] }));
    const calls = events.filter((e) => e.type === 'tool_call');
    assert.equal(calls.length, 1);
    assert.deepEqual(events.at(-1), {
      type: 'done',
      stopReason: 'tool_use',
      model: 'gpt-test',
      usage: { inputTokens: 11, outputTokens: 7 },
    });
  });

  it('sends a conversation with tool calls and results in the Chat Completions shape', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['Done.'] });
    const request: ModelRequest = {
      messages: [
        { role: 'user', content: 'Screenshot and list files.' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'call_1', name: 'screenshot', arguments: {} },
            { id: 'call_2', name: 'list', arguments: { dir: '/tmp' } },
          ],
        },
        {
          role: 'tool',
          toolCallId: 'call_1',
          name: 'screenshot',
          content: [
            { type: 'text', text: 'Here it is:' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
          ],
        },
        { role: 'tool', toolCallId: 'call_2', name: 'list', content: 'no such directory', isError: true },
        { role: 'assistant', content: 'The screen shows a window.' },
        { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      ],
    };
    await collect(model().stream(request));
    assert.deepEqual(llm.requests[from]!.body!.messages, [
      { role: 'user', content: 'Screenshot and list files.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'screenshot', arguments: '{}' } },
          { id: 'call_2', type: 'function', function: { name: 'list', arguments: '{"dir":"/tmp"}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'Here it is:\n[image 1 (image/png): sent in the next user message]',
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'Error: no such directory' },
      // The images of the tool results, after the whole run of tool messages.
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The images returned by tool "screenshot" (call call_1):' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
      { role: 'assistant', content: 'The screen shows a window.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('sends images of a user message as data URLs', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['A cat.'] });
    await collect(
      model().stream({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', data: PNG, mimeType: 'image/jpeg' },
            ],
          },
        ],
      }),
    );
    assert.deepEqual(llm.requests[from]!.body!.messages, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } },
        ],
      },
    ]);
  });

  it('reaches OpenAI itself with max_completion_tokens, and honours maxTokensField', async () => {
    const seen: { url: string; body: Record<string, unknown> }[] = [];
    const fetchStub = (url: string, init: RequestInit) => {
      seen.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return Promise.resolve(new Response('', { status: 503 }));
    };
    const openai = openaiModel({ model: 'gpt-5', apiKey: KEY, fetch: fetchStub });
    await assert.rejects(collect(openai.stream({ messages: [], maxTokens: 9 })), ModelError);
    assert.equal(seen[0]!.url, 'https://api.openai.com/v1/chat/completions');
    assert.equal(seen[0]!.body.max_completion_tokens, 9);
    assert.equal(seen[0]!.body.max_tokens, undefined);
    const chosen = openaiModel({ model: 'gpt-5', fetch: fetchStub, maxTokensField: 'max_tokens', streamUsage: false });
    await assert.rejects(collect(chosen.stream({ messages: [], maxTokens: 9 })), ModelError);
    assert.equal(seen[1]!.body.max_tokens, 9);
    assert.equal(seen[1]!.body.stream_options, undefined);
  });

  it('speaks to Azure OpenAI with its key header and api-version, and to a local server with no key', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['azure'] }, { text: ['local'] });
    const azure = openaiModel({
      model: 'my-deployment',
      baseUrl: `${llm.url}/openai/deployments/my-deployment/`,
      headers: { 'api-key': 'azure-secret-key' },
      query: { 'api-version': '2024-10-21' },
      extraBody: { seed: 7 },
    });
    assert.equal((await complete(azure, { messages: [{ role: 'user', content: 'x' }] })).text, 'azure');
    const azureRequest = llm.requests[from]!;
    assert.equal(azureRequest.url, '/openai/deployments/my-deployment/chat/completions?api-version=2024-10-21');
    assert.equal(azureRequest.headers['api-key'], 'azure-secret-key');
    assert.equal(azureRequest.headers.authorization, undefined);
    assert.equal(azureRequest.body!.seed, 7);
    const local = openaiModel({ model: 'qwen3', baseUrl: llm.openaiBaseUrl });
    assert.equal((await complete(local, { messages: [{ role: 'user', content: 'x' }] })).text, 'local');
    assert.equal(llm.requests[from + 1]!.headers.authorization, undefined);
  });

  it('reads what compatible servers do differently: whole calls sharing index 0, stop, no [DONE]', async () => {
    // As Ollama streams parallel calls: each whole in one fragment, all at index 0, told apart by id.
    const chunk = (delta: unknown, finish: string | null = null) =>
      `data: ${JSON.stringify({ model: 'qwen3:8b', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    llm.push({
      raw:
        chunk({ role: 'assistant', content: '' }) +
        chunk({ tool_calls: [{ index: 0, id: 'call_x', function: { name: 'a', arguments: '{"n":1}' } }] }) +
        chunk({ tool_calls: [{ index: 0, id: 'call_y', function: { name: 'b', arguments: { n: 2 } } }] }) +
        // No id at all: one is made up.
        chunk({ tool_calls: [{ index: 1, function: { name: 'c', arguments: '' } }] }) +
        chunk({}, 'stop'),
    });
    const answer = await complete(model(), { messages: [{ role: 'user', content: 'x' }] });
    assert.deepEqual(answer, {
      text: '',
      toolCalls: [
        { id: 'call_x', name: 'a', arguments: { n: 1 } },
        { id: 'call_y', name: 'b', arguments: { n: 2 } },
        { id: 'call_2', name: 'c', arguments: {} },
      ],
      stopReason: 'tool_use',
      model: 'qwen3:8b',
    });
  });

  it('turns an error status into a ModelError with the provider message, never the key', async () => {
    llm.push({ status: 401, error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error' } });
    const error = await rejectsWithin(collect(model().stream({ messages: [{ role: 'user', content: 'x' }] })));
    assert.ok(error instanceof ModelError);
    assert.equal(error.status, 401);
    assert.equal(error.code, 'invalid_request_error');
    assert.match(
      error.message,
      /^openai \(http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) answered 401 Unauthorized: Incorrect API key provided/,
    );
    assert.ok(!error.message.includes(KEY), error.message);

    llm.push({ status: 429, error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } });
    const limited = await rejectsWithin(collect(model().stream({ messages: [] })));
    assert.ok(limited instanceof ModelError);
    assert.equal(limited.status, 429);
    assert.match(limited.message, /429 Too Many Requests: Rate limit reached$/);

    llm.push({ raw: '<html>Bad gateway</html>', status: 502, contentType: 'text/html' });
    const gateway = await rejectsWithin(collect(model().stream({ messages: [] })));
    assert.ok(gateway instanceof ModelError);
    assert.equal(gateway.status, 502);
    assert.match(gateway.message, /502 Bad Gateway: "<html>Bad gateway<\/html>"$/);
  });

  it('refuses an answer that is not a stream, and says when the endpoint cannot be reached', async () => {
    llm.push({ raw: '{"choices":[]}', contentType: 'application/json' });
    const json = await rejectsWithin(collect(model().stream({ messages: [] })));
    assert.ok(json instanceof ModelError);
    assert.match(
      json.message,
      /answered application\/json instead of an event stream; does the endpoint support "stream": true\?/,
    );

    const port = await closedPort();
    const away = openaiModel({ model: 'm', baseUrl: `http://127.0.0.1:${port}/v1` });
    const unreachable = await rejectsWithin(collect(away.stream({ messages: [] })));
    assert.ok(unreachable instanceof ModelError);
    assert.match(
      unreachable.message,
      /^openai \(http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) could not be reached: .*ECONNREFUSED/,
    );
  });

  it('fails on malformed stream data, naming what was wrong', async () => {
    const cases: [string, RegExp][] = [
      ['data: {"choices": [\n\n', /sent a stream event whose data is not JSON: "\{\\"choices\\": \["/],
      ['data: {"choices": {}}\n\n', /malformed stream chunk \(its "choices" is not an array\)/],
      [
        'data: {"choices":[{"index":0,"delta":{"content":"partial"}}]}\n\n',
        /ended its stream before the answer was complete/,
      ],
      ['data: [DONE]\n\n', /ended its stream with \[DONE\] before saying why the answer stopped/],
      [
        'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"t","arguments":"{\\"a\\":"}}]},"finish_reason":"tool_calls"}]}\n\n',
        /called tool "t" with arguments that are not JSON: "\{\\"a\\":"/,
      ],
      [
        'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"t","arguments":"[1]"}}]},"finish_reason":"tool_calls"}]}\n\n',
        /called tool "t" with arguments that are not a JSON object/,
      ],
      [
        'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"arguments":"{}"}}]},"finish_reason":"tool_calls"}]}\n\n',
        /sent tool call c without a function name/,
      ],
    ];
    for (const [raw, expected] of cases) {
      llm.push({ raw });
      const error = await rejectsWithin(collect(model().stream({ messages: [] })));
      assert.ok(error instanceof ModelError, String(error));
      assert.match(error.message, expected);
    }
  });

  it('fails with the error a stream carries in place of a chunk', async () => {
    llm.push({ text: ['Some'], streamError: { message: 'The server had an error', type: 'server_error' } });
    const seen: ModelEvent[] = [];
    const error = await rejectsWithin(collect(model().stream({ messages: [] }), seen));
    assert.deepEqual(seen, [{ type: 'text', text: 'Some' }]);
    assert.ok(error instanceof ModelError);
    assert.equal(error.code, 'server_error');
    assert.equal(error.message, 'openai reported an error in its stream: The server had an error');
    // vLLM's shape.
    llm.push({ raw: 'data: {"object":"error","message":"out of memory","type":"InternalServerError"}\n\n' });
    const vllm = await rejectsWithin(collect(model().stream({ messages: [] })));
    assert.match(String(vllm), /reported an error in its stream: out of memory/);
  });

  it('stops promptly when the signal aborts mid-stream, rejecting with the abort reason', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['first'], stall: true });
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const iterate = (async () => {
      for await (const event of model().stream({ messages: [], signal: controller.signal })) {
        seen.push(event);
        controller.abort();
      }
    })();
    const error = await rejectsWithin(iterate);
    assert.deepEqual(seen, [{ type: 'text', text: 'first' }]);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'AbortError');
    await llm.closed(from);

    // A fetch that ignores the signal is stopped all the same.
    const deaf = (url: string, init: RequestInit) => fetch(url, { ...init, signal: null });
    llm.push({ text: ['second'], stall: true });
    const stubborn = new AbortController();
    const iterateDeaf = (async () => {
      for await (const event of model({ fetch: deaf }).stream({ messages: [], signal: stubborn.signal })) {
        assert.deepEqual(event, { type: 'text', text: 'second' });
        stubborn.abort();
      }
    })();
    assert.equal(((await rejectsWithin(iterateDeaf)) as Error).name, 'AbortError');
    await llm.closed(from + 1);

    // Already aborted: no request is made.
    const count = llm.requests.length;
    const reason = new Error('user left');
    const gone = await rejectsWithin(collect(model().stream({ messages: [], signal: AbortSignal.abort(reason) })));
    assert.equal(gone, reason);
    assert.equal(llm.requests.length, count);
  });

  it('releases the connection when the consumer stops early', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['one', 'two'], stall: true });
    for await (const event of model().stream({ messages: [] })) {
      assert.deepEqual(event, { type: 'text', text: 'one' });
      break;
    }
    await llm.closed(from);
  });

  it('fails a stream that falls silent for timeoutMs', async () => {
    const from = llm.requests.length;
    llm.push({ text: ['slow'], stall: true });
    const error = await rejectsWithin(collect(model({ timeoutMs: 200 }).stream({ messages: [] })));
    assert.ok(error instanceof ModelError);
    assert.match(
      error.message,
      /^openai \(http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) sent nothing for 200 ms \(timeoutMs\)$/,
    );
    await llm.closed(from);
  });

  it('refuses options that cannot work', () => {
    assert.throws(() => openaiModel({ model: '' }), /options\.model must name a model/);
    assert.throws(() => openaiModel({ model: 'm', baseUrl: 'not a url' }), /baseUrl "not a url" is not a URL/);
    assert.throws(() => openaiModel({ model: 'm', baseUrl: 'file:///v1' }), /must be an http or https URL/);
    assert.throws(
      () => openaiModel({ model: 'm', timeoutMs: 0 }),
      /options\.timeoutMs must be a positive number, got 0/,
    );
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
