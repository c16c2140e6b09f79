// The requestState of multi round-trip requests: sealed so the client can neither read nor
// alter it, bound to the method, the request's salient params and the caller, short-lived,
// and accepted once. Anything else is -32602 with a message that says what was wrong.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryUsedStateStore, Server, type ServerOptions } from '../../src/server/index.js';
import { ManualClock } from '../../src/testing/index.js';
import type { ElicitRequestFormParams } from '../../src/types/elicitation.js';
import { RawClient, type WireMessage } from '../helpers/raw-client.js';

const META = (clientName = 'modern') => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
});

const nameForm: ElicitRequestFormParams = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const answers = { 'elicitation-1': { action: 'accept', content: { name: 'Ada Lovelace' } } };

/** A server whose tools `run` and `other` and prompt `greet` each ask one question. */
function server(options: ServerOptions = {}): Server {
  const s = new Server({ name: 'multiRoundTrip', version: '1' }, options);
  for (const name of ['run', 'other']) {
    s.tool(name, {}, async (_args, ctx) => ({
      content: [{ type: 'text', text: JSON.stringify((await ctx.elicit(nameForm)).content) }],
    }));
  }
  s.prompt('greet', {}, async (_args, ctx) => `Hello ${String((await ctx.elicit(nameForm)).content?.name)}`);
  return s;
}

/** The requestState of a first `run` call with `args`. */
async function issued(client: RawClient, args: Record<string, unknown> = { a: 1 }): Promise<string> {
  const reply = await client.request('tools/call', { name: 'run', arguments: args, _meta: META() });
  assert.equal(reply.result?.resultType, 'input_required', JSON.stringify(reply));
  return reply.result?.requestState as string;
}

function retry(
  client: RawClient,
  requestState: string,
  params: Record<string, unknown> = {},
  clientName?: string,
): Promise<WireMessage> {
  return client.request('tools/call', {
    name: 'run',
    arguments: { a: 1 },
    inputResponses: answers,
    requestState,
    ...params,
    _meta: META(clientName),
  });
}

function refused(reply: WireMessage, message: RegExp): void {
  assert.equal(reply.error?.code, -32602, JSON.stringify(reply));
  assert.match(reply.error!.message, message);
}

function base64UrlBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

describe('requestState', () => {
  it('comes back to the server that issued it and completes the request', async () => {
    const client = await RawClient.attach(server());
    const done = await retry(client, await issued(client));
    assert.equal(done.result?.resultType, 'complete');
  });

  it('is encrypted: the answers it carries cannot be read from it', async () => {
    const s = new Server({ name: 'multiRoundTrip', version: '1' });
    s.tool('two', {}, async (_args, ctx) => {
      await ctx.elicit(nameForm);
      await ctx.elicit(nameForm);
      return { content: [] };
    });
    const client = await RawClient.attach(s);
    const reply = await client.request('tools/call', { name: 'two', inputResponses: answers, _meta: META() });
    const state = reply.result?.requestState as string;
    assert.equal(Object.keys(reply.result?.inputRequests as object)[0], 'elicitation-2');
    const text = new TextDecoder('latin1').decode(base64UrlBytes(state));
    assert.equal(text.includes('Ada'), false);
    assert.equal(text.includes('Lovelace'), false);
  });

  it('refuses a state that was altered', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client);
    refused(await retry(client, `${state}-TAMPERED`), /integrity check failed/);
    const middle = Math.floor(state.length / 2);
    const flipped = state.slice(0, middle) + (state[middle] === 'A' ? 'B' : 'A') + state.slice(middle + 1);
    refused(await retry(client, flipped), /integrity check failed/);
  });

  it('refuses what is not a state at all', async () => {
    const client = await RawClient.attach(server());
    for (const junk of ['', 'not base64!', 'AAAA', btoa('{"m":"tools/call"}')])
      refused(await retry(client, junk), /Invalid requestState/);
  });

  it('refuses a state issued for other arguments or another tool', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client, { a: 1 });
    refused(
      await retry(client, state, { arguments: { a: 2 } }),
      /different tools\/call request \(the name or arguments differ\)/,
    );
    refused(await retry(client, state, { name: 'other' }), /different tools\/call request/);
    // The same arguments in another key order are the same request.
    const both = await issued(client, { a: 1, b: [1, { c: 2, d: 3 }] });
    const done = await retry(client, both, { arguments: { b: [1, { d: 3, c: 2 }], a: 1 } });
    assert.equal(done.result?.resultType, 'complete', JSON.stringify(done));
  });

  it('refuses a state issued for another method', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client);
    const reply = await client.request('prompts/get', {
      name: 'greet',
      inputResponses: answers,
      requestState: state,
      _meta: META(),
    });
    refused(reply, /issued for tools\/call, not prompts\/get/);
  });

  it('refuses a state presented by another caller', async () => {
    const client = await RawClient.attach(server());
    refused(await retry(client, await issued(client), {}, 'someone-else'), /issued to a different caller/);
  });

  it('binds to the principal a hook names', async () => {
    const s = server({
      requestState: { principal: async (ctx) => (ctx.meta?.['example.com/user'] as string | undefined) ?? undefined },
    });
    const client = await RawClient.attach(s);
    const first = await client.request('tools/call', {
      name: 'run',
      arguments: { a: 1 },
      _meta: { ...META(), 'example.com/user': 'alice' },
    });
    const state = first.result?.requestState as string;
    const as = (user: string | undefined) =>
      client.request('tools/call', {
        name: 'run',
        arguments: { a: 1 },
        inputResponses: answers,
        requestState: state,
        _meta: { ...META('another-app'), ...(user && { 'example.com/user': user }) },
      });
    refused(await as('mallory'), /different caller/);
    refused(await as(undefined), /different caller/);
    assert.equal(
      (await as('alice')).result?.resultType,
      'complete',
      'the client identity no longer matters, only the principal',
    );
  });

  it('expires after ttlMs on the server clock', async () => {
    const clock = new ManualClock(1_000_000);
    const client = await RawClient.attach(server({ clock, requestState: { ttlMs: 60_000 } }));
    const state = await issued(client);
    clock.advance(60_000);
    assert.equal((await retry(client, state)).result?.resultType, 'complete', 'still valid at its expiry');
    clock.advance(1);
    refused(await retry(client, state), /expired; send the request again without requestState/);
  });

  it('is refused by another server with its own random key', async () => {
    const state = await issued(await RawClient.attach(server()));
    refused(await retry(await RawClient.attach(server()), state), /integrity check failed/);
  });

  it('is accepted across servers sharing a key, and through a key rotation', async () => {
    const oldKey = 'an old secret of at least thirty-two bytes';
    const newKey = new Uint8Array(32).fill(7);
    const state = await issued(await RawClient.attach(server({ requestState: { key: oldKey } })));
    assert.equal(
      (await retry(await RawClient.attach(server({ requestState: { key: oldKey } })), state)).result?.resultType,
      'complete',
    );
    const rotated = await RawClient.attach(server({ requestState: { key: [newKey, oldKey] } }));
    assert.equal((await retry(rotated, state)).result?.resultType, 'complete');
    const fresh = await issued(rotated);
    refused(
      await retry(await RawClient.attach(server({ requestState: { key: oldKey } })), fresh),
      /integrity check failed/,
    );
    assert.equal(
      (await retry(await RawClient.attach(server({ requestState: { key: newKey } })), fresh)).result?.resultType,
      'complete',
    );
  });

  it('refuses weak keys and odd lifetimes when the server is built', () => {
    assert.throws(() => server({ requestState: { key: 'short' } }), /at least 32 bytes/);
    assert.throws(() => server({ requestState: { key: [] } }), /at least one secret/);
    assert.throws(() => server({ requestState: { ttlMs: 0 } }), /positive number of milliseconds/);
  });

  it('is accepted once: a copy presented again is refused, even by the caller it was issued to', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client);
    assert.equal((await retry(client, state)).result?.resultType, 'complete', 'the first use works');
    refused(
      await retry(client, state),
      /used already \(each is accepted once\).*send the request again without requestState/,
    );
    const fresh = await issued(client);
    assert.equal((await retry(client, fresh)).result?.resultType, 'complete', 'starting over works');
  });

  it('is spent only by a use that passes every check', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client);
    refused(await retry(client, state, { arguments: { a: 2 } }), /different tools\/call request/);
    refused(await retry(client, state, {}, 'someone-else'), /different caller/);
    assert.equal((await retry(client, state)).result?.resultType, 'complete');
  });

  it('lets one of two copies presented at the same moment through', async () => {
    const client = await RawClient.attach(server());
    const state = await issued(client);
    const replies = await Promise.all([retry(client, state), retry(client, state)]);
    assert.deepEqual(replies.map((r) => r.result?.resultType ?? r.error?.code).sort(), [-32602, 'complete'].sort());
  });

  it('is refused by every server sharing a key and a store once one accepted it', async () => {
    const key = 'a secret shared by the whole fleet, 32+ bytes';
    const usedStates = new MemoryUsedStateStore();
    const [a, b] = [
      await RawClient.attach(server({ requestState: { key, usedStates } })),
      await RawClient.attach(server({ requestState: { key, usedStates } })),
    ];
    const state = await issued(a);
    assert.equal((await retry(a, state)).result?.resultType, 'complete');
    refused(await retry(b, state), /used already/);
  });

  it('may be accepted until it expires when usedStates is false', async () => {
    const client = await RawClient.attach(server({ requestState: { usedStates: false } }));
    const state = await issued(client);
    for (let i = 0; i < 3; i++) assert.equal((await retry(client, state)).result?.resultType, 'complete');
  });
});

describe('MemoryUsedStateStore', () => {
  it('refuses an id it holds, and forgets it once it expired', () => {
    const clock = new ManualClock(1_000);
    const store = new MemoryUsedStateStore({ clock });
    assert.equal(store.add('a', 2_000), true);
    assert.equal(store.add('a', 2_000), false);
    clock.advance(1_000);
    assert.equal(store.add('b', 3_000), true);
    assert.equal(store.size, 2, 'a lives until its expiry');
    clock.advance(1);
    assert.equal(store.add('c', 3_001), true);
    assert.equal(store.size, 2, 'a expired and was dropped');
  });

  it('stays within maxEntries: when full it forgets the oldest and refuses states expiring no later', () => {
    const clock = new ManualClock(0);
    const store = new MemoryUsedStateStore({ clock, maxEntries: 100 });
    for (let i = 1; i <= 1_000; i++) {
      assert.equal(store.add(`s${i}`, 10_000 + i), true);
      assert.ok(store.size <= 100);
    }
    assert.equal(store.size, 100);
    // s900 was forgotten: it, and any state expiring as early, can no longer be told from a used one.
    assert.equal(store.add('s900', 10_900), false);
    assert.equal(store.add('never-used', 10_900), false);
    assert.equal(store.add('s1000', 11_000), false, 'still remembered');
    assert.equal(store.add('later', 10_901), true, 'a state expiring later than any forgotten one passes');
  });

  it('refuses a nonsensical bound', () => {
    assert.throws(() => new MemoryUsedStateStore({ maxEntries: 0 }), /positive integer/);
  });
});
