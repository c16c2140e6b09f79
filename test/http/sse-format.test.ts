// Frames written by the formatter read back unchanged through the parser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatSseComment, formatSseEvent } from '../../src/http/server/sse-format.js';
import { SseParser, type SseEvent } from '../../src/http/client/sse-parser.js';

function readBack(text: string): { events: SseEvent[]; retries: number[]; comments: string[]; lastEventId: string } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = new SseParser({
    onEvent: (e) => events.push(e),
    onRetry: (ms) => retries.push(ms),
    onComment: (c) => comments.push(c),
  });
  parser.push(text);
  parser.end();
  return { events, retries, comments, lastEventId: parser.lastEventId };
}

describe('formatSseEvent', () => {
  it('writes id, event, retry and data lines ending in a blank line', () => {
    assert.equal(
      formatSseEvent({ id: '7', event: 'message', data: '{"a":1}', retry: 500 }),
      'id: 7\nevent: message\nretry: 500\ndata: {"a":1}\n\n',
    );
    assert.equal(formatSseEvent({ data: 'x' }), 'data: x\n\n');
  });

  it('splits data on every kind of line end, and the parser joins it back with LF', () => {
    const data = 'one\ntwo\r\nthree\rfour\n\n six';
    const frame = formatSseEvent({ data });
    assert.equal(frame, 'data: one\ndata: two\ndata: three\ndata: four\ndata: \ndata:  six\n\n');
    assert.deepEqual(readBack(frame).events, [
      { type: 'message', data: 'one\ntwo\nthree\nfour\n\n six', lastEventId: '' },
    ]);
  });

  it('keeps leading spaces and colons of the data', () => {
    for (const data of [' leading', ':colon first', 'a: b', '  ']) {
      assert.equal(readBack(formatSseEvent({ data })).events[0]?.data, data);
    }
  });

  it('writes a priming event: an id and empty data, which sets the id without an event', () => {
    const frame = formatSseEvent({ id: 'p-1', data: '', retry: 1000 });
    assert.equal(frame, 'id: p-1\nretry: 1000\ndata: \n\n');
    const read = readBack(frame);
    assert.deepEqual(read.events, []);
    assert.equal(read.lastEventId, 'p-1');
    assert.deepEqual(read.retries, [1000]);
  });

  it('refuses fields that would break the framing', () => {
    assert.throws(() => formatSseEvent({ id: 'a\nb', data: 'x' }), TypeError);
    assert.throws(() => formatSseEvent({ id: 'a\0b', data: 'x' }), TypeError);
    assert.throws(() => formatSseEvent({ event: 'a\rb', data: 'x' }), TypeError);
    assert.throws(() => formatSseEvent({ retry: -1 }), RangeError);
    assert.throws(() => formatSseEvent({ retry: 1.5 }), RangeError);
  });
});

describe('formatSseComment', () => {
  it('writes comment lines that readers ignore', () => {
    assert.equal(formatSseComment('keep-alive'), ': keep-alive\n\n');
    assert.equal(formatSseComment(), ':\n\n');
    const frame = formatSseComment('two\nlines') + formatSseEvent({ data: 'after' });
    const read = readBack(frame);
    assert.deepEqual(read.comments, [' two', ' lines']);
    assert.deepEqual(
      read.events.map((e) => e.data),
      ['after'],
    );
  });
});
