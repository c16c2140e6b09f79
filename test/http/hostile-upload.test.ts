// An oversized upload is answered 413, and the client reads that answer rather than a
// connection reset: the server keeps reading (and dropping) what the client is still sending
// for a bounded while before it closes. Run many times over real sockets, since a reset is a
// race the client loses only sometimes.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { listen, type ListeningServer } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';

const FRAME_DATA = Buffer.alloc(64 * 1024, 0x20);
/** One chunk of a chunked body: size line, data, CRLF. */
const FRAME = Buffer.concat([Buffer.from(`${FRAME_DATA.length.toString(16)}\r\n`), FRAME_DATA, Buffer.from('\r\n')]);

interface Outcome {
  /** Everything the server sent. */
  received: string;
  /** An error the connection failed with (a reset, a write after the server closed). */
  error: string | undefined;
  /** Body bytes the client managed to send. */
  sent: number;
}

/**
 * Sends `head`, then `frames` body chunks (forever when Infinity) at the pace the socket takes
 * them, then `tail`, as a client that writes its whole request before reading would; resolves
 * once the connection is closed, with what came back and how it ended.
 */
function upload(port: number, head: string, frames: number, tail: string): Promise<Outcome> {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let error: string | undefined;
  let sent = 0;
  let open = true;
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  socket.on('close', () => (open = false));
  const pump = (): void => {
    while (open && sent < frames * FRAME.length) {
      sent += FRAME.length;
      if (!socket.write(FRAME)) return void socket.once('drain', pump);
    }
    if (open) socket.write(tail);
  };
  socket.write(head);
  pump();
  return new Promise((resolve) => socket.on('close', () => resolve({ received, error, sent })));
}

const head = (port: number, framing: string): string =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n${framing}\r\n`;

describe('oversized uploads over a socket', () => {
  let running: ListeningServer;

  before(async () => {
    running = await listen(new Server({ name: 'upload', version: '1' }), { maxBodyBytes: 1024 });
  });
  after(async () => {
    await running.close();
  });

  it('answers a chunked upload 413 that a client writing its whole body first reads, 40 times in a row', async () => {
    const port = Number(new URL(running.url).port);
    for (let i = 0; i < 40; i++) {
      const outcome = await upload(port, head(port, 'Transfer-Encoding: chunked\r\n'), 128, '0\r\n\r\n');
      assert.equal(outcome.error, undefined, `attempt ${i}: the connection failed`);
      assert.match(outcome.received, /^HTTP\/1\.1 413 /, `attempt ${i}`);
      assert.match(outcome.received, /\r\nconnection: close\r\n/i);
      const body = /\{.*\}/s.exec(outcome.received)?.[0] ?? '';
      assert.equal((JSON.parse(body) as { error: { code: number } }).error.code, -32000);
    }
  });

  it('answers an upload declared too large by Content-Length 413 that the client reads, 40 times in a row', async () => {
    const port = Number(new URL(running.url).port);
    for (let i = 0; i < 40; i++) {
      const outcome = await upload(port, head(port, `Content-Length: ${128 * FRAME.length}\r\n`), 128, '');
      assert.equal(outcome.error, undefined, `attempt ${i}: the connection failed`);
      assert.match(outcome.received, /^HTTP\/1\.1 413 /, `attempt ${i}`);
    }
  });

  it('closes the connection of a client that never stops sending, having answered it 413', async () => {
    const port = Number(new URL(running.url).port);
    const outcome = await upload(port, head(port, 'Transfer-Encoding: chunked\r\n'), Infinity, '');
    assert.match(outcome.received, /^HTTP\/1\.1 413 /);
    assert.ok(outcome.sent < 256 * 1024 * 1024, `the server read ${outcome.sent} bytes before closing`);
  });
});
