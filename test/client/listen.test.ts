// ClientSession.listen: a subscription acknowledged by the server, its notifications as events
// and as an iterator, several on one connection, the ways it ends, and how it comes back after
// its stream or its connection dropped. Real Server over the in-memory pair, or a scripted one
// where the server has to misbehave.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type ClientSession, type Subscription, type SubscriptionEventMap } from '../../src/client/index.js';
import { JsonRpcError, RequestTimeoutError } from '../../src/jsonrpc/errors.js';
import { Server } from '../../src/server/index.js';
import { connectPair } from '../../src/testing/index.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import type { WireMessage } from '../helpers/raw-client.js';
import { within } from '../helpers/e2e.js';

const clientInfo = { name: 'listening-client', version: '1' };
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

function server(): Server {
  const s = new Server({ name: 'srv', version: '1' });
  s.tool('t', {}, () => ({ content: [] }));
  s.resource('file:///a.txt', { name: 'a' }, () => 'a');
  return s;
}

const modern = { protocolVersion: '2026-07-28', client: { info: clientInfo } } as const;

function next<E extends keyof SubscriptionEventMap>(
  subscription: Subscription,
  event: E,
): Promise<SubscriptionEventMap[E]> {
  return new Promise((resolve) => {
    const off = subscription.on(event, (payload) => {
      off();
      resolve(payload);
    });
  });
}

/** A server played by the test: discover is answered, then every message is the test's to read and answer. */
async function scripted(): Promise<{ session: ClientSession; wire: ScriptedTransport; sent: () => WireMessage[] }> {
  const wire = new ScriptedTransport();
  const connecting = new Client(clientInfo).connect(wire, { protocolVersion: '2026-07-28' });
  await wire.answerDiscover({ capabilities: { tools: { listChanged: true } }, _meta: {} });
  return { session: await connecting, wire, sent: () => wire.sent.slice(1) as WireMessage[] };
}

/** The next listen request the scripted server received. */
async function listenRequest(wire: ScriptedTransport, after = 0): Promise<WireMessage> {
  for (let seen = after; ;) {
    const found = (wire.sent.slice(seen) as WireMessage[]).find((m) => m.method === 'subscriptions/listen');
    if (found) return found;
    seen = wire.sent.length;
    await wire.waitForSent(seen + 1);
  }
}

function acknowledge(
  wire: ScriptedTransport,
  id: unknown,
  notifications: Record<string, unknown> = { toolsListChanged: true },
): void {
  wire.receive({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [SUBSCRIPTION_ID]: id }, notifications },
  });
}

describe('ClientSession.listen', () => {
  it('resolves once acknowledged, with what the server agreed to', async () => {
    const { client: session } = await connectPair(server(), modern);
    const subscription = await session.listen({ toolsListChanged: true, promptsListChanged: true });
    assert.deepEqual(subscription.acknowledged, { toolsListChanged: true });
    assert.deepEqual(subscription.requested, { toolsListChanged: true, promptsListChanged: true });
    assert.equal(subscription.state, 'active');
    assert.equal(typeof subscription.id, 'number');
    assert.deepEqual(session.subscriptions, [subscription]);
    await session.close();
  });

  it("delivers each notification to the subscription's listeners and iterator, and as a session event", async () => {
    const s = server();
    const { client: session } = await connectPair(s, modern);
    const subscription = await session.listen({ toolsListChanged: true });
    const events = subscription[Symbol.asyncIterator]();
    let sessionEvents = 0;
    session.on('toolsListChanged', () => sessionEvents++);
    const heard = next(subscription, 'toolsListChanged');
    s.tool('t2', {}, () => ({ content: [] }));
    assert.deepEqual(await heard, { _meta: { [SUBSCRIPTION_ID]: subscription.id } });
    assert.deepEqual(await events.next(), {
      done: false,
      value: { type: 'toolsListChanged', params: { _meta: { [SUBSCRIPTION_ID]: subscription.id } } },
    });
    assert.equal(sessionEvents, 1);
    await session.close();
  });

  it('tells several subscriptions on one connection apart', async () => {
    const s = server();
    const { client: session } = await connectPair(s, modern);
    const tools = await session.listen({ toolsListChanged: true });
    const docs = await session.listen({ resourceSubscriptions: ['file:///a.txt'] });
    assert.notEqual(tools.id, docs.id);
    const heard: string[] = [];
    tools.on('toolsListChanged', () => heard.push('tools: list changed'));
    tools.on('resourceUpdated', () => heard.push('tools: resource updated'));
    docs.on('toolsListChanged', () => heard.push('docs: list changed'));
    const updated = next(docs, 'resourceUpdated');
    await s.resourceUpdated('file:///a.txt');
    assert.equal((await updated).uri, 'file:///a.txt');
    const changed = next(tools, 'toolsListChanged');
    s.tool('t2', {}, () => ({ content: [] }));
    await changed;
    assert.deepEqual(heard, ['tools: list changed']);
    await session.close();
  });

  it("close() cancels the stream on the server; nothing more reaches it or the session's events", async () => {
    const s = server();
    const { client: session } = await connectPair(s, modern);
    const closing = await session.listen({ toolsListChanged: true });
    const staying = await session.listen({ toolsListChanged: true });
    let sessionEvents = 0;
    session.on('toolsListChanged', () => sessionEvents++);
    closing.on('toolsListChanged', () => assert.fail('a closed subscription heard a change'));
    await closing.close();
    assert.deepEqual(await closing.ended, { reason: 'closed' });
    assert.equal(closing.state, 'ended');
    await session.callTool({ name: 't' }); // in order behind the cancellation
    assert.equal(s.subscriptionCount, 1);
    const changed = next(staying, 'toolsListChanged');
    s.tool('t2', {}, () => ({ content: [] }));
    await changed;
    assert.equal(sessionEvents, 1);
    assert.deepEqual(session.subscriptions, [staying]);
    await session.close();
    assert.deepEqual(await staying.ended, { reason: 'closed' });
  });

  it('completes when the server ends it gracefully, and so does its iterator', async () => {
    const s = server();
    const { client: session } = await connectPair(s, modern);
    const subscription = await session.listen({ toolsListChanged: true });
    const events = subscription[Symbol.asyncIterator]();
    const ended = next(subscription, 'end');
    await s.endSubscriptions();
    const end = await ended;
    assert.equal(end.reason, 'completed');
    assert.equal(end.reason === 'completed' && end.result._meta[SUBSCRIPTION_ID], subscription.id);
    assert.deepEqual(await events.next(), { done: true, value: undefined });
    assert.deepEqual(session.subscriptions, []);
    await session.close();
  });

  it('gives the iterator one event per kind however many arrived while it was not reading', async () => {
    const s = server();
    const { client: session } = await connectPair(s, modern);
    const subscription = await session.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a.txt'] });
    const events = subscription[Symbol.asyncIterator]();
    let changes = 0;
    const three = new Promise<void>((resolve) =>
      subscription.on('toolsListChanged', () => ++changes === 3 && resolve()),
    );
    for (const name of ['x', 'y', 'z']) {
      s.tool(name, {}, () => ({ content: [] }));
      await session.callTool({ name: 't' }); // one tick each: three notifications
    }
    await three;
    await s.resourceUpdated('file:///a.txt');
    assert.equal((await events.next()).value?.type, 'toolsListChanged');
    assert.equal((await events.next()).value?.type, 'resourceUpdated');
    await session.close();
  });

  it('ends as cancelled when the server sends notifications/cancelled for it, without cancelling back', async () => {
    const { session, wire, sent } = await scripted();
    const opening = session.listen({ toolsListChanged: true });
    const request = await listenRequest(wire);
    acknowledge(wire, request.id);
    const subscription = await opening;
    wire.receive({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: request.id, reason: 'shutting down' },
    });
    assert.deepEqual(await subscription.ended, { reason: 'cancelled', message: 'shutting down' });
    assert.deepEqual(
      sent().map((m) => m.method),
      ['subscriptions/listen'],
    );
    await session.close();
  });

  it('gives up a listen request that is never acknowledged, and cancels it', async () => {
    const { session, wire, sent } = await scripted();
    const opening = session.listen({ toolsListChanged: true }, { acknowledgeTimeoutMs: 10 });
    const request = await listenRequest(wire);
    // Only the (unref'd) acknowledgment timer is pending: `within` keeps the test process up meanwhile.
    await assert.rejects(within(opening, 5000, 'the acknowledgment timeout'), RequestTimeoutError);
    assert.deepEqual(sent().at(-1), {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: {
        requestId: request.id,
        reason: `subscriptions/listen (id ${String(request.id)}) was not acknowledged within 10 ms`,
      },
    });
    await session.close();
  });

  it("rejects with the server's error when the listen request is refused", async () => {
    const { session, wire } = await scripted();
    const opening = session.listen({ toolsListChanged: true });
    const request = await listenRequest(wire);
    wire.receive({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } });
    await assert.rejects(opening, (error: unknown) => error instanceof JsonRpcError && error.code === -32601);
    assert.deepEqual(session.subscriptions, []);
    await session.close();
  });

  it('opens a dropped stream again with a new listen request, and says so', async () => {
    const { session, wire } = await scripted();
    const opening = session.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 1 } });
    const first = await listenRequest(wire);
    acknowledge(wire, first.id);
    const subscription = await opening;
    const events = subscription[Symbol.asyncIterator]();
    const interrupted = next(subscription, 'interrupted');
    const reestablished = next(subscription, 'reestablished');
    const sentBefore = wire.sent.length;
    // What the HTTP transport reports when a stream ends without the response.
    wire.receive({
      jsonrpc: '2.0',
      id: first.id,
      error: { code: -32000, message: 'Connection lost: the event stream ended' },
    });
    assert.match((await interrupted).message, /Connection lost/);
    assert.equal(subscription.state, 'reconnecting');
    const second = await listenRequest(wire, sentBefore);
    assert.notEqual(second.id, first.id);
    acknowledge(wire, second.id, { toolsListChanged: true });
    assert.deepEqual(await reestablished, { toolsListChanged: true });
    assert.equal(subscription.state, 'active');
    assert.equal(subscription.id, second.id);
    assert.deepEqual(await events.next(), {
      done: false,
      value: { type: 'reestablished', acknowledged: { toolsListChanged: true } },
    });
    // A late message of the old stream is not this subscription's any more.
    wire.receive({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID]: first.id } },
    });
    wire.receive({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID]: second.id } },
    });
    assert.deepEqual(await events.next(), {
      done: false,
      value: { type: 'toolsListChanged', params: { _meta: { [SUBSCRIPTION_ID]: second.id } } },
    });
    await session.close();
  });

  it('gives up after the attempts run out, ending dropped and throwing from its iterator', async () => {
    const { session, wire } = await scripted();
    const opening = session.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 1, maxAttempts: 2 } });
    const first = await listenRequest(wire);
    acknowledge(wire, first.id);
    const subscription = await opening;
    const events = subscription[Symbol.asyncIterator]();
    let after = wire.sent.length;
    wire.receive({ jsonrpc: '2.0', id: first.id, error: { code: -32000, message: 'Connection lost' } });
    for (let attempt = 0; attempt < 2; attempt++) {
      const retry = await listenRequest(wire, after);
      after = wire.sent.length;
      wire.receive({ jsonrpc: '2.0', id: retry.id, error: { code: -32000, message: `still down ${attempt}` } });
    }
    const end = await subscription.ended;
    assert.equal(end.reason, 'dropped');
    assert.equal(end.reason === 'dropped' && end.error.message, 'still down 1');
    await assert.rejects(events.next(), /still down 1/);
    await session.close();
  });

  it('does not retry a re-establishment the server refuses', async () => {
    const { session, wire } = await scripted();
    const opening = session.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 1 } });
    const first = await listenRequest(wire);
    acknowledge(wire, first.id);
    const subscription = await opening;
    const after = wire.sent.length;
    wire.receive({ jsonrpc: '2.0', id: first.id, error: { code: -32000, message: 'Connection lost' } });
    const retry = await listenRequest(wire, after);
    wire.receive({ jsonrpc: '2.0', id: retry.id, error: { code: -32601, message: 'Method not found' } });
    const end = await subscription.ended;
    assert.equal(end.reason === 'dropped' && (end.error as JsonRpcError).code, -32601);
    await session.close();
  });

  it('waits for resumeSubscriptions when its connection ends, then goes on over the new one', async () => {
    const s = server();
    const { client: first, server: serverSession } = await connectPair(s, modern);
    const subscription = await first.listen({ toolsListChanged: true });
    const events = subscription[Symbol.asyncIterator]();
    const interrupted = next(subscription, 'interrupted');
    await serverSession.close();
    await interrupted;
    assert.equal(subscription.state, 'interrupted');
    await first.close(); // closing a session that is already gone leaves its subscriptions to resume

    const { client: second } = await connectPair(s, modern);
    const resumed = await second.resumeSubscriptions(first);
    assert.deepEqual(resumed, [subscription]);
    assert.equal(subscription.state, 'active');
    assert.deepEqual(second.subscriptions, [subscription]);
    assert.deepEqual(first.subscriptions, []);
    assert.deepEqual(await events.next(), {
      done: false,
      value: { type: 'reestablished', acknowledged: { toolsListChanged: true } },
    });
    const changed = next(subscription, 'toolsListChanged');
    s.tool('t2', {}, () => ({ content: [] }));
    await changed;
    await second.close();
    assert.deepEqual(await subscription.ended, { reason: 'closed' });
  });

  it('fails locally in a session of a legacy revision, where the method does not exist', async () => {
    const { client: session } = await connectPair(server(), {
      protocolVersion: '2025-11-25',
      client: { info: clientInfo },
    });
    await assert.rejects(
      session.listen({ toolsListChanged: true }),
      /subscriptions\/listen is not a client-to-server request in protocol revision 2025-11-25/,
    );
    await session.close();
  });

  it('cancels a listen request whose signal aborts before the acknowledgment', async () => {
    const { session, wire, sent } = await scripted();
    const controller = new AbortController();
    const opening = session.listen({ toolsListChanged: true }, { signal: controller.signal });
    const request = await listenRequest(wire);
    controller.abort();
    await assert.rejects(opening, /closed the subscription/);
    assert.deepEqual(sent().at(-1)?.params, { requestId: request.id, reason: 'The client closed the subscription' });
    await session.close();
  });

  it('closes when its signal aborts', async () => {
    const { client: session } = await connectPair(server(), modern);
    const controller = new AbortController();
    const subscription = await session.listen({ toolsListChanged: true }, { signal: controller.signal });
    controller.abort();
    assert.deepEqual(await subscription.ended, { reason: 'closed' });
    await session.close();
  });
});
