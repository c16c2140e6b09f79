// The explicit side of multi round-trip requests: a handler ends a round itself with
// ctx.inputRequired({ state, inputRequests }) and reads ctx.requestState and ctx.inputResponses
// on the retry.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerContext } from '../../src/server/index.js';
import type { ElicitRequestFormParams } from '../../src/types/elicitation.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const META = (capabilities: Record<string, unknown> = { elicitation: {}, sampling: {} }) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

const confirmForm: ElicitRequestFormParams = {
  mode: 'form',
  message: 'Proceed?',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
};

async function serving(body: (ctx: ServerContext) => unknown): Promise<RawClient> {
  const server = new Server({ name: 'multiRoundTrip', version: '1' });
  server.tool('run', {}, async (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify((await body(ctx)) ?? null) }],
  }));
  return RawClient.attach(server);
}

const run = (client: RawClient, extra: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) =>
  client.request('tools/call', { name: 'run', ...extra, _meta: META(capabilities) });

const text = (reply: WireMessage) => JSON.parse((reply.result?.content as { text: string }[])[0]!.text) as unknown;

describe('ctx.inputRequired()', () => {
  it('answers with the handler state alone, and hands it back on the retry', async () => {
    const client = await serving((ctx) =>
      ctx.requestState === undefined ? ctx.inputRequired({ state: { page: 2, seen: ['a'] } }) : ctx.requestState,
    );
    const first = await run(client);
    assert.equal(first.result?.resultType, 'input_required');
    assert.equal('inputRequests' in first.result!, false, 'no input requests: the client may retry at once');
    assert.equal(typeof first.result?.requestState, 'string');
    const done = await run(client, { requestState: first.result?.requestState });
    assert.deepEqual(text(done), { page: 2, seen: ['a'] });
  });

  it('sends the input requests it is given, whose answers arrive in ctx.inputResponses', async () => {
    const client = await serving((ctx) =>
      ctx.inputResponses.confirm
        ? [ctx.inputResponses.confirm, ctx.multiRoundTrip]
        : ctx.inputRequired({ inputRequests: { confirm: { method: 'elicitation/create', params: confirmForm } } }),
    );
    const first = await run(client);
    assert.deepEqual(first.result?.inputRequests, { confirm: { method: 'elicitation/create', params: confirmForm } });
    const done = await run(client, {
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: first.result?.requestState,
    });
    assert.deepEqual(text(done), [{ action: 'accept', content: { ok: true } }, true]);
  });

  it('keeps the handler state through later rounds that ask through ctx.elicit', async () => {
    const client = await serving(async (ctx) => {
      if (ctx.requestState === undefined) return ctx.inputRequired({ state: 'prepared' });
      const answer = await ctx.elicit(confirmForm);
      return [ctx.requestState, answer.content];
    });
    const first = await run(client);
    const second = await run(client, { requestState: first.result?.requestState });
    assert.deepEqual(Object.keys(second.result?.inputRequests as object), ['elicitation-1']);
    const done = await run(client, {
      inputResponses: { 'elicitation-1': { action: 'accept', content: { ok: false } } },
      requestState: second.result?.requestState,
    });
    assert.deepEqual(text(done), ['prepared', { ok: false }]);
  });

  it('joins the questions the handler asked before it', async () => {
    const client = await serving(async (ctx) => {
      const asked = ctx.elicit(confirmForm, { key: 'first' });
      asked.catch(() => {});
      return ctx.inputRequired({
        state: 1,
        inputRequests: {
          second: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 1 },
          },
        },
      });
    });
    const first = await run(client);
    assert.deepEqual(Object.keys(first.result?.inputRequests as object), ['first', 'second']);
  });

  it('refuses malformed input requests, and ones the client cannot fulfil', async () => {
    const bogus = await serving((ctx) =>
      ctx.inputRequired({ inputRequests: { x: { method: 'tools/list' } as never } }),
    );
    const reply = await run(bogus);
    assert.equal(reply.result?.isError, true);
    assert.match(JSON.stringify(reply.result?.content), /invalid inputRequests: x\.method/);
    const unsupported = await serving((ctx) =>
      ctx.inputRequired({ inputRequests: { roots: { method: 'roots/list' } } }),
    );
    const missing = await run(unsupported);
    assert.equal(missing.error?.code, -32021);
    assert.deepEqual(missing.error?.data, { requiredCapabilities: { roots: {} } });
  });
});
