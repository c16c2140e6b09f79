import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import { StdioServerTransport } from '../../src/node/stdio-server.js';
import { LineSplitter } from '../../src/transports/ndjson.js';
import { Inbox, recorder } from '../helpers/transport-recorder.js';
import { within } from '../helpers/e2e.js';

const note = (i: number): JsonRpcMessage => ({ jsonrpc: '2.0', method: 'n', params: { i } });

/** A stdout that records each `write` call, and can hold callbacks to push back. */
class RecordingStdout extends Writable {
  readonly writes: string[] = [];
  readonly lines = new Inbox<unknown>();
  private readonly splitter = new LineSplitter({ onLine: (l) => this.lines.push(JSON.parse(l)) });
  private held: (() => void)[] = [];
  hold = false;

  constructor(highWaterMark = 16 * 1024) {
    super({ highWaterMark, decodeStrings: false });
  }

  override write(chunk: unknown, ...rest: never[]): boolean {
    this.writes.push(String(chunk));
    return super.write(chunk, ...rest);
  }

  override _write(chunk: string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.splitter.push(new TextEncoder().encode(chunk));
    if (this.hold) this.held.push(() => callback());
    else callback();
  }

  release(): void {
    this.hold = false;
    const held = this.held;
    this.held = [];
    for (const done of held) done();
  }
}

function setup(options: { maxMessageBytes?: number; stdout?: Writable } = {}) {
  const stdin = new PassThrough();
  const stdout = options.stdout ?? new RecordingStdout();
  const transport = new StdioServerTransport({ stdin, stdout, maxMessageBytes: options.maxMessageBytes });
  const { receiver, messages, errors, closes } = recorder();
  return { stdin, stdout, transport, receiver, messages, errors, closes };
}

describe('StdioServerTransport', () => {
  it('reads messages from stdin and writes each send as one line', async () => {
    const { stdin, stdout, transport, receiver, messages } = setup();
    await transport.start(receiver);
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0",');
    stdin.write('"method":"n"}\r\n');
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', id: 1, method: 'ping' });
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'n' });
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(await (stdout as RecordingStdout).lines.next(), { jsonrpc: '2.0', id: 1, result: {} });
    assert.equal((stdout as RecordingStdout).writes.join(''), '{"jsonrpc":"2.0","id":1,"result":{}}\n');
  });

  it('reads UTF-8 as a TextDecoder would: a leading byte order mark dropped, malformed bytes replaced, characters split across chunks whole', async () => {
    const { stdin, transport, receiver, messages } = setup();
    await transport.start(receiver);
    const bytes = (text: string) => Buffer.from(text, 'utf8');
    stdin.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('{"jsonrpc":"2.0","method":"bom"}\n')]));
    stdin.write(Buffer.concat([bytes('{"jsonrpc":"2.0","method":"'), Buffer.from([0xff]), bytes('"}\n')]));
    const euro = bytes('€');
    stdin.write(Buffer.concat([bytes('{"jsonrpc":"2.0","method":"'), euro.subarray(0, 1)]));
    stdin.write(Buffer.concat([euro.subarray(1), bytes('"}\n')]));
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'bom' });
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: '\ufffd' });
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: '€' });
  });

  it('answers invalid JSON with -32700 and id null, reports it, and keeps serving', async () => {
    const { stdin, stdout, transport, receiver, messages, errors } = setup();
    await transport.start(receiver);
    stdin.write('this is not json\n{"jsonrpc":"2.0","method":"after"}\n');
    const response = (await (stdout as RecordingStdout).lines.next()) as { id: unknown; error: { code: number } };
    assert.equal(response.id, null);
    assert.equal(response.error.code, -32700);
    const error = await errors.next();
    assert.match(error.message, /this is not json/);
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'after' });
  });

  it('refuses an over-long line without buffering it, answers -32600, and keeps serving', async () => {
    const { stdin, stdout, transport, receiver, messages, errors } = setup({ maxMessageBytes: 1024 });
    await transport.start(receiver);
    stdin.write('{"jsonrpc":"2.0","method":"big","params":{"s":"');
    const chunk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 80; i++) stdin.write(chunk);
    stdin.write('"}}\n{"jsonrpc":"2.0","method":"after"}\n');
    const response = (await (stdout as RecordingStdout).lines.next()) as {
      id: unknown;
      error: { code: number; message: string };
    };
    assert.equal(response.id, null);
    assert.equal(response.error.code, -32600);
    assert.match(response.error.message, /1024 bytes/);
    assert.match((await errors.next()).message, /1024 bytes/);
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'after' });
    assert.equal(errors.size, 0, 'reported once');
  });

  it('closes cleanly at the end of stdin, once, and refuses sends afterwards', async () => {
    const { stdin, transport, receiver, messages, closes } = setup();
    await transport.start(receiver);
    stdin.end('{"jsonrpc":"2.0","method":"last"}');
    assert.deepEqual(
      await messages.next(),
      { jsonrpc: '2.0', method: 'last' },
      'a final unterminated line still counts',
    );
    assert.equal(await closes.next('the close'), undefined);
    await transport.close();
    assert.equal(closes.size, 0, 'the close was reported once');
    await assert.rejects(transport.send(note(1)), ConnectionClosedError);
  });

  it('stops reading stdin on close', async () => {
    const { stdin, transport, receiver, messages, closes } = setup();
    await transport.start(receiver);
    await transport.close();
    assert.equal(await closes.next(), undefined);
    assert.equal(stdin.listenerCount('data'), 0);
    assert.equal(stdin.isPaused(), true);
    stdin.write('{"jsonrpc":"2.0","method":"ignored"}\n');
    assert.equal(messages.size, 0);
  });

  it('closes with an error when stdin is destroyed without an end', async () => {
    const { stdin, transport, receiver, closes } = setup();
    await transport.start(receiver);
    stdin.destroy();
    const error = await closes.next('the close');
    assert.ok(error instanceof ConnectionClosedError);
  });

  it('leaves no listeners behind on a shared stdout once its writes settle', async () => {
    const stdout = new RecordingStdout();
    const before = stdout.listenerCount('error');
    const detached = (): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => (stdout.listenerCount('error') === before ? resolve() : void setImmediate(check));
        check();
      });
    for (let i = 0; i < 20; i++) {
      const { transport, receiver, closes } = setup({ stdout });
      await transport.start(receiver);
      void transport.send(note(i));
      await transport.close();
      await closes.next();
      await within(detached(), 2000, 'the listeners to be removed');
    }
    for (let i = 0; i < 20; i++)
      assert.deepEqual(await stdout.lines.next(), note(i), 'writes queued before close still go out');
  });

  it('coalesces the sends of one tick into a single write', async () => {
    const stdout = new RecordingStdout();
    const { transport, receiver } = setup({ stdout });
    await transport.start(receiver);
    const sends = Array.from({ length: 200 }, (_, i) => transport.send(note(i)));
    await Promise.all(sends);
    assert.equal(stdout.writes.length, 1);
    for (let i = 0; i < 200; i++) assert.deepEqual(await stdout.lines.next(), note(i));
  });

  it('waits for drain when stdout pushes back, without reordering', async () => {
    const stdout = new RecordingStdout(16);
    const { transport, receiver } = setup({ stdout });
    await transport.start(receiver);
    stdout.hold = true;
    const settled: number[] = [];
    const first = transport.send(note(0)).then(() => settled.push(0));
    await within(new Promise((resolve) => setImmediate(resolve)), 1000, 'a turn of the loop');
    assert.equal(stdout.writes.length, 1);
    assert.equal(stdout.writableNeedDrain, true);
    const later = [1, 2, 3].map((i) => transport.send(note(i)).then(() => settled.push(i)));
    await within(new Promise((resolve) => setImmediate(resolve)), 1000, 'a turn of the loop');
    assert.equal(stdout.writes.length, 1, 'nothing more is written before drain');
    assert.deepEqual(settled, [], 'no send resolves before its bytes are taken');
    stdout.release();
    await within(Promise.all([first, ...later]), 2000, 'the sends');
    assert.equal(stdout.writes.length, 2, 'the held sends go out together after drain');
    assert.deepEqual(settled, [0, 1, 2, 3]);
    for (let i = 0; i < 4; i++) assert.deepEqual(await stdout.lines.next(), note(i));
  });

  it('survives EPIPE on stdout: reports, closes, rejects sends', async () => {
    const stdout = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const { transport, receiver, errors, closes } = setup({ stdout });
    await transport.start(receiver);
    await assert.rejects(transport.send(note(1)), ConnectionClosedError);
    assert.match((await errors.next()).message, /EPIPE/);
    const closeError = await closes.next('the close');
    assert.ok(closeError instanceof ConnectionClosedError);
    assert.match(closeError.message, /EPIPE/);
    await assert.rejects(transport.send(note(2)), ConnectionClosedError);
  });

  it('reports an exception thrown by the message handler and keeps reading', async () => {
    const { stdin, transport, receiver, messages, errors } = setup();
    receiver.onTransportMessage = (m) => {
      messages.push(m);
      if ((m as { method: string }).method === 'a') throw new Error('handler bug');
    };
    await transport.start(receiver);
    stdin.write('{"jsonrpc":"2.0","method":"a"}\n{"jsonrpc":"2.0","method":"b"}\n');
    assert.equal((await errors.next()).message, 'handler bug');
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'a' });
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'b' });
  });
});
