import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineSplitter, encodeLine } from '../../src/transports/ndjson.js';

function collect(maxLineBytes?: number) {
  const lines: string[] = [];
  const oversized: number[] = [];
  const splitter = new LineSplitter(
    { onLine: (l) => lines.push(l), onOversizedLine: (limit) => oversized.push(limit) },
    maxLineBytes === undefined ? {} : { maxLineBytes },
  );
  return { splitter, lines, oversized };
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('LineSplitter', () => {
  it('splits lines within and across chunks', () => {
    const { splitter, lines } = collect();
    splitter.push(bytes('{"a":1}\n{"b"'));
    splitter.push(bytes(':2}\n{"c":3}\n'));
    assert.deepEqual(lines, ['{"a":1}', '{"b":2}', '{"c":3}']);
    assert.equal(splitter.bufferedBytes, 0);
  });

  it('decodes a multi-byte message split at every byte position', () => {
    const text = '{"text":"héllo wörld — 你好 🎉 𝄞"}';
    const data = bytes(`${text}\n${text}\n`);
    for (let cut = 0; cut <= data.length; cut++) {
      const { splitter, lines } = collect();
      splitter.push(data.subarray(0, cut));
      splitter.push(data.subarray(cut));
      assert.deepEqual(lines, [text, text], `cut at ${cut}`);
    }
  });

  it('decodes a message fed one byte at a time', () => {
    const text = '{"emoji":"🎉🎉","cjk":"你好"}';
    const { splitter, lines } = collect();
    for (const b of bytes(`${text}\r\n`)) splitter.push(Uint8Array.of(b));
    assert.deepEqual(lines, [text]);
  });

  it('strips CRLF, including a CR and LF in different chunks, and ignores empty lines', () => {
    const { splitter, lines } = collect();
    splitter.push(bytes('{"a":1}\r\n\n\r\n{"b":2}\r'));
    splitter.push(bytes('\n\n'));
    assert.deepEqual(lines, ['{"a":1}', '{"b":2}']);
  });

  it('delivers a final line without a newline at the end of the stream', () => {
    const { splitter, lines } = collect();
    splitter.push(bytes('{"a":1}\n{"b":2}'));
    assert.deepEqual(lines, ['{"a":1}']);
    splitter.end();
    assert.deepEqual(lines, ['{"a":1}', '{"b":2}']);
  });

  it('accepts a line of exactly the limit and refuses one byte more', () => {
    const { splitter, lines, oversized } = collect(8);
    splitter.push(bytes('12345678\n123456789\nok\n'));
    assert.deepEqual(lines, ['12345678', 'ok']);
    assert.deepEqual(oversized, [8]);
  });

  it('reports an over-long line once as it crosses the limit, then recovers on the next line', () => {
    const { splitter, lines, oversized } = collect(16);
    splitter.push(bytes('{"first":true}\n{"long":"'));
    splitter.push(bytes('x'.repeat(10)));
    assert.deepEqual(oversized, [16], 'reported as soon as the limit is crossed');
    splitter.push(bytes('x'.repeat(100)));
    splitter.push(bytes('x"}'));
    assert.deepEqual(oversized, [16], 'reported once');
    splitter.push(bytes('\n{"after":1}\n'));
    assert.deepEqual(lines, ['{"first":true}', '{"after":1}']);
    assert.deepEqual(oversized, [16]);
  });

  it('reports each of several over-long lines once', () => {
    const { splitter, lines, oversized } = collect(4);
    splitter.push(bytes('aaaaaa\nbbbbbbbbb'));
    splitter.push(bytes('bb\ncc\ndddddd'));
    splitter.push(bytes('\n'));
    assert.deepEqual(lines, ['cc']);
    assert.equal(oversized.length, 3);
  });

  it('does not hold an over-long line: 50 MiB in chunks keeps the buffer within the limit', () => {
    const limit = 64 * 1024;
    const { splitter, lines, oversized } = collect(limit);
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let peak = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    splitter.push(bytes('{"x":"'));
    for (let sent = 0; sent < 50 * 1024 * 1024; sent += chunk.length) {
      splitter.push(chunk);
      peak = Math.max(peak, splitter.bufferedBytes);
    }
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    splitter.push(bytes('"}\n{"ok":true}\n'));
    assert.ok(peak <= limit, `peak buffered ${peak} bytes`);
    assert.ok(heapGrowth < 16 * 1024 * 1024, `heap grew by ${heapGrowth} bytes`);
    assert.deepEqual(oversized, [limit]);
    assert.deepEqual(lines, ['{"ok":true}']);
  });

  it('copies held bytes, so a caller may reuse its buffer', () => {
    const { splitter, lines } = collect();
    const buffer = new Uint8Array(8);
    buffer.set(bytes('{"a":'));
    splitter.push(buffer.subarray(0, 5));
    buffer.set(bytes('1}\n'));
    splitter.push(buffer.subarray(0, 3));
    assert.deepEqual(lines, ['{"a":1}']);
  });

  it('stops at the next line when paused mid-chunk, holds what comes meanwhile, and goes on when resumed', () => {
    const lines: string[] = [];
    const splitter: LineSplitter = new LineSplitter({
      onLine: (l) => {
        lines.push(l);
        if (l === '2') splitter.pause();
      },
    });
    splitter.push(bytes('1\n2\n3\n4'));
    assert.deepEqual(lines, ['1', '2']);
    assert.equal(splitter.isPaused, true);
    splitter.push(bytes('4\n5\n'));
    assert.deepEqual(lines, ['1', '2'], 'nothing is delivered while paused');
    splitter.resume();
    assert.deepEqual(lines, ['1', '2', '3', '44', '5']);
    splitter.pause();
    splitter.push(bytes('6\n7'));
    splitter.end();
    assert.deepEqual(lines, ['1', '2', '3', '44', '5', '6', '7'], 'the end delivers what was held');
  });

  it('rejects a non-positive limit', () => {
    assert.throws(() => collect(0), RangeError);
  });
});

describe('encodeLine', () => {
  it('writes one line even when strings hold newlines', () => {
    const line = encodeLine({ jsonrpc: '2.0', method: 'm', params: { text: 'a\nb\r\nc' } });
    assert.equal(line.indexOf('\n'), line.length - 1);
    assert.deepEqual(JSON.parse(line), { jsonrpc: '2.0', method: 'm', params: { text: 'a\nb\r\nc' } });
  });

  it('round-trips through the splitter', () => {
    const { splitter, lines } = collect();
    const messages = [
      { jsonrpc: '2.0' as const, id: 1, method: 'a', params: { s: 'é\n' } },
      { jsonrpc: '2.0' as const, method: 'b' },
    ];
    splitter.push(new TextEncoder().encode(messages.map(encodeLine).join('')));
    assert.deepEqual(
      lines.map((l) => JSON.parse(l) as unknown),
      messages,
    );
  });
});
