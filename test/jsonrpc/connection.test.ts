import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, NO_RESPONSE, type ConnectionHandlers } from '../../src/jsonrpc/connection.js';
import {
  ConnectionClosedError,
  JsonRpcError,
  RequestTimeoutError,
  UnserializableMessageError,
} from '../../src/jsonrpc/errors.js';
import { ManualClock } from '../../src/testing/manual-clock.js';
import { createInMemoryPair } from '../../src/transports/in-memory.js';
import { messageReceiver } from '../helpers/receiver.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import type { JsonRpcRequest, RequestId } from '../../src/jsonrpc/message.js';

function setup(handlers: Partial<ConnectionHandlers<undefined>> = {}, defaultTimeoutMs?: number) {
  const transport = new ScriptedTransport();
  const clock = new ManualClock();
  const abandoned: { id: RequestId; method: string; reason: unknown }[] = [];
  const errors: Error[] = [];
  const connection = new Connection(
    transport,
    {
      onRequest: () => ({}),
      onNotification: () => {},
      onAbandon: (_owner, id, method, reason) => abandoned.push({ id, method, reason }),
      onError: (_owner, e) => errors.push(e),
      ...handlers,
    },
    undefined,
    { clock, ...(defaultTimeoutMs !== undefined && { defaultTimeoutMs }) },
  );
  void connection.start();
  return { transport, clock, connection, abandoned, errors };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Connection: outbound requests', () => {
  it('allocates increasing ids and never reuses one', async () => {
    const { transport, connection } = setup();
    const a = connection.request('a', undefined);
    const b = connection.request('b', {});
    transport.receive({ jsonrpc: '2.0', id: 1, result: { n: 1 } });
    transport.receive({ jsonrpc: '2.0', id: 2, result: { n: 2 } });
    assert.deepEqual(await a, { n: 1 });
    assert.deepEqual(await b, { n: 2 });
    const c = connection.request('c', undefined);
    transport.receive({ jsonrpc: '2.0', id: 3, result: {} });
    await c;
    const ids = transport.sent.map((m) => (m as JsonRpcRequest).id);
    assert.deepEqual(ids, [1, 2, 3]);
  });

  it('rejects with the peer error, keeping code and data', async () => {
    const { transport, connection } = setup();
    const p = connection.request('x', undefined);
    transport.receive({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad', data: { why: 1 } } });
    await assert.rejects(
      p,
      (e: unknown) => e instanceof JsonRpcError && e.code === -32602 && (e.data as { why: number }).why === 1,
    );
  });

  it('drops responses to unknown ids and reports them', async () => {
    const { transport, errors } = setup();
    transport.receive({ jsonrpc: '2.0', id: 99, result: {} });
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /unknown request id 99/);
    assert.equal(transport.sent.length, 0);
  });

  it('times out with the default limit and tells the layer above', async () => {
    const { clock, connection, abandoned } = setup({}, 1000);
    const p = connection.request('slow', undefined);
    clock.advance(999);
    assert.equal(connection.isPending(1), true);
    clock.advance(1);
    await assert.rejects(p, RequestTimeoutError);
    assert.deepEqual(
      abandoned.map((a) => [a.id, a.method]),
      [[1, 'slow']],
    );
    assert.equal(clock.pending, 0);
  });

  it('honours a per-request timeout and ignores the late response', async () => {
    const { transport, clock, connection, errors } = setup();
    const p = connection.request('x', undefined, { timeoutMs: 50 });
    clock.advance(50);
    await assert.rejects(p, /timed out after 50 ms/);
    transport.receive({ jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(errors.length, 1, 'late response is dropped');
  });

  it('resets the timeout on demand, but never past the maximum total', async () => {
    const { clock, connection } = setup();
    const p = connection.request('x', undefined, { timeoutMs: 100, maxTotalTimeoutMs: 250 });
    let settled = false;
    p.catch(() => {}).finally(() => (settled = true));
    clock.advance(90);
    connection.resetTimeout(1);
    clock.advance(90);
    connection.resetTimeout(1);
    clock.advance(60); // 240 ms in total, 60 since the last reset
    await tick();
    assert.equal(settled, false);
    connection.resetTimeout(1);
    clock.advance(10); // 250: the total bound fires even though the reset asked for 100 more
    await assert.rejects(p, /maximum total time/);
  });

  it('rejects at once when aborted, and a response after the abort is ignored', async () => {
    const { transport, connection, abandoned, errors } = setup();
    const controller = new AbortController();
    const p = connection.request('x', undefined, { signal: controller.signal });
    controller.abort(new Error('user gave up'));
    await assert.rejects(p, /user gave up/);
    assert.equal(abandoned.length, 1);
    transport.receive({ jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(errors.length, 1);
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { transport, connection } = setup();
    await assert.rejects(connection.request('x', undefined, { signal: AbortSignal.abort(new Error('no')) }), /no/);
    assert.equal(transport.sent.length, 0);
  });

  it('rejects everything pending with ConnectionClosedError when the transport closes', async () => {
    const { transport, connection, clock } = setup();
    const a = connection.request('a', undefined);
    const b = connection.request('b', undefined);
    transport.drop(new Error('child exited with code 3'));
    await assert.rejects(a, (e: unknown) => e instanceof ConnectionClosedError && /code 3/.test(e.message));
    await assert.rejects(b, ConnectionClosedError);
    await assert.rejects(connection.request('c', undefined), ConnectionClosedError);
    assert.equal(clock.pending, 0, 'no timers left behind');
  });
});

describe('Connection: inbound messages', () => {
  it('answers requests with the handler result', async () => {
    const { transport } = setup({ onRequest: (_owner, r) => ({ echo: r.params }) });
    transport.receive({ jsonrpc: '2.0', id: 'a', method: 'm', params: { x: 1 } });
    await transport.waitForSent(1);
    assert.deepEqual(transport.sent[0], { jsonrpc: '2.0', id: 'a', result: { echo: { x: 1 } } });
  });

  it('maps a thrown JsonRpcError to its code and anything else to -32603 without details', async () => {
    const { transport, errors } = setup({
      onRequest: (_owner, r) => {
        if (r.method === 'a') throw new JsonRpcError(-32602, 'nope', { field: 'x' });
        throw new Error('secret stack detail');
      },
    });
    transport.receive({ jsonrpc: '2.0', id: 1, method: 'a' });
    transport.receive({ jsonrpc: '2.0', id: 2, method: 'b' });
    await transport.waitForSent(2);
    assert.deepEqual(transport.sent[0], {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'nope', data: { field: 'x' } },
    });
    assert.deepEqual(transport.sent[1], { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } });
    assert.match(errors[0]!.message, /secret stack detail/);
  });

  it('sends nothing when the handler returns NO_RESPONSE', async () => {
    const { transport } = setup({ onRequest: async () => NO_RESPONSE });
    transport.receive({ jsonrpc: '2.0', id: 1, method: 'm' });
    await tick();
    assert.equal(transport.sent.length, 0);
  });

  const invalid: [string, unknown, unknown][] = [
    ['a string', 'hello', null],
    ['a number', 42, null],
    ['null', null, null],
    ['wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'm' }, 1],
    ['missing jsonrpc', { id: 2, method: 'm' }, 2],
    ['numeric method', { jsonrpc: '2.0', id: 3, method: 7 }, 3],
    ['null id', { jsonrpc: '2.0', id: null, method: 'm' }, null],
    ['object id', { jsonrpc: '2.0', id: {}, method: 'm' }, null],
    ['unsafe integer id', { jsonrpc: '2.0', id: 2 ** 60, method: 'm' }, null],
    ['fractional id', { jsonrpc: '2.0', id: 1.5, method: 'm' }, null],
    ['no method, no result', { jsonrpc: '2.0', id: 4 }, 4],
  ];
  for (const [name, value, id] of invalid) {
    it(`answers -32600 for ${name}`, async () => {
      const { transport } = setup();
      transport.receive(value);
      await transport.waitForSent(1);
      const reply = transport.sent[0] as { id: unknown; error: { code: number } };
      assert.equal(reply.error.code, -32600);
      assert.equal(reply.id, id);
    });
  }

  it('answers -32602 for array params', async () => {
    const { transport } = setup();
    transport.receive({ jsonrpc: '2.0', id: 1, method: 'm', params: [1, 2] });
    await transport.waitForSent(1);
    assert.equal((transport.sent[0] as { error: { code: number } }).error.code, -32602);
  });

  it('rejects a request id that is still in use', async () => {
    let release!: () => void;
    const { transport } = setup({ onRequest: () => new Promise((r) => (release = () => r({}))) });
    transport.receive({ jsonrpc: '2.0', id: 7, method: 'slow' });
    transport.receive({ jsonrpc: '2.0', id: 7, method: 'again' });
    await transport.waitForSent(1);
    assert.equal((transport.sent[0] as { error: { code: number } }).error.code, -32600);
    release();
    await transport.waitForSent(2);
    assert.deepEqual(transport.sent[1], { jsonrpc: '2.0', id: 7, result: {} });
  });

  it('delivers notifications without answering them', async () => {
    const seen: string[] = [];
    const { transport } = setup({ onNotification: (_owner, n) => seen.push(n.method) });
    transport.receive({ jsonrpc: '2.0', method: 'note' });
    await tick();
    assert.deepEqual(seen, ['note']);
    assert.equal(transport.sent.length, 0);
  });
});

describe('Connection: batches', () => {
  it('rejects batches unless the layer above accepts them', async () => {
    const { transport } = setup();
    transport.receive([{ jsonrpc: '2.0', id: 1, method: 'm' }]);
    await transport.waitForSent(1);
    assert.deepEqual(transport.sent[0], {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: batches are not supported' },
    });
  });

  it('answers an accepted batch with one array of responses, skipping notifications', async () => {
    const notes: string[] = [];
    const { transport } = setup({
      acceptBatch: () => true,
      onRequest: async (_owner, r, batched) => ({ method: r.method, batched }),
      onNotification: (_owner, n) => notes.push(n.method),
    });
    transport.receive([
      { jsonrpc: '2.0', id: 1, method: 'a' },
      { jsonrpc: '2.0', method: 'n' },
      { jsonrpc: '2.0', id: 2, method: 'b' },
      { bogus: true },
    ]);
    await transport.waitForSent(1);
    const batch = transport.sent[0] as unknown[];
    assert.equal(Array.isArray(batch), true);
    assert.deepEqual(batch.slice(0, 2), [
      { jsonrpc: '2.0', id: 1, result: { method: 'a', batched: true } },
      { jsonrpc: '2.0', id: 2, result: { method: 'b', batched: true } },
    ]);
    assert.equal((batch[2] as { error: { code: number } }).error.code, -32600);
    assert.deepEqual(notes, ['n']);
  });

  it('answers an empty batch with a single -32600', async () => {
    const { transport } = setup({ acceptBatch: () => true });
    transport.receive([]);
    await transport.waitForSent(1);
    assert.equal((transport.sent[0] as { error: { code: number } }).error.code, -32600);
  });

  it('sends nothing for a batch of notifications only', async () => {
    const { transport } = setup({ acceptBatch: () => true });
    transport.receive([{ jsonrpc: '2.0', method: 'n' }]);
    await tick();
    assert.equal(transport.sent.length, 0);
  });
});

describe('Connection: messages JSON cannot write', () => {
  /** A connection over a real serializing pair; its peer is the test, which records what arrives. */
  async function overWire(handlers: Partial<ConnectionHandlers<undefined>> = {}) {
    const [near, far] = createInMemoryPair();
    const arrived: Record<string, unknown>[] = [];
    let wake: (() => void) | undefined;
    await far.start(
      messageReceiver((m) => {
        arrived.push(m as Record<string, unknown>);
        wake?.();
      }),
    );
    const failures: { request: JsonRpcRequest; error: unknown }[] = [];
    const unsent: Error[] = [];
    const connection = new Connection(
      near,
      {
        onRequest: () => ({}),
        onNotification: () => {},
        onRequestFailure: (_owner, request, error) => failures.push({ request, error }),
        onSendFailure: (_owner, error) => unsent.push(error),
        ...handlers,
      },
      undefined,
    );
    await connection.start();
    /** The message the peer received with this id, waiting for it. */
    const answer = async (id: unknown): Promise<Record<string, unknown>> => {
      for (;;) {
        const found = arrived.find((m) => !Array.isArray(m) && m.id === id);
        if (found) return found;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    };
    const batch = async (): Promise<Record<string, unknown>[]> => {
      for (;;) {
        const found = arrived.find((m) => Array.isArray(m));
        if (found) return found as unknown as Record<string, unknown>[];
        await new Promise<void>((resolve) => (wake = resolve));
      }
    };
    return { far, connection, arrived, failures, unsent, answer, batch };
  }

  const deep = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const BAD: [string, () => unknown, RegExp][] = [
    ['too deep', () => deep(100_000), /^Maximum call stack size exceeded$/],
    ['a cycle', () => cycle, /^Converting circular structure to JSON /],
    ['a BigInt', () => 2n ** 64n, /^Do not know how to serialize a BigInt$/],
    [
      'a toJSON that throws',
      () => ({
        toJSON() {
          throw new Error('no');
        },
      }),
      /^no$/,
    ],
  ];

  for (const [what, value, reason] of BAD) {
    it(`answers a result holding ${what} with -32603 and its id, reports it, and serves on`, async () => {
      const { far, answer, failures } = await overWire({
        onRequest: (_owner, request) => (request.method === 'bad' ? { value: value() } : {}),
      });
      await far.send({ jsonrpc: '2.0', id: 'b', method: 'bad', params: { n: 1 } });
      const error = (await answer('b')).error as { code: number; message: string };
      assert.equal(error.code, -32603);
      const prefix = 'Internal error: the result could not be serialized: ';
      assert.ok(error.message.startsWith(prefix), error.message);
      assert.match(error.message.slice(prefix.length), reason);
      assert.equal(failures.length, 1);
      assert.deepEqual(failures[0]!.request, { jsonrpc: '2.0', id: 'b', method: 'bad', params: { n: 1 } });
      assert.ok(failures[0]!.error instanceof UnserializableMessageError);
      await far.send({ jsonrpc: '2.0', id: 'next', method: 'fine' });
      assert.deepEqual(await answer('next'), { jsonrpc: '2.0', id: 'next', result: {} });
    });
  }

  it('answers an error whose data cannot be written with -32603', async () => {
    const { far, answer } = await overWire({
      onRequest: () => {
        throw new JsonRpcError(-32050, 'refused', { n: 1n });
      },
    });
    await far.send({ jsonrpc: '2.0', id: 1, method: 'm' });
    assert.deepEqual(await answer(1), {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: 'Internal error: the error could not be serialized: Do not know how to serialize a BigInt',
      },
    });
  });

  it('replaces only the response of a batch that cannot be written', async () => {
    const { far, batch } = await overWire({
      acceptBatch: () => true,
      onRequest: async (_owner, request) => (request.method === 'bad' ? { value: deep(100_000) } : { ok: request.id }),
    });
    await far.send([
      { jsonrpc: '2.0', id: 1, method: 'good' },
      { jsonrpc: '2.0', id: 2, method: 'bad' },
      { jsonrpc: '2.0', method: 'note' },
      { jsonrpc: '2.0', id: 3, method: 'good' },
    ]);
    assert.deepEqual(await batch(), [
      { jsonrpc: '2.0', id: 1, result: { ok: 1 } },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32603,
          message: 'Internal error: the result could not be serialized: Maximum call stack size exceeded',
        },
      },
      { jsonrpc: '2.0', id: 3, result: { ok: 3 } },
    ]);
  });

  it('rejects a request whose params cannot be written, leaving nothing pending and nothing sent', async () => {
    const { connection, arrived } = await overWire();
    const id = connection.allocateId() as number;
    await assert.rejects(connection.request('m', { value: 1n }, { id }), (error: unknown) => {
      assert.ok(error instanceof UnserializableMessageError);
      assert.equal(error.code, -32603);
      assert.equal(
        error.message,
        'Request m could not be sent: its params could not be serialized: Do not know how to serialize a BigInt',
      );
      return true;
    });
    assert.equal(connection.isPending(id), false);
    assert.deepEqual(arrived, []);
  });

  it('reports and rejects a notification whose params cannot be written, and sends on', async () => {
    const { connection, arrived, unsent, answer, far } = await overWire();
    await assert.rejects(connection.notify('n', { value: cycle }), UnserializableMessageError);
    assert.equal(unsent.length, 1);
    assert.match(
      unsent[0]!.message,
      /^Notification n could not be sent: its params could not be serialized: Converting/,
    );
    await connection.notify('n', { fine: true });
    await far.send({ jsonrpc: '2.0', id: 'after', method: 'm' });
    await answer('after');
    assert.deepEqual(arrived[0], { jsonrpc: '2.0', method: 'n', params: { fine: true } });
  });
});
