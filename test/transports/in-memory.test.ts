import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import { createInMemoryPair } from '../../src/transports/in-memory.js';
import { Inbox } from './helpers.js';

const note = (i: number): JsonRpcMessage => ({ jsonrpc: '2.0', method: 'n', params: { i } });

describe('createInMemoryPair', () => {
  it('delivers in both directions, in order, asynchronously', async () => {
    const [a, b] = createInMemoryPair();
    const atA = new Inbox<unknown>();
    const atB = new Inbox<unknown>();
    a.onmessage = atA.push;
    b.onmessage = atB.push;
    await a.start();
    await b.start();
    const sent = a.send(note(1));
    void a.send(note(2));
    assert.equal(atB.size, 0, 'not delivered synchronously');
    await sent;
    assert.deepEqual(await atB.next(), note(1));
    assert.deepEqual(await atB.next(), note(2));
    await b.send(note(3));
    assert.deepEqual(await atA.next(), note(3));
  });

  it('clones through JSON by default, and can hand over the object itself', async () => {
    const [a, b] = createInMemoryPair();
    const received = new Inbox<unknown>();
    b.onmessage = received.push;
    await b.start();
    const message = { jsonrpc: '2.0' as const, method: 'm', params: { keep: 1, drop: undefined } };
    await a.send(message);
    const got = await received.next();
    assert.notEqual(got, message);
    assert.deepEqual(got, { jsonrpc: '2.0', method: 'm', params: { keep: 1 } });
    await assert.rejects(a.send({ jsonrpc: '2.0', method: 'm', params: { big: 1n } }), TypeError);

    const [c, d] = createInMemoryPair({ clone: false });
    const same = new Inbox<unknown>();
    d.onmessage = same.push;
    await d.start();
    await c.send(message);
    assert.equal(await same.next(), message);
  });

  it('holds messages until the receiver starts', async () => {
    const [a, b] = createInMemoryPair();
    const received = new Inbox<unknown>();
    b.onmessage = received.push;
    await a.send(note(1));
    await a.send(note(2));
    await Promise.resolve();
    assert.equal(received.size, 0);
    await b.start();
    assert.deepEqual(await received.next(), note(1));
    assert.deepEqual(await received.next(), note(2));
  });

  it('closing one end closes both, once each, after what was already sent', async () => {
    const [a, b] = createInMemoryPair();
    const events: string[] = [];
    const bClosed = new Inbox<Error | undefined>();
    a.onclose = (error) => events.push(`a closed ${String(error)}`);
    b.onmessage = () => events.push('b message');
    b.onclose = (error) => {
      events.push(`b closed ${String(error)}`);
      bClosed.push(error);
    };
    await a.start();
    await b.start();
    void a.send(note(1));
    await a.close();
    await a.close();
    assert.equal(await bClosed.next('b to close'), undefined);
    await b.close();
    assert.deepEqual(events, ['a closed undefined', 'b message', 'b closed undefined']);
    await assert.rejects(a.send(note(2)), ConnectionClosedError);
    await assert.rejects(b.send(note(3)), ConnectionClosedError);
  });

  it('closes at once an end closed while its peer\'s close is on its way', async () => {
    const [a, b] = createInMemoryPair();
    const closes: string[] = [];
    a.onclose = () => closes.push('a');
    b.onclose = () => closes.push('b');
    b.onmessage = () => assert.fail('b asked to stop receiving');
    await b.start();
    void a.send(note(1));
    await a.close();
    await b.close();
    assert.deepEqual(closes, ['a', 'b']);
    await Promise.resolve();
    assert.deepEqual(closes, ['a', 'b']);
  });

  it('closes an end that never started', async () => {
    const [a, b] = createInMemoryPair();
    const bClosed = new Inbox<Error | undefined>();
    b.onclose = bClosed.push;
    b.onmessage = () => assert.fail('nothing is delivered to an end that never started');
    await a.send(note(1));
    await a.close();
    assert.equal(await bClosed.next('b to close'), undefined);
  });

  it('drops messages to an end that closed before they arrived', async () => {
    const [a, b] = createInMemoryPair();
    const received: unknown[] = [];
    const closed = new Inbox<Error | undefined>();
    a.onmessage = (m) => received.push(m);
    a.onclose = closed.push;
    await a.start();
    await b.start();
    void b.send(note(1));
    await a.close();
    await closed.next();
    await Promise.resolve();
    assert.deepEqual(received, []);
  });

  it('reports a throwing handler through onerror and keeps delivering', async () => {
    const [a, b] = createInMemoryPair();
    const errors = new Inbox<Error>();
    const received = new Inbox<unknown>();
    let first = true;
    b.onmessage = (m) => {
      if (first) {
        first = false;
        throw new Error('handler failed');
      }
      received.push(m);
    };
    b.onerror = errors.push;
    await b.start();
    await a.send(note(1));
    await a.send(note(2));
    assert.equal((await errors.next()).message, 'handler failed');
    assert.deepEqual(await received.next(), note(2));
  });

  it('refuses a second start', async () => {
    const [a] = createInMemoryPair();
    await a.start();
    await assert.rejects(a.start());
  });
});
