// Multi round-trip requests, client side: the typed calls answer a server's input requests with
// the client's own handlers and retry as new requests carrying the answers and the exact state.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CreateMessageRequestParams } from '../../src/types/sampling.js';
import { askModel, askName, scripted, text } from '../helpers/multi-round-trip.js';

const answerName = { elicitation: { form: () => ({ action: 'accept' as const, content: { name: 'octocat' } }) } };

describe('a call that requires input', () => {
  it('answers one elicitation and retries with a new id, the answers and the exact state', async () => {
    const state = '{"nonce":"Zm9v\\u00e9"} ✓ opaque/+==';
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { login: askName() }, requestState: state }
            : text(`hello ${JSON.stringify(params.inputResponses)}`),
      },
      answerName,
    );
    const result = await session.callTool({ name: 'greet', arguments: { polite: true } });
    assert.deepEqual(result.content, [
      { type: 'text', text: 'hello {"login":{"action":"accept","content":{"name":"octocat"}}}' },
    ]);
    // The final result comes back as the server sent it; interim results never reach the caller.
    assert.equal(result.resultType, 'complete');
    const [first, retry] = of('tools/call');
    assert.ok(first && retry);
    assert.notEqual(retry.id, first.id);
    assert.deepEqual(first.params, { name: 'greet', arguments: { polite: true } });
    assert.deepEqual(retry.params, {
      name: 'greet',
      arguments: { polite: true },
      inputResponses: { login: { action: 'accept', content: { name: 'octocat' } } },
      requestState: state,
    });
    await session.close();
  });

  it('sends no requestState when the server gave none', async () => {
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { login: askName() } }
            : text('ok'),
      },
      answerName,
    );
    await session.callTool({ name: 'greet' });
    const retry = of('tools/call')[1];
    assert.ok(retry);
    assert.ok('inputResponses' in retry.params);
    assert.equal('requestState' in retry.params, false);
    await session.close();
  });

  it('retries at once with only the state when the server asks for nothing', async () => {
    const { session, of } = await scripted({
      'tools/call': (params) =>
        params.requestState === undefined ? { resultType: 'input_required', requestState: 'step-2' } : text('done'),
    });
    assert.deepEqual((await session.callTool({ name: 'slow' })).content, text('done').content);
    assert.deepEqual(of('tools/call')[1]?.params, { name: 'slow', requestState: 'step-2' });
    await session.close();
  });

  it('answers several input requests of one round, each under its key', async () => {
    const sampled: CreateMessageRequestParams[] = [];
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.inputResponses === undefined
            ? {
                resultType: 'input_required',
                inputRequests: {
                  who: askName(),
                  capital: askModel('Capital of France?'),
                  where: { method: 'roots/list' },
                },
                requestState: 'r1',
              }
            : text('thanks'),
      },
      {
        ...answerName,
        sampling: (params) => {
          sampled.push(params);
          return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' };
        },
        roots: [{ uri: 'file:///work', name: 'work' }],
      },
    );
    await session.callTool({ name: 'many' });
    assert.equal(sampled.length, 1);
    assert.deepEqual(of('tools/call')[1]?.params.inputResponses, {
      who: { action: 'accept', content: { name: 'octocat' } },
      capital: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' },
      where: { roots: [{ uri: 'file:///work', name: 'work' }] },
    });
    await session.close();
  });

  it('goes on for several rounds, each retry carrying only its own round', async () => {
    const { session, of } = await scripted(
      {
        'tools/call': (params) => {
          if (params.requestState === undefined)
            return { resultType: 'input_required', inputRequests: { name: askName() }, requestState: 's1' };
          if (params.requestState === 's1')
            return { resultType: 'input_required', inputRequests: { model: askModel('Say hi') }, requestState: 's2' };
          return text(`finished after ${String(params.requestState)}`);
        },
      },
      { ...answerName, sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }) },
    );
    assert.deepEqual((await session.callTool({ name: 'wizard' })).content, text('finished after s2').content);
    const calls = of('tools/call');
    assert.equal(calls.length, 3);
    assert.equal(new Set(calls.map((c) => c.id)).size, 3);
    assert.deepEqual(calls[1]?.params, {
      name: 'wizard',
      inputResponses: { name: { action: 'accept', content: { name: 'octocat' } } },
      requestState: 's1',
    });
    assert.deepEqual(calls[2]?.params, {
      name: 'wizard',
      inputResponses: { model: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' } },
      requestState: 's2',
    });
    await session.close();
  });

  it('does the same for prompts/get and resources/read', async () => {
    const { session, of } = await scripted(
      {
        'prompts/get': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { name: askName() }, requestState: 'p' }
            : { messages: [{ role: 'user', content: { type: 'text', text: 'prompt ready' } }] },
        'resources/read': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { name: askName() }, requestState: 'r' }
            : { contents: [{ uri: params.uri, text: 'secret' }] },
      },
      answerName,
    );
    const prompt = await session.getPrompt({ name: 'p' });
    assert.deepEqual(prompt.messages, [{ role: 'user', content: { type: 'text', text: 'prompt ready' } }]);
    const read = await session.readResource({ uri: 'file:///secret' });
    assert.deepEqual(read.contents, [{ uri: 'file:///secret', text: 'secret' }]);
    assert.equal(of('prompts/get')[1]?.params.requestState, 'p');
    assert.deepEqual(of('resources/read')[1]?.params, {
      uri: 'file:///secret',
      inputResponses: { name: { action: 'accept', content: { name: 'octocat' } } },
      requestState: 'r',
    });
    await session.close();
  });

  it('leaves out of an input response what the revision does not define', async () => {
    const { session, of } = await scripted(
      {
        'tools/call': (params) =>
          params.inputResponses === undefined
            ? { resultType: 'input_required', inputRequests: { name: askName() } }
            : text('ok'),
      },
      { elicitation: { form: () => ({ action: 'accept', content: { name: 'x' }, _meta: { note: 'local' } }) } },
    );
    await session.callTool({ name: 'meta' });
    assert.deepEqual(of('tools/call')[1]?.params.inputResponses, {
      name: { action: 'accept', content: { name: 'x' } },
    });
    await session.close();
  });
});
