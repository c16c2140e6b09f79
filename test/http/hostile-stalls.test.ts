// Clients that never finish their request, over real sockets against `listen`: stalled bodies
// and dribbled headers are answered 408 and closed once the configured time is up, what they
// sent is let go, and connections beyond the cap are closed as they come.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { listen, type ListeningServer, type ListenOptions } from '../../src/node/index.js';
import { Server } from '../../src/server/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function externalAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().arrayBuffers;
}

async function serving(
  options: ListenOptions,
  check: (http: ListeningServer, port: number) => Promise<void>,
): Promise<void> {
  const http = await listen(new Server({ name: 'stalls', version: '1' }), options);
  try {
    await check(http, Number(new URL(http.url).port));
  } finally {
    await http.close();
  }
}

interface Connection {
  socket: Socket;
  /** Resolves with what the server sent once the connection has closed. */
  closed: Promise<string>;
}

/** Opens a connection that sends `data` and then nothing more. */
async function stalled(port: number, ...data: (string | Buffer)[]): Promise<Connection> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  await once(socket, 'connect');
  for (const item of data) socket.write(item);
  return { socket, closed };
}

function postHead(port: number, contentLength: number): string {
  return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;
}

function connections(http: ListeningServer): Promise<number> {
  return new Promise((resolve, reject) =>
    http.httpServer.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Resolves once the server holds no connection; a socket's close reaches it a few turns late. */
async function noConnectionsLeft(http: ListeningServer): Promise<void> {
  let open = await connections(http);
  const deadline = Date.now() + 5000;
  while (open > 0) {
    if (Date.now() > deadline) assert.fail(`${open} connections are still open`);
    await new Promise((resolve) => setImmediate(resolve));
    open = await connections(http);
  }
}

/** Resolves once `predicate` holds, checking after each turn of the event loop; fails after `ms`. */
async function until(predicate: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) assert.fail(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Fails the test instead of waiting on when `promise` takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const SENT_PER_BODY = 512 * 1024;

describe('stalled requests over a socket', () => {
  it('answers 20 stalled bodies 408, closes them, and lets their memory go', async () => {
    await serving({ requestTimeoutMs: 1500, headersTimeoutMs: 200 }, async (http, port) => {
      const before = externalAfterGc();
      const open = await Promise.all(
        Array.from({ length: 20 }, () =>
          stalled(port, postHead(port, 4 * SENT_PER_BODY), Buffer.alloc(SENT_PER_BODY, 0x20)),
        ),
      );
      // The measure sees the bodies while they are held, so it can see them kept afterwards.
      await until(() => externalAfterGc() - before > 8 * 1024 * 1024, 5000, 'the server to hold the bodies');
      const answers = await within(Promise.all(open.map((c) => c.closed)), 10_000, 'the stalled bodies to be closed');
      for (const answer of answers) assert.match(answer, /^HTTP\/1\.1 408 /);
      await noConnectionsLeft(http);
      const grown = externalAfterGc() - before;
      assert.ok(
        grown < 2 * 1024 * 1024,
        `${(grown / 1024 / 1024).toFixed(1)} MiB of the 10 MiB received is still held`,
      );
    });
  });

  it('answers headers that never end 408, and a connection that sends nothing', async () => {
    await serving({ requestTimeoutMs: 2000, headersTimeoutMs: 200 }, async (http, port) => {
      const silent = await stalled(port);
      const partial = await stalled(port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const answers = await within(
        Promise.all([silent.closed, partial.closed]),
        10_000,
        'the stalled headers to be closed',
      );
      for (const answer of answers) assert.match(answer, /^HTTP\/1\.1 408 /);
      await noConnectionsLeft(http);
    });
  });

  it('closes connections beyond maxConnections at once, and serves again once there is room', async () => {
    await serving({ maxConnections: 3, requestTimeoutMs: 60_000, headersTimeoutMs: 60_000 }, async (http, port) => {
      const held = await Promise.all([1, 2, 3].map(() => stalled(port, postHead(port, 10), '{')));
      const dropped = once(http.httpServer, 'drop');
      const extra = await stalled(port, postHead(port, 2), '{}');
      await within(dropped, 5000, 'the server to drop the extra connection');
      assert.equal(await within(extra.closed, 5000, 'the extra connection to close'), '', 'closed without an answer');
      for (const c of held) c.socket.destroy();
      await Promise.all(held.map((c) => c.closed));
      const response = await fetch(http.url, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: '{',
      });
      assert.equal(response.status, 400, 'a parse error: served');
    });
  });

  it('refuses timeouts that make no sense', async () => {
    const server = new Server({ name: 'stalls', version: '1' });
    await assert.rejects(listen(server, { requestTimeoutMs: -1 }), RangeError);
    await assert.rejects(listen(server, { maxConnections: Number.NaN }), RangeError);
  });
});
