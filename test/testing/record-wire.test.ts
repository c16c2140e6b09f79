// recordWire, through `mcpkit/testing`: what crosses a transport, both ways, as JSON carries
// it, with the transport tapped in place.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import type { Transport, TransportReceiver } from '../../src/jsonrpc/transport.js';
import { Server } from '../../src/server/index.js';
import { createInMemoryPair, recordWire } from '../../src/testing/index.js';
import { messageReceiver } from '../helpers/receiver.js';

/** A transport that keeps the receiver it was started with and sends nowhere. */
class HeldTransport implements Transport {
  receiver: TransportReceiver | undefined;
  readonly eraCacheKey = 'held';

  async start(receiver: TransportReceiver): Promise<void> {
    this.receiver = receiver;
  }

  async send(): Promise<void> {}

  async close(): Promise<void> {}
}

describe('recordWire', () => {
  it('records what a client sends and receives, in order, each way on its own too', async () => {
    const server = new Server({ name: 'recorded', version: '1' });
    const [serverEnd, clientEnd] = createInMemoryPair();
    const wire = recordWire(clientEnd);
    await server.connect(serverEnd);
    const session = await new Client({ name: 'c', version: '1' }).connect(clientEnd, { protocolVersion: '2025-11-25' });
    await session.ping();
    assert.deepEqual(
      wire.entries.map(({ direction, message }) => [direction, message.method ?? `answer to ${String(message.id)}`]),
      [
        ['sent', 'initialize'],
        ['received', `answer to ${String(wire.sent[0]?.id)}`],
        ['sent', 'notifications/initialized'],
        ['sent', 'ping'],
        ['received', `answer to ${String(wire.sent[2]?.id)}`],
      ],
    );
    assert.deepEqual(wire.methods('sent'), ['initialize', 'notifications/initialized', 'ping']);
    assert.deepEqual(wire.methods('received'), []);
    assert.deepEqual(wire.received.at(-1), { jsonrpc: '2.0', id: wire.sent[2]?.id, result: {} });
    await session.close();
  });

  it('records a batch as its messages, each a copy as JSON carries it', async () => {
    const [a, b] = createInMemoryPair();
    const wire = recordWire(a);
    await b.start(messageReceiver(() => {}));
    await a.start(messageReceiver(() => {}));
    const first: JsonRpcMessage = { jsonrpc: '2.0', method: 'one', params: { kept: 1, dropped: undefined } };
    await a.send([first, { jsonrpc: '2.0', method: 'two' }]);
    (first.params as Record<string, unknown>).kept = 2;
    assert.deepEqual(wire.sent, [
      { jsonrpc: '2.0', method: 'one', params: { kept: 1 } },
      { jsonrpc: '2.0', method: 'two' },
    ]);
    await b.send([{ jsonrpc: '2.0', id: 1, result: {} }]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(wire.received, [{ jsonrpc: '2.0', id: 1, result: {} }]);
    assert.deepEqual(
      wire.entries.map((e) => e.direction),
      ['sent', 'sent', 'received'],
    );
  });

  it('records a malformed value as it came, and hands it on', async () => {
    const transport = new HeldTransport();
    const wire = recordWire(transport);
    const seen: unknown[] = [];
    await transport.start(messageReceiver((message) => seen.push(message)));
    transport.receiver?.onTransportMessage('not JSON-RPC');
    assert.deepEqual(seen, ['not JSON-RPC']);
    assert.deepEqual(wire.received, ['not JSON-RPC']);
  });

  it('taps the transport in place: its own members stay, and so do the receiver’s', async () => {
    const transport = new HeldTransport();
    recordWire(transport);
    assert.ok(transport instanceof HeldTransport);
    assert.equal(transport.eraCacheKey, 'held');
    await transport.start(messageReceiver(() => {}));
    assert.ok(!('onTransportEnd' in (transport.receiver ?? {})), 'a receiver without onTransportEnd stays without');
    const ended: string[] = [];
    await transport.start({ ...messageReceiver(() => {}), onTransportEnd: () => ended.push('end') });
    transport.receiver?.onTransportEnd?.();
    assert.deepEqual(ended, ['end']);
  });
});
