// The event-stream parser against the WHATWG interpretation rules, with the input cut into
// chunks at every position (inside UTF-8 sequences, between CR and LF, inside the BOM).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SseParser, type SseEvent } from '../../src/http/client/sse-parser.js';

interface Parsed {
  events: SseEvent[];
  retries: number[];
  comments: string[];
  lastEventId: string;
}

function parse(
  chunks: readonly (Uint8Array | string)[],
  options: { maxEventChars?: number; lastEventId?: string } = {},
): Parsed {
  const out: Parsed = { events: [], retries: [], comments: [], lastEventId: '' };
  const parser = new SseParser(
    {
      onEvent: (e) => out.events.push(e),
      onRetry: (ms) => out.retries.push(ms),
      onComment: (c) => out.comments.push(c),
    },
    options,
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  out.lastEventId = parser.lastEventId;
  return out;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Every way of cutting `input` in two, and one byte at a time, as bytes. */
function splits(input: Uint8Array): Uint8Array[][] {
  const ways: Uint8Array[][] = [[input]];
  for (let at = 0; at <= input.length; at++) ways.push([input.subarray(0, at), input.subarray(at)]);
  ways.push(Array.from(input, (_, i) => input.subarray(i, i + 1)));
  return ways;
}

/** Every way of cutting `input` in two, and one character at a time, as text. */
function textSplits(input: string): string[][] {
  const ways: string[][] = [];
  for (let at = 0; at <= input.length; at++) ways.push([input.slice(0, at), input.slice(at)]);
  ways.push([...input]);
  return ways;
}

describe('SseParser', () => {
  it('reads event, data, id and retry, whatever the chunking', () => {
    const stream =
      '\uFEFFid: 1\nevent: greeting\ndata: héllo ✓ 🎉\ndata:second line\nretry: 2500\n\n: keep-alive\ndata: {"a":1}\n\n';
    for (const chunks of splits(bytes(stream))) {
      const result = parse(chunks);
      assert.deepEqual(result.events, [
        { type: 'greeting', data: 'héllo ✓ 🎉\nsecond line', lastEventId: '1' },
        { type: 'message', data: '{"a":1}', lastEventId: '1' },
      ]);
      assert.deepEqual(result.retries, [2500]);
      assert.deepEqual(result.comments, [' keep-alive']);
    }
  });

  it('accepts CR, LF and CRLF line ends, also a CRLF cut between chunks', () => {
    const stream = 'data: a\r\ndata: b\rdata: c\n\r\ndata: d\r\r';
    for (const chunks of [...splits(bytes(stream)), ...textSplits(stream)]) {
      assert.deepEqual(
        parse(chunks).events.map((e) => e.data),
        ['a\nb\nc', 'd'],
      );
    }
  });

  it('skips one leading byte order mark only, also when it arrives a byte at a time', () => {
    for (const chunks of splits(bytes('\uFEFFdata: x\n\n')))
      assert.deepEqual(
        parse(chunks).events.map((e) => e.data),
        ['x'],
      );
    // A second BOM is part of the first line, which makes its field name unknown.
    assert.deepEqual(parse(['\uFEFF\uFEFFdata: x\n\n']).events, []);
    for (const chunks of textSplits('\uFEFFdata: y\n\n'))
      assert.deepEqual(
        parse(chunks).events.map((e) => e.data),
        ['y'],
      );
  });

  it('strips one space after the colon, and treats a line without colon as a field with no value', () => {
    const result = parse(['data:  two spaces\ndata:none\ndata\ndata:\n\n']);
    assert.deepEqual(
      result.events.map((e) => e.data),
      [' two spaces\nnone\n\n'],
    );
  });

  it('does not dispatch an event without data, but takes its id (a priming event)', () => {
    const result = parse(['id: prime-1\ndata: \n\n', 'id: 2\nevent: ping\n\n']);
    assert.deepEqual(result.events, []);
    assert.equal(result.lastEventId, '2');
    const twoEmpty = parse(['data:\ndata:\n\n']);
    assert.deepEqual(
      twoEmpty.events.map((e) => e.data),
      ['\n'],
    );
  });

  it('keeps the last event id across events, resets it on an empty id, ignores one with NUL', () => {
    const result = parse(['id: a\ndata: 1\n\ndata: 2\n\nid\ndata: 3\n\nid: x\0y\ndata: 4\n\n']);
    assert.deepEqual(
      result.events.map((e) => [e.data, e.lastEventId]),
      [
        ['1', 'a'],
        ['2', 'a'],
        ['3', ''],
        ['4', ''],
      ],
    );
  });

  it('gives the id effect only at the blank line that completes the event', () => {
    const parser = new SseParser({ onEvent: () => {} });
    parser.push('id: 7\ndata: partial\n');
    assert.equal(parser.lastEventId, '');
    parser.push('\n');
    assert.equal(parser.lastEventId, '7');
  });

  it('starts from the last event id of a stream it resumes', () => {
    const result = parse(['data: x\n\n'], { lastEventId: 'resumed-9' });
    assert.deepEqual(result.events, [{ type: 'message', data: 'x', lastEventId: 'resumed-9' }]);
  });

  it('resets the event type after each event and ignores unknown fields', () => {
    const result = parse(['event: a\ndata: 1\n\nfoo: bar\ndata: 2\n\n']);
    assert.deepEqual(
      result.events.map((e) => e.type),
      ['a', 'message'],
    );
  });

  it('takes retry only when it is all ASCII digits', () => {
    assert.deepEqual(parse(['retry: 100\nretry: 1e3\nretry: -5\nretry: 12a\nretry:\nretry: 0\n\n']).retries, [100, 0]);
  });

  it('discards an event the stream ends in the middle of', () => {
    assert.deepEqual(
      parse(['data: complete\n\ndata: incomplete\n']).events.map((e) => e.data),
      ['complete'],
    );
    assert.deepEqual(parse(['data: no newline at all']).events, []);
  });

  it('drops an event larger than the limit, and only that one', () => {
    const big = `data: ${'x'.repeat(200)}`;
    const oversized: number[] = [];
    const events: string[] = [];
    for (const chunks of [
      [`${big}\ndata: more\n\ndata: ok\n\n`],
      [big.slice(0, 150), `${big.slice(150)}\n`, '\ndata: after\n\n'],
      [`data: a\ndata: ${'y'.repeat(90)}\n\ndata: fine\n\n`],
    ]) {
      oversized.length = 0;
      events.length = 0;
      const parser = new SseParser(
        { onEvent: (e) => events.push(e.data), onOversizedEvent: (limit) => oversized.push(limit) },
        { maxEventChars: 64 },
      );
      for (const chunk of chunks) parser.push(chunk);
      parser.end();
      assert.deepEqual(oversized, [64]);
      assert.equal(events.length, 1);
      assert.match(events[0]!, /^(ok|after|fine)$/);
    }
  });

  it('a long line arriving in many chunks is read whole', () => {
    const payload = JSON.stringify({ text: 'z'.repeat(10_000) });
    const stream = bytes(`data: ${payload}\n\n`);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < stream.length; at += 7) chunks.push(stream.subarray(at, at + 7));
    assert.deepEqual(
      parse(chunks).events.map((e) => e.data),
      [payload],
    );
  });
});
