// Streamed answers and the GET stream, through the fetch handler (no socket): the switch to SSE
// when a request reports progress, requests to the client, resumption with Last-Event-ID,
// priming and polling for 2025-11-25, keep-alives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStreamableHttpHandler, type StreamableHttpOptions } from '../../src/http/index.js';
import { ManualClock } from '../../src/testing/index.js';
import { RawClient, SseReader, viaHandler } from '../helpers/http-streamable-client.js';
import { createTestServer } from '../helpers/http-streamable-server.js';

const URL = 'http://localhost/mcp';
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function setup(options: StreamableHttpOptions = {}) {
  const errors: Error[] = [];
  const fixture = createTestServer((e) => errors.push(e));
  const handler = createStreamableHttpHandler(fixture.server, { onError: (e) => errors.push(e), ...options });
  const fetch = viaHandler(handler);
  return { ...fixture, handler, errors, client: () => new RawClient(fetch, URL) };
}

describe('Streamable HTTP streams', () => {
  it('streams a call that reports progress, ending with its response on the same stream', async () => {
    const c = setup().client();
    await c.initialize('2025-06-18');
    const call = c.request('tools/call', { name: 'count', arguments: { n: 3 }, _meta: { progressToken: 'tok' } });
    const response = await c.post(call);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-accel-buffering'), 'no');
    const reader = new SseReader(response);
    const events = [];
    for (let e = await reader.next(); e; e = await reader.next()) events.push(e);
    assert.ok(
      events.every((e) => e.id !== undefined && e.data !== undefined),
      'every event has an id',
    );
    assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'ids are unique');
    const messages = events.map((e) => JSON.parse(e.data ?? '') as Record<string, unknown>);
    assert.deepEqual(
      messages.slice(0, 3).map((m) => [m.method, (m.params as { progress: number }).progress]),
      [1, 2, 3].map((n) => ['notifications/progress', n]),
    );
    assert.deepEqual(messages[3], { jsonrpc: '2.0', id: call.id, result: text('counted to 3') });
    assert.equal(messages.length, 4, 'the stream ends after the response');
  });

  it('keeps a call without progress token as plain JSON', async () => {
    const c = setup().client();
    await c.initialize();
    const answer = await c.callTool('count', { n: 2 });
    assert.deepEqual(answer.result, text('counted to 2'));
  });

  it('asks the client (elicitation) on the call stream; the client answers with a POST (202)', async () => {
    const c = setup().client();
    await c.initialize('2025-11-25', { elicitation: {} });
    const call = c.request('tools/call', { name: 'ask', arguments: {} });
    const response = await c.post(call);
    const reader = new SseReader(response);
    const question = await reader.nextMessage();
    assert.equal(question?.message.method, 'elicitation/create');
    assert.equal((question?.message.params as { mode?: string }).mode, 'form');
    const reply = await c.post({
      jsonrpc: '2.0',
      id: question?.message.id,
      result: { action: 'accept', content: { name: 'Ada' } },
    });
    assert.equal(reply.status, 202);
    const rest = await reader.messages();
    assert.deepEqual(rest, [{ jsonrpc: '2.0', id: call.id, result: text('hello Ada') }]);
  });

  it('sends notifications not tied to a request on the GET stream (tools/list_changed)', async () => {
    const { client, server } = setup();
    const c = client();
    await c.initialize();
    const get = await c.get();
    assert.equal(get.status, 200);
    const reader = new SseReader(get);
    server.tool('late', {}, () => text('late'));
    const event = await reader.nextMessage();
    assert.deepEqual(event?.message, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    assert.ok(event?.id);
    await reader.cancel();
  });

  it('allows one GET stream per session (409), or none when disabled (405)', async () => {
    const c = setup().client();
    await c.initialize();
    const first = await c.get();
    assert.equal(first.status, 200);
    const second = await c.get();
    assert.equal(second.status, 409);
    await first.body?.cancel();
    const third = await c.get();
    assert.equal(third.status, 200, 'a new GET once the first is gone');
    await third.body?.cancel();

    const disabled = setup({ standaloneStream: false }).client();
    await disabled.initialize();
    const refused = await disabled.get();
    assert.equal(refused.status, 405);
    assert.equal(refused.headers.get('allow'), 'POST, DELETE');
  });

  it('replays what a dropped GET stream missed after Last-Event-ID, once and in order', async () => {
    const { client, server } = setup();
    const c = client();
    await c.initialize();
    const [session] = server.sessions;
    assert.ok(session);
    const first = new SseReader(await c.get());
    await session.notify('notifications/message', { level: 'info', data: 'm1' });
    const m1 = await first.nextMessage();
    assert.equal((m1?.message.params as { data: string }).data, 'm1');
    await first.cancel();
    for (const data of ['m2', 'm3', 'm4']) await session.notify('notifications/message', { level: 'info', data });

    const resumed = new SseReader(await c.get({ 'last-event-id': m1?.id ?? '' }));
    const replayed = [];
    for (let i = 0; i < 3; i++) replayed.push(await resumed.nextMessage());
    assert.deepEqual(
      replayed.map((m) => (m?.message.params as { data: string }).data),
      ['m2', 'm3', 'm4'],
    );
    await session.notify('notifications/message', { level: 'info', data: 'm5' });
    assert.equal(
      ((await resumed.nextMessage())?.message.params as { data: string }).data,
      'm5',
      'the resumed stream goes on',
    );
    await resumed.cancel();

    // A plain GET later gets only what was never written, not the replayed messages again.
    await session.notify('notifications/message', { level: 'info', data: 'm6' });
    const fresh = new SseReader(await c.get());
    assert.equal(((await fresh.nextMessage())?.message.params as { data: string }).data, 'm6');
    await fresh.cancel();
  });

  it('keeps messages sent before any GET until one is opened', async () => {
    const { client, server } = setup();
    const c = client();
    await c.initialize();
    server.tool('added', {}, () => text(''));
    const reader = new SseReader(await c.get());
    assert.equal((await reader.nextMessage())?.message.method, 'notifications/tools/list_changed');
    await reader.cancel();
  });

  it('resumes a dropped call stream with Last-Event-ID: the rest of its events and its response, then the end', async () => {
    const { client, release, held } = setup();
    const c = client();
    await c.initialize('2025-11-25');
    const holding = c.request('tools/call', { name: 'hold', arguments: { tag: 'h' }, _meta: { progressToken: 1 } });
    const response = await c.post(holding);
    await held('h');
    const reader = new SseReader(response);
    const priming = await reader.next();
    assert.equal(priming?.data, '', 'a priming event first (2025-11-25)');
    assert.ok(priming?.id);
    const progress = await reader.nextMessage();
    assert.equal(progress?.message.method, 'notifications/progress');
    await reader.cancel();
    release('h');
    const resumed = new SseReader(await c.get({ 'last-event-id': progress?.id ?? '' }));
    assert.deepEqual(await resumed.messages(), [{ jsonrpc: '2.0', id: holding.id, result: text('released h') }]);
    // From the priming event on, the whole stream comes again; then it ends.
    const again = new SseReader(await c.get({ 'last-event-id': priming.id }));
    assert.deepEqual(
      (await again.messages()).map((m) => m.method ?? 'response'),
      ['notifications/progress', 'response'],
    );
  });

  it("answers with SSE from the start in responseMode 'sse', with priming and retry for 2025-11-25 only", async () => {
    const { client } = setup({ responseMode: 'sse', sseRetryMs: 2500 });
    const c = client();
    await c.initialize('2025-11-25');
    const response = await c.post(c.request('tools/call', { name: 'echo', arguments: { text: 'x' } }));
    const reader = new SseReader(response);
    const priming = await reader.next();
    assert.deepEqual({ data: priming?.data, retry: priming?.retry }, { data: '', retry: 2500 });
    assert.deepEqual(((await reader.nextMessage())?.message.result as { content: unknown }).content, text('x').content);
    assert.equal(await reader.next(), undefined);

    const older = client();
    await older.initialize('2025-06-18');
    const olderReader = new SseReader(await older.post(older.request('ping')));
    const first = await olderReader.next();
    assert.notEqual(first?.data, '', 'no priming event for clients before 2025-11-25');
    assert.deepEqual(JSON.parse(first?.data ?? ''), { jsonrpc: '2.0', id: 2, result: {} });
  });

  it('closes connections early for polling clients (sseConnectionMaxMs), keeping the stream resumable', async () => {
    const clock = new ManualClock();
    const { client, release, held } = setup({ clock, sseConnectionMaxMs: 10_000, keepAliveMs: 0 });
    const c = client();
    await c.initialize('2025-11-25');
    const call = c.request('tools/call', { name: 'hold', arguments: { tag: 'p' }, _meta: { progressToken: 1 } });
    const reader = new SseReader(await c.post(call));
    await held('p');
    assert.equal((await reader.next())?.data, '', 'priming');
    const progress = await reader.nextMessage();
    assert.equal(progress?.message.method, 'notifications/progress');
    clock.advance(10_000);
    const retry = await reader.next();
    assert.equal(retry?.retry, 1000);
    assert.equal(await reader.next(), undefined, 'the connection closed');
    release('p');
    const resumed = new SseReader(await c.get({ 'last-event-id': progress?.id ?? '' }));
    assert.deepEqual(await resumed.messages(), [{ jsonrpc: '2.0', id: call.id, result: text('released p') }]);
  });

  it('sends keep-alive comments on open streams', async () => {
    const clock = new ManualClock();
    const { client, server } = setup({ clock, keepAliveMs: 15_000 });
    const c = client();
    await c.initialize();
    const reader = new SseReader(await c.get());
    clock.advance(30_000);
    await [...server.sessions][0]?.notify('notifications/message', { level: 'info', data: 'after' });
    assert.equal(((await reader.nextMessage())?.message.params as { data: string }).data, 'after');
    assert.deepEqual(reader.comments, ['keep-alive', 'keep-alive']);
    await reader.cancel();
  });

  it("bounds the GET connections per session (429), never a call's own stream", async () => {
    const { client, held, release } = setup({ maxSseStreams: 1 });
    const c = client();
    await c.initialize('2025-11-25');
    const get = new SseReader(await c.get());
    const holding = c.request('tools/call', { name: 'hold', arguments: { tag: 's' }, _meta: { progressToken: 1 } });
    const callStream = new SseReader(await c.post(holding));
    await held('s');
    const priming = await callStream.next();
    // The one GET connection is taken: a call still streams what concerns it on its own answer.
    const counted = await c.post(
      c.request('tools/call', { name: 'count', arguments: { n: 1 }, _meta: { progressToken: 2 } }),
    );
    assert.equal(counted.headers.get('content-type'), 'text/event-stream');
    assert.deepEqual((await new SseReader(counted).nextMessage())?.message.params, {
      progressToken: 2,
      progress: 1,
      total: 1,
      message: 'step 1',
    });
    // Resuming the dropped call stream would be a second GET connection.
    await callStream.cancel();
    assert.equal((await c.get({ 'last-event-id': priming?.id ?? '' })).status, 429);
    await get.cancel();
    release('s');
    const resumed = new SseReader(await c.get({ 'last-event-id': priming?.id ?? '' }));
    assert.deepEqual(
      (await resumed.messages()).map((m) => m.method ?? m.id),
      ['notifications/progress', holding.id],
    );
  });

  it('keeps at most maxStoredEvents events per session; a resumption past them is 410, not a gap', async () => {
    const { client, server } = setup({ maxStoredEvents: 2 });
    const c = client();
    await c.initialize();
    const [session] = server.sessions;
    const first = new SseReader(await c.get());
    await session?.notify('notifications/message', { level: 'info', data: 'm1' });
    const m1 = await first.nextMessage();
    await first.cancel();
    await session?.notify('notifications/message', { level: 'info', data: 'm2' });
    await session?.notify('notifications/message', { level: 'info', data: 'm3' });
    // m2 and m3 are held: resuming after m1 is whole.
    const whole = new SseReader(await c.get({ 'last-event-id': m1?.id ?? '' }));
    const m2 = await whole.nextMessage();
    assert.equal((m2?.message.params as { data: string }).data, 'm2');
    await whole.cancel();
    await session?.notify('notifications/message', { level: 'info', data: 'm4' });
    // m2 was dropped for m4: after m1 there would be a gap.
    const gone = await c.get({ 'last-event-id': m1?.id ?? '' });
    assert.equal(gone.status, 410);
    const body = (await gone.json()) as { error: { message: string } };
    assert.match(body.error.message, /no longer held; the stream cannot resume without a gap/);
    const resumed = new SseReader(await c.get({ 'last-event-id': m2?.id ?? '' }));
    const data = [];
    for (let i = 0; i < 2; i++) data.push(((await resumed.nextMessage())?.message.params as { data: string }).data);
    assert.deepEqual(data, ['m3', 'm4']);
    await resumed.cancel();
  });

  it('gives a new GET what is still held for it, and tells onError what was dropped before anyone read it', async () => {
    const { client, server, errors } = setup({ maxStoredEvents: 2 });
    const c = client();
    await c.initialize();
    const [session] = server.sessions;
    for (const data of ['m1', 'm2', 'm3']) await session?.notify('notifications/message', { level: 'info', data });
    const reader = new SseReader(await c.get());
    const data = [];
    for (let i = 0; i < 2; i++) data.push(((await reader.nextMessage())?.message.params as { data: string }).data);
    assert.deepEqual(data, ['m2', 'm3']);
    assert.ok(
      errors.some((e) =>
        /messages for the GET stream were dropped from the event store before a client read them/.test(e.message),
      ),
    );
    await reader.cancel();
  });

  it("refuses a Last-Event-ID that is not one of the session's", async () => {
    const c = setup().client();
    await c.initialize();
    assert.equal((await c.get({ 'last-event-id': 'nonsense' })).status, 400);
    assert.equal((await c.get({ 'last-event-id': 'g:999999' })).status, 400);
  });

  it('ends a call stream without an answer once the client cancels the call', async () => {
    const { client, held, aborted } = setup();
    const c = client();
    await c.initialize();
    const call = c.request('tools/call', { name: 'hold', arguments: { tag: 'c' } });
    const pending = c.post(call);
    await held('c');
    const cancel = await c.post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: call.id } });
    assert.equal(cancel.status, 202);
    const response = await pending;
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.deepEqual(await new SseReader(response).messages(), []);
    assert.deepEqual(aborted, ['c']);
  });

  it('DELETE closes the open streams of the session and answers a waiting call with 404', async () => {
    const { client, held } = setup();
    const c = client();
    await c.initialize();
    const get = new SseReader(await c.get());
    const pending = c.post(c.request('tools/call', { name: 'hold', arguments: { tag: 'd' } }));
    await held('d');
    assert.equal((await c.delete()).status, 200);
    assert.equal(await get.next(), undefined);
    assert.equal((await pending).status, 404);
  });
});
