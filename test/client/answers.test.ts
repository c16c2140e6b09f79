// How the client answers the server's requests (sampling, roots), the capabilities that follow
// from the answers it can give, and cancellation of those requests by the server.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { RequestCancelledError } from '../../src/protocol/request-context.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../../src/types/sampling.js';
import { clientInfo, link, linkRunning, run, serverRunning } from '../helpers/linked-client.js';

const question = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Weather in Paris?' } }],
  maxTokens: 100,
};
const weatherTool = {
  name: 'get_weather',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

describe('sampling', () => {
  it('the handler gets the typed request, with tools, and its answer reaches the server', async () => {
    const seen: CreateMessageRequestParams[] = [];
    const answer: CreateMessageResult = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: 'get_weather', input: { city: 'Paris' } }],
      model: 'test-model',
      stopReason: 'toolUse',
    };
    const { session } = await linkRunning(
      (ctx) => ctx.sample({ ...question, tools: [weatherTool], toolChoice: { mode: 'auto' } }),
      {
        sampling: {
          tools: true,
          handler: (params) => {
            seen.push(params);
            return answer;
          },
        },
      },
    );
    assert.deepEqual(await run(session), answer);
    assert.deepEqual(seen[0]?.tools, [weatherTool]);
    assert.deepEqual(seen[0]?.toolChoice, { mode: 'auto' });
    await session.close();
  });

  it('accepts a bare handler function', async () => {
    const answer = { role: 'assistant' as const, content: { type: 'text' as const, text: 'Sunny' }, model: 'm' };
    const { session } = await linkRunning((ctx) => ctx.sample(question), { sampling: () => answer });
    assert.deepEqual(await run(session), answer);
    await session.close();
  });

  it('refuses tools with -32602 when the application did not say its model can use them', async () => {
    let called = false;
    const { session, serverSession } = await linkRunning(() => undefined, {
      sampling: () => {
        called = true;
        return { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' };
      },
    });
    // Sent raw: the server's own context would refuse before sending.
    const request = serverSession.request('sampling/createMessage', { ...question, tools: [weatherTool] });
    await assert.rejects(
      request,
      (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && /tools in sampling/.test(e.message),
    );
    assert.equal(called, false);
    await session.close();
  });

  it('refuses an unanswered tool use with -32602 before the handler runs', async () => {
    let called = false;
    const { session, serverSession } = await linkRunning(() => undefined, {
      sampling: {
        tools: true,
        handler: () => {
          called = true;
          return { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' };
        },
      },
    });
    const messages = [
      question.messages[0],
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: {} }] },
    ];
    const request = serverSession.request('sampling/createMessage', { messages, maxTokens: 10, tools: [weatherTool] });
    await assert.rejects(
      request,
      (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && /no tool_result/.test(e.message),
    );
    assert.equal(called, false);
    await session.close();
  });

  it('a malformed answer from the application is -32603 for the server and reported locally', async () => {
    const errors: Error[] = [];
    const { session } = await linkRunning((ctx) => ctx.sample(question), {
      sampling: () =>
        ({ role: 'assistant', content: { type: 'text', text: 'no model named' } }) as unknown as CreateMessageResult,
      onError: (e) => errors.push(e),
    });
    const outcome = (await run(session)) as { error: { code: number; message: string } };
    assert.equal(outcome.error.code, -32603);
    assert.match(outcome.error.message, /malformed sampling\/createMessage result/);
    assert.equal(errors.length, 1);
    await session.close();
  });

  it('a refusal the handler throws as an McpError reaches the server as is', async () => {
    const { session } = await linkRunning((ctx) => ctx.sample(question), {
      sampling: () => {
        throw new JsonRpcError(-1, 'User rejected sampling request');
      },
    });
    assert.deepEqual(await run(session), { error: { code: -1, message: 'User rejected sampling request' } });
    await session.close();
  });
});

describe('roots', () => {
  const project = { uri: 'file:///home/user/project', name: 'Project' };
  const other = { uri: 'file:///home/user/other' };

  it('answers roots/list with the configured roots, and the updated ones after setRoots', async () => {
    const { client, session, sent } = await linkRunning((ctx) => ctx.listRoots(), { roots: [project] });
    assert.deepEqual(await run(session), { roots: [project] });
    await client.setRoots([project, other]);
    assert.deepEqual(
      sent.filter((m) => m.method === 'notifications/roots/list_changed'),
      [{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }],
    );
    assert.deepEqual(await run(session), { roots: [project, other] });
    assert.deepEqual(client.roots, [project, other]);
    await session.close();
  });

  it('setRoots tells every open session that declared roots.listChanged, and no closed one', async () => {
    const client = new Client(clientInfo, { roots: [] });
    const server = serverRunning(() => undefined);
    const [one, two, closed] = [
      await link(server, client),
      await link(server, client, '2024-11-05'),
      await link(server, client),
    ];
    await closed.session.close();
    const withdrawn = new Client(clientInfo, { roots: [], capabilities: { roots: { listChanged: false } } });
    const quiet = await link(server, withdrawn);
    await client.setRoots([project]);
    await withdrawn.setRoots([project]);
    const notified = (l: typeof one) => l.sent.filter((m) => m.method === 'notifications/roots/list_changed').length;
    assert.deepEqual([notified(one), notified(two), notified(closed), notified(quiet)], [1, 1, 0, 0]);
    await Promise.all([one.session.close(), two.session.close(), quiet.session.close()]);
  });

  it('refuses a root that is not a file:// URI', async () => {
    assert.throws(() => new Client(clientInfo, { roots: [{ uri: 'https://example.com' }] }), /must be a file:\/\/ URI/);
    const client = new Client(clientInfo, { roots: [project] });
    await assert.rejects(client.setRoots([{ uri: '/home/user' }]), /must be a file:\/\/ URI/);
    assert.deepEqual(client.roots, [project]);
  });

  it('without roots the server is told -32601', async () => {
    const { session, serverSession } = await linkRunning(() => undefined);
    await assert.rejects(serverSession.request('roots/list', {}), /roots/);
    await session.close();
  });
});

describe('capabilities follow from the handlers', () => {
  const everything = {
    roots: [],
    sampling: {
      handler: () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: '' }, model: 'm' }),
      tools: true,
      context: true,
    },
    elicitation: { form: () => ({ action: 'cancel' as const }), url: () => ({ action: 'cancel' as const }) },
  };
  /** 2025-11-25: sampling and forms may be asked as tasks of the client's (`requests`). */
  const tasks = (requests: Record<string, unknown>) => ({ tasks: { list: {}, cancel: {}, requests } });
  const SAMPLING_TASKS = { sampling: { createMessage: {} } };
  const ELICITATION_TASKS = { elicitation: { create: {} } };
  const expected: Record<LegacyVersion, unknown> = {
    '2025-11-25': {
      roots: { listChanged: true },
      sampling: { tools: {}, context: {} },
      elicitation: { form: {}, url: {} },
      ...tasks({ ...SAMPLING_TASKS, ...ELICITATION_TASKS }),
    },
    '2025-06-18': { roots: { listChanged: true }, sampling: {}, elicitation: {} },
    '2025-03-26': { roots: { listChanged: true }, sampling: {} },
    '2024-11-05': { roots: { listChanged: true }, sampling: {} },
  };
  for (const [version, capabilities] of Object.entries(expected) as [LegacyVersion, unknown][]) {
    it(`with every handler, in ${version}`, async () => {
      const { session } = await linkRunning((ctx) => ctx.clientCapabilities, everything, version);
      assert.deepEqual(await run(session), capabilities);
      await session.close();
    });
  }

  const cases: [string, ConstructorParameters<typeof Client>[1], LegacyVersion, unknown][] = [
    ['no handlers', {}, '2025-11-25', {}],
    [
      'sampling without tools or context',
      { sampling: everything.sampling.handler },
      '2025-11-25',
      { sampling: {}, ...tasks(SAMPLING_TASKS) },
    ],
    [
      'form elicitation only',
      { elicitation: { form: everything.elicitation.form } },
      '2025-11-25',
      { elicitation: { form: {} }, ...tasks(ELICITATION_TASKS) },
    ],
    [
      'URL elicitation only',
      { elicitation: { url: everything.elicitation.url } },
      '2025-11-25',
      { elicitation: { url: {} }, ...tasks(ELICITATION_TASKS) },
    ],
    [
      'URL elicitation only, before URL mode existed',
      { elicitation: { url: everything.elicitation.url } },
      '2025-06-18',
      {},
    ],
    [
      'explicit capabilities added and overriding',
      {
        sampling: everything.sampling,
        roots: [],
        capabilities: { experimental: { trace: {} }, sampling: { context: undefined }, roots: undefined },
      },
      '2025-11-25',
      { experimental: { trace: {} }, sampling: { tools: {} }, ...tasks(SAMPLING_TASKS) },
    ],
  ];
  for (const [name, options, version, capabilities] of cases) {
    it(name, async () => {
      const { client, session } = await linkRunning((ctx) => ctx.clientCapabilities, options, version);
      assert.deepEqual(await run(session), capabilities);
      if (version === '2025-11-25') assert.deepEqual(client.capabilities, capabilities);
      await session.close();
    });
  }
});

describe('cancellation by the server', () => {
  it('aborting the tool call aborts the sampling the tool started, and the handler sees it', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let sawAbort!: (reason: unknown) => void;
    const aborted = new Promise<unknown>((resolve) => (sawAbort = resolve));
    const { session } = await linkRunning((ctx) => ctx.sample(question), {
      sampling: (_params, ctx) =>
        new Promise((_resolve, reject) => {
          started();
          ctx.signal.addEventListener('abort', () => {
            sawAbort(ctx.signal.reason);
            reject(new Error('stopped'));
          });
        }),
    });
    const controller = new AbortController();
    const call = session.callTool({ name: 'run' }, { signal: controller.signal });
    await handlerStarted;
    controller.abort(new Error('user pressed stop'));
    await assert.rejects(call, /user pressed stop/);
    assert.ok((await aborted) instanceof RequestCancelledError);
    await session.close();
  });

  it('a server request aborted with its signal aborts the elicitation handler', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let sawAbort!: (reason: unknown) => void;
    const aborted = new Promise<unknown>((resolve) => (sawAbort = resolve));
    const { serverSession, session } = await linkRunning(() => undefined, {
      elicitation: {
        form: (_params, ctx) =>
          new Promise((done) => {
            started();
            ctx.signal.addEventListener('abort', () => {
              sawAbort(ctx.signal.reason);
              done({ action: 'cancel' });
            });
          }),
      },
    });
    const controller = new AbortController();
    const request = serverSession.request(
      'elicitation/create',
      { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
      { signal: controller.signal },
    );
    await handlerStarted;
    controller.abort(new Error('no longer needed'));
    await assert.rejects(request, /no longer needed/);
    assert.ok((await aborted) instanceof RequestCancelledError);
    await session.close();
  });
});
