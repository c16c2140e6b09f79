// Multi round-trip requests, client side: the limits (round cap, input the client cannot give,
// answers that cannot be sent), the caller taking over the loop, and parallel calls.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InputRequestNotSupportedError, InputRoundsExceededError, type ClientSession } from '../../src/client/index.js';
import { Client } from '../../src/client/index.js';
import { McpError } from '../../src/protocol/errors.js';
import type { InputRequiredResult } from '../../src/types/multi-round-trip.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deferred } from '../helpers/deferred.js';
import { askModel, askName, clientInfo, scripted, text } from '../helpers/multi-round-trip.js';

const answerName = { elicitation: { form: () => ({ action: 'accept' as const, content: { name: 'octocat' } }) } };

/** A tool that never stops asking, with a new state each time. */
const insatiable = {
  'tools/call': (params: Record<string, unknown>) => ({
    resultType: 'input_required',
    inputRequests: { name: askName() },
    requestState: `after-${String(params.requestState ?? 'none')}`,
  }),
};

describe('limits of the input loop', () => {
  it('stops after the configured rounds with an error carrying the last request for input', async () => {
    const { session, of } = await scripted(insatiable, { ...answerName, maxInputRounds: 3 });
    const error = await session.callTool({ name: 'forever' }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof InputRoundsExceededError);
    assert.match(error.message, /tools\/call still required input after 3 rounds/);
    assert.equal(error.result.requestState, 'after-after-after-after-none');
    assert.equal(of('tools/call').length, 4);
    await session.close();
  });

  it('takes a per-call limit over the client one, down to no rounds at all', async () => {
    const { session, of } = await scripted(insatiable, answerName);
    await assert.rejects(session.callTool({ name: 'forever' }, { maxInputRounds: 0 }), InputRoundsExceededError);
    assert.equal(of('tools/call').length, 1);
    await assert.rejects(session.callTool({ name: 'forever' }), /after 10 rounds/);
    assert.equal(of('tools/call').length, 1 + 11);
    await session.close();
  });

  it('refuses input the client did not declare, before any handler runs and without retrying', async () => {
    let sampled = 0;
    const { session, of } = await scripted(
      {
        'tools/call': () => ({
          resultType: 'input_required',
          inputRequests: { model: askModel('hi'), login: askName() },
        }),
      },
      {
        sampling: () => {
          sampled++;
          return { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' };
        },
      },
    );
    const error = await session.callTool({ name: 'ask' }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof InputRequestNotSupportedError);
    assert.equal(error.code, -32601);
    assert.match(
      error.message,
      /elicitation\/create \(input request "login"\).*did not declare the elicitation capability/,
    );
    assert.deepEqual(error.data, { key: 'login', method: 'elicitation/create' });
    assert.equal(sampled, 0);
    assert.equal(of('tools/call').length, 1);
    await session.close();
  });

  it('answers a URL elicitation only when the client declared URL mode', async () => {
    const openUrl = {
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Connect your account', url: 'https://example.com/connect' },
    };
    const script = {
      'tools/call': (params: Record<string, unknown>) =>
        params.inputResponses === undefined
          ? { resultType: 'input_required', inputRequests: { link: openUrl } }
          : text('linked'),
    };
    const formsOnly = await scripted(script, answerName);
    await assert.rejects(
      formsOnly.session.callTool({ name: 'link' }),
      (e: unknown) =>
        e instanceof InputRequestNotSupportedError && /did not declare the elicitation\.url capability/.test(e.message),
    );
    await formsOnly.session.close();

    const consents: string[] = [];
    const withUrl = await scripted(script, {
      elicitation: { url: (params) => (consents.push(params.url), { action: 'accept' }) },
    });
    assert.deepEqual((await withUrl.session.callTool({ name: 'link' })).content, text('linked').content);
    assert.deepEqual(consents, ['https://example.com/connect']);
    assert.deepEqual(withUrl.of('tools/call')[1]?.params.inputResponses, { link: { action: 'accept' } });
    await withUrl.session.close();
  });

  it('fails the call, sending nothing, when a form answer does not fit the requested schema', async () => {
    const reported: Error[] = [];
    const { session, of } = await scripted(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: { login: askName() } }) },
      { elicitation: { form: () => ({ action: 'accept', content: { name: 42 } }) }, onError: (e) => reported.push(e) },
    );
    await assert.rejects(
      session.callTool({ name: 'ask' }),
      (e: unknown) =>
        e instanceof McpError && e.code === -32602 && /does not match the requested schema/.test(e.message),
    );
    assert.equal(reported.length, 1);
    assert.equal(of('tools/call').length, 1);
    await session.close();
  });

  it('fails the call with the error a handler throws to refuse', async () => {
    const { session } = await scripted(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: { model: askModel('hi') } }) },
      {
        sampling: () => {
          throw new McpError(-1, 'The user rejected the sampling request');
        },
      },
    );
    await assert.rejects(session.callTool({ name: 'ask' }), {
      code: -1,
      message: 'The user rejected the sampling request',
    });
    await session.close();
  });

  it('aborts the handlers and sends no retry when the caller gives up while the user answers', async () => {
    const shown = deferred<AbortSignal>();
    const { session, of } = await scripted(
      {
        'tools/call': () => ({ resultType: 'input_required', inputRequests: { login: askName() }, requestState: 's' }),
      },
      {
        elicitation: {
          form: (_params, ctx) => {
            shown.resolve(ctx.signal);
            return new Promise(() => {}); // the user never answers
          },
        },
      },
    );
    const controller = new AbortController();
    const call = session.callTool({ name: 'ask' }, { signal: controller.signal });
    const handlerSignal = await shown.promise;
    controller.abort(new Error('user closed the dialog'));
    await assert.rejects(call, /user closed the dialog/);
    assert.equal(handlerSignal.aborted, true);
    assert.equal(of('tools/call').length, 1);
    await session.close();
  });

  it('aborts the handlers when the session closes while the user answers', async () => {
    const shown = deferred<AbortSignal>();
    const { session } = await scripted(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: { login: askName() } }) },
      {
        elicitation: {
          form: (_params, ctx) => {
            shown.resolve(ctx.signal);
            return new Promise(() => {});
          },
        },
      },
    );
    const call = session.callTool({ name: 'ask' });
    const handlerSignal = await shown.promise;
    await session.close();
    await assert.rejects(call, /closed/i);
    assert.equal(handlerSignal.aborted, true);
  });
});

describe('taking over the input loop', () => {
  it('sends what the hook returns, in place of the handlers, and tells it the round', async () => {
    let handled = 0;
    const rounds: { round: number; state: string | undefined }[] = [];
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.requestState === 'b'
            ? text('done')
            : {
                resultType: 'input_required',
                inputRequests: { login: askName() },
                requestState: params.requestState ? 'b' : 'a',
              },
      },
      {
        elicitation: {
          form: () => {
            handled++;
            return { action: 'decline' };
          },
        },
      },
    );
    await session.callTool(
      { name: 'ask' },
      {
        onInputRequired: (result, info) => {
          rounds.push({ round: info.round, state: result.requestState });
          return info.round === 1 ? { login: { action: 'accept', content: { name: 'from-hook' } } } : undefined;
        },
      },
    );
    assert.deepEqual(rounds, [
      { round: 1, state: 'a' },
      { round: 2, state: 'b' },
    ]);
    // Round 1 answered by the hook, round 2 left to the client's handler.
    assert.equal(handled, 1);
    assert.deepEqual(of('tools/call')[1]?.params.inputResponses, {
      login: { action: 'accept', content: { name: 'from-hook' } },
    });
    assert.deepEqual(of('tools/call')[2]?.params.inputResponses, { login: { action: 'decline' } });
    await session.close();
  });

  it('ends the call with what the hook throws', async () => {
    const { session, of } = await scripted(insatiable, answerName);
    await assert.rejects(
      session.callTool(
        { name: 'ask' },
        {
          onInputRequired: () => {
            throw new Error('not now');
          },
        },
      ),
      /not now/,
    );
    assert.equal(of('tools/call').length, 1);
    await session.close();
  });

  it('lets a caller run the loop itself with request(), answerInputRequests() and a typed retry', async () => {
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { login: askName() }, requestState: 'keep' }
            : text('resumed'),
      },
      answerName,
    );
    const raw = (await session.request('tools/call', { name: 'ask' })) as InputRequiredResult;
    assert.equal(raw.resultType, 'input_required');
    assert.equal(of('tools/call').length, 1);
    const inputResponses = await session.answerInputRequests(raw.inputRequests ?? {});
    assert.deepEqual(inputResponses, { login: { action: 'accept', content: { name: 'octocat' } } });
    const done = await session.callTool({
      name: 'ask',
      inputResponses,
      ...(raw.requestState !== undefined && { requestState: raw.requestState }),
    });
    assert.deepEqual(done.content, text('resumed').content);
    assert.deepEqual(of('tools/call')[1]?.params, { name: 'ask', inputResponses, requestState: 'keep' });
    await session.close();
  });
});

describe('parallel calls that require input', () => {
  it('never share answers or state, even with other calls made between their rounds', async () => {
    const forms = new Map<string, ReturnType<typeof deferred<void>>>([
      ['alpha', deferred()],
      ['beta', deferred()],
    ]);
    const asked: string[] = [];
    const { session, of } = await scripted(
      {
        'tools/call': (params) => {
          const name = String(params.name);
          if (name === 'plain') return text('plain');
          if (params.requestState === undefined) {
            return {
              resultType: 'input_required',
              inputRequests: { [`${name}-q`]: askName(name) },
              requestState: `${name}-state`,
            };
          }
          return text(`${name} done`);
        },
      },
      {
        elicitation: {
          form: async (params) => {
            asked.push(params.message);
            await forms.get(params.message)?.promise;
            return { action: 'accept', content: { name: `answer for ${params.message}` } };
          },
        },
      },
    );
    const alpha = session.callTool({ name: 'alpha' });
    const beta = session.callTool({ name: 'beta' });
    while (asked.length < 2) await new Promise((resolve) => setImmediate(resolve));
    // Both calls are between rounds now; an unrelated call goes out as it is.
    await session.callTool({ name: 'plain' });
    forms.get('beta')?.resolve();
    assert.deepEqual((await beta).content, text('beta done').content);
    forms.get('alpha')?.resolve();
    assert.deepEqual((await alpha).content, text('alpha done').content);

    const retries = of('tools/call').filter((r) => r.params.requestState !== undefined);
    assert.deepEqual(
      retries.map((r) => r.params),
      [
        {
          name: 'beta',
          inputResponses: { 'beta-q': { action: 'accept', content: { name: 'answer for beta' } } },
          requestState: 'beta-state',
        },
        {
          name: 'alpha',
          inputResponses: { 'alpha-q': { action: 'accept', content: { name: 'answer for alpha' } } },
          requestState: 'alpha-state',
        },
      ],
    );
    assert.deepEqual(of('tools/call').find((r) => r.params.name === 'plain')?.params, { name: 'plain' });
    assert.equal(new Set(of('tools/call').map((r) => r.id)).size, 5);
    await session.close();
  });
});

describe('results on the wire', () => {
  it('take a result without resultType as complete', async () => {
    const wire = new ScriptedTransport();
    const connecting = new Client(clientInfo).connect(wire, { protocolVersion: '2026-07-28' });
    await wire.answerDiscover({ capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' });
    const session: ClientSession = await connecting;
    const call = session.callTool({ name: 'old-style' });
    await wire.waitForSent(2);
    const request = wire.sent[1] as { id: number };
    wire.receive({ jsonrpc: '2.0', id: request.id, result: { content: [{ type: 'text', text: 'no resultType' }] } });
    assert.deepEqual((await call).content, [{ type: 'text', text: 'no resultType' }]);
    assert.equal(wire.sent.length, 2);
    await session.close();
  });
});
