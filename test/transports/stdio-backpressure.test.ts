// A client that sends requests to a stdio server process but does not read its answers: the
// server stops reading stdin once its unread output passes the high-water mark (4 MiB), so
// what it holds stays bounded; once the client reads, every answer arrives, in order.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';
import { fixture, within } from '../helpers/e2e.js';
import { modernEnvelope } from '../helpers/modern-post.js';

const HIGH_WATER_MARK = 4 * 1024 * 1024;
const REQUESTS = 3000;
const META = modernEnvelope('unread');

interface Report {
  event: string;
  received: number;
  stdoutBuffered: number;
  rss: number;
}

describe('a stdio server whose client does not read', () => {
  it('stops reading while its output is backed up, then answers everything in order', async () => {
    const child = spawn(process.execPath, [fixture('unread-stdout-server')], {
      stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
    });
    const [stdin, stdout, stderrStream] = [child.stdin!, child.stdout!, child.stderr!];
    const reports: Report[] = [];
    const waiting: { event: string; resolve: (r: Report) => void }[] = [];
    child.on('message', (message: Report) => {
      reports.push(message);
      for (const w of waiting.splice(0).filter((w) => w.event !== message.event || (w.resolve(message), false)))
        waiting.push(w);
    });
    const next = (event: string) => new Promise<Report>((resolve) => waiting.push({ event, resolve }));
    let stderr = '';
    stderrStream.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    stdin.on('error', () => {});
    try {
      await within(next('ready'), 10_000, 'the server to start');
      const requests =
        Array.from({ length: REQUESTS }, (_, i) =>
          JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/list', params: { _meta: META } }),
        ).join('\n') + '\n';
      // Nothing reads the child's stdout yet.
      const allTaken = stdin.write(requests) ? Promise.resolve() : once(stdin, 'drain');
      const first = await within(
        Promise.race([next('paused').then(() => 'paused'), allTaken.then(() => 'all taken')]),
        20_000,
        'the server to pause or take everything',
      );
      const held = await within((child.send('probe'), next('probe')), 10_000, 'a probe');
      assert.equal(
        first,
        'paused',
        `the server took all ${REQUESTS} requests without anyone reading: ${JSON.stringify(held)}`,
      );
      assert.ok(held.received < REQUESTS, `it stopped taking requests (${held.received} of ${REQUESTS})`);
      assert.ok(stdin.writableLength > 0, 'the rest of our requests wait on our side');

      // Now read: every answer arrives, in order, none lost.
      const ids: number[] = [];
      let lineBytes = 0;
      let tail = '';
      const done = new Promise<void>((resolve) => {
        stdout.setEncoding('utf8').on('data', (chunk: string) => {
          const lines = (tail + chunk).split('\n');
          tail = lines.pop() ?? '';
          for (const line of lines) {
            const answer = JSON.parse(line) as { id: number; result?: { tools?: unknown[] } };
            assert.equal(answer.result?.tools?.length, 100, line.slice(0, 200));
            ids.push(answer.id);
            lineBytes = Math.max(lineBytes, Buffer.byteLength(line) + 1);
          }
          if (ids.length >= REQUESTS) resolve();
        });
      });
      await within(done, 60_000, `all ${REQUESTS} answers; stderr: ${stderr}`);
      assert.deepEqual(
        ids,
        Array.from({ length: REQUESTS }, (_, i) => i + 1),
      );
      assert.ok(
        reports.some((r) => r.event === 'resumed'),
        'reading resumed once the client read',
      );

      // While nobody read, what the server held was bounded by the mark (plus what it had in
      // hand when it paused), not by what was sent.
      const heldBytes = held.received * lineBytes;
      assert.ok(
        heldBytes < 2 * HIGH_WATER_MARK,
        `${heldBytes} bytes of answers were waiting unread (${REQUESTS * lineBytes} were asked for)`,
      );
    } finally {
      child.disconnect();
      stdin.end();
      child.kill();
    }
  });
});
