import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import type { TransportReceiver } from '../../src/jsonrpc/transport.js';
import { createInMemoryPair } from '../../src/transports/in-memory.js';
import { Inbox, recorder } from '../helpers/transport-recorder.js';

const note = (i: number): JsonRpcMessage => ({ jsonrpc: '2.0', method: 'n', params: { i } });

/** A receiver from the handlers a test cares about; the rest do nothing. */
function receiverOf(handlers: Partial<TransportReceiver>): TransportReceiver {
  return { onTransportMessage: () => {}, onTransportError: () => {}, onTransportClose: () => {}, ...handlers };
}

describe('createInMemoryPair', () => {
  it('delivers in both directions, in order, asynchronously', async () => {
    const [a, b] = createInMemoryPair();
    const { receiver: toA, messages: atA } = recorder();
    const { receiver: toB, messages: atB } = recorder();
    await a.start(toA);
    await b.start(toB);
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
    const { receiver, messages: received } = recorder();
    await b.start(receiver);
    const message = { jsonrpc: '2.0' as const, method: 'm', params: { keep: 1, drop: undefined } };
    await a.send(message);
    const got = await received.next();
    assert.notEqual(got, message);
    assert.deepEqual(got, { jsonrpc: '2.0', method: 'm', params: { keep: 1 } });
    await assert.rejects(a.send({ jsonrpc: '2.0', method: 'm', params: { big: 1n } }), {
      name: 'UnserializableMessageError',
      reason: 'Do not know how to serialize a BigInt',
    });

    const [c, d] = createInMemoryPair({ clone: false });
    const { receiver: toD, messages: same } = recorder();
    await d.start(toD);
    await c.send(message);
    assert.equal(await same.next(), message);
  });

  it('holds messages until the receiver starts', async () => {
    const [a, b] = createInMemoryPair();
    const { receiver, messages: received } = recorder();
    await a.send(note(1));
    await a.send(note(2));
    await Promise.resolve();
    assert.equal(received.size, 0);
    await b.start(receiver);
    assert.deepEqual(await received.next(), note(1));
    assert.deepEqual(await received.next(), note(2));
  });

  it('closing one end closes both, once each, after what was already sent', async () => {
    const [a, b] = createInMemoryPair();
    const events: string[] = [];
    const bClosed = new Inbox<Error | undefined>();
    await a.start(receiverOf({ onTransportClose: (error) => events.push(`a closed ${String(error)}`) }));
    await b.start(
      receiverOf({
        onTransportMessage: () => events.push('b message'),
        onTransportClose: (error) => {
          events.push(`b closed ${String(error)}`);
          bClosed.push(error);
        },
      }),
    );
    void a.send(note(1));
    await a.close();
    await a.close();
    assert.equal(await bClosed.next('b to close'), undefined);
    await b.close();
    assert.deepEqual(events, ['a closed undefined', 'b message', 'b closed undefined']);
    await assert.rejects(a.send(note(2)), ConnectionClosedError);
    await assert.rejects(b.send(note(3)), ConnectionClosedError);
  });

  it("closes at once an end closed while its peer's close is on its way", async () => {
    const [a, b] = createInMemoryPair();
    const closes: string[] = [];
    await a.start(receiverOf({ onTransportClose: () => closes.push('a') }));
    await b.start(
      receiverOf({
        onTransportClose: () => closes.push('b'),
        onTransportMessage: () => assert.fail('b asked to stop receiving'),
      }),
    );
    void a.send(note(1));
    await a.close();
    await b.close();
    assert.deepEqual(closes, ['a', 'b']);
    await Promise.resolve();
    assert.deepEqual(closes, ['a', 'b']);
  });

  it('closes an end that never started, and reports it when it starts', async () => {
    const [a, b] = createInMemoryPair();
    const bClosed = new Inbox<Error | undefined>();
    await a.send(note(1));
    await a.close();
    await Promise.resolve();
    await b.start(
      receiverOf({
        onTransportClose: bClosed.push,
        onTransportMessage: () => assert.fail('nothing is delivered to an end closed before it started'),
      }),
    );
    assert.equal(await bClosed.next('b to close'), undefined);
    await assert.rejects(b.send(note(2)), ConnectionClosedError);
  });

  it('drops messages to an end that closed before they arrived', async () => {
    const [a, b] = createInMemoryPair();
    const received: unknown[] = [];
    const closed = new Inbox<Error | undefined>();
    await a.start(receiverOf({ onTransportMessage: (m) => received.push(m), onTransportClose: closed.push }));
    await b.start(receiverOf({}));
    void b.send(note(1));
    await a.close();
    await closed.next();
    await Promise.resolve();
    assert.deepEqual(received, []);
  });

  it('reports a throwing receiver as an error and keeps delivering', async () => {
    const [a, b] = createInMemoryPair();
    const errors = new Inbox<Error>();
    const received = new Inbox<unknown>();
    let first = true;
    const onTransportMessage = (m: unknown): void => {
      if (first) {
        first = false;
        throw new Error('handler failed');
      }
      received.push(m);
    };
    await b.start(receiverOf({ onTransportMessage, onTransportError: errors.push }));
    await a.send(note(1));
    await a.send(note(2));
    assert.equal((await errors.next()).message, 'handler failed');
    assert.deepEqual(await received.next(), note(2));
  });

  it('refuses a second start', async () => {
    const [a] = createInMemoryPair();
    await a.start(receiverOf({}));
    await assert.rejects(a.start(receiverOf({})));
  });
});
