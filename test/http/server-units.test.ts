// The small parts of the Streamable HTTP endpoint on their own: header checks and the
// in-memory event store.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryEventStore, type StoredMessage } from '../../src/http/index.js';
import { accepts, isJsonContentType, protocolVersionProblem } from '../../src/http/server/header-checks.js';

const note = (n: number): StoredMessage => ({ jsonrpc: '2.0', method: 'n', params: { n } });

function replay(
  store: MemoryEventStore,
  after: string,
): { stream: string | undefined; events: [string, StoredMessage][]; lost?: boolean } {
  const events: [string, StoredMessage][] = [];
  const found = store.replayAfter(after, (id, message) => events.push([id, message]));
  return found?.eventsLost ? { stream: found.streamId, events, lost: true } : { stream: found?.streamId, events };
}

describe('Streamable HTTP header checks', () => {
  it('reads Accept with wildcards and quality values', () => {
    assert.equal(accepts('application/json, text/event-stream', 'text/event-stream'), true);
    assert.equal(accepts('Application/JSON;q=0.9', 'application/json'), true);
    assert.equal(accepts('text/*', 'text/event-stream'), true);
    assert.equal(accepts('*/*;q=0.1', 'application/json'), true);
    assert.equal(accepts('text/event-stream;q=0', 'text/event-stream'), false);
    assert.equal(accepts('text/html', 'application/json'), false);
    assert.equal(accepts(undefined, 'application/json'), false);
  });

  it('reads Content-Type without its parameters', () => {
    assert.equal(isJsonContentType('application/json; charset=utf-8'), true);
    assert.equal(isJsonContentType('application/jsonx'), false);
    assert.equal(isJsonContentType(undefined), false);
  });

  it('checks MCP-Protocol-Version from 2025-06-18 on', () => {
    assert.equal(protocolVersionProblem(undefined, '2025-11-25'), undefined);
    assert.equal(protocolVersionProblem('2025-11-25', '2025-11-25'), undefined);
    assert.match(protocolVersionProblem('2025-06-18', '2025-11-25') ?? '', /negotiated revision 2025-11-25/);
    assert.equal(protocolVersionProblem('whatever', '2025-03-26'), undefined);
    assert.equal(protocolVersionProblem('2025-06-18', undefined), undefined);
    assert.ok(protocolVersionProblem('1999-01-01', undefined));
  });
});

describe('MemoryEventStore', () => {
  it('replays the events of one stream after an id, in order', () => {
    const store = new MemoryEventStore();
    const start = store.append('a', undefined);
    const a1 = store.append('a', note(1));
    store.append('b', note(2));
    const a3 = store.append('a', note(3));
    assert.deepEqual(replay(store, start), {
      stream: 'a',
      events: [
        [a1, note(1)],
        [a3, note(3)],
      ],
    });
    assert.deepEqual(replay(store, a1), { stream: 'a', events: [[a3, note(3)]] });
    assert.deepEqual(replay(store, a3), { stream: 'a', events: [] });
  });

  it('drops the oldest events beyond its bound; ids stay unique and meaningful', () => {
    const store = new MemoryEventStore(2);
    const start = store.append('s', undefined);
    const ids = [1, 2, 3, 4].map((n) => store.append('s', note(n)));
    assert.equal(new Set([start, ...ids]).size, 5);
    assert.equal(store.size, 2);
    assert.deepEqual(
      replay(store, start).events.map(([, m]) => m),
      [note(3), note(4)],
    );
  });

  it('says when a replay would have a gap: events after the id were dropped from its stream', () => {
    const store = new MemoryEventStore(3);
    const a = [1, 2].map((n) => store.append('a', note(n)));
    const b = [3, 4, 5].map((n) => store.append('b', note(n)));
    // a1 and a2 were dropped for b's events: a is empty, b whole.
    assert.deepEqual(replay(store, b[0]!), {
      stream: 'b',
      events: [
        [b[1], note(4)],
        [b[2], note(5)],
      ],
    });
    assert.deepEqual(replay(store, a[1]!), { stream: 'a', events: [] }, 'nothing of a came after a2');
    assert.deepEqual(replay(store, a[0]!), { stream: 'a', events: [], lost: true }, 'a2 is gone');
    const b6 = store.append('b', note(6));
    assert.deepEqual(
      replay(store, b[0]!),
      {
        stream: 'b',
        events: [
          [b[1], note(4)],
          [b[2], note(5)],
          [b6, note(6)],
        ],
      },
      'only b3 is gone',
    );
    const b7 = store.append('b', note(7));
    assert.equal(replay(store, b[0]!).lost, true, 'b4 is gone now');
    assert.deepEqual(replay(store, b[1]!), {
      stream: 'b',
      events: [
        [b[2], note(5)],
        [b6, note(6)],
        [b7, note(7)],
      ],
    });
  });

  it('stays bounded over many streams, reporting a possible gap rather than none for one it forgot', () => {
    const store = new MemoryEventStore(1);
    const firsts = Array.from({ length: 3000 }, (_, i) => store.append(`p${i}`, note(i)));
    assert.equal(store.size, 1);
    assert.equal(replay(store, firsts[2999]!).lost, undefined, 'the last stream is whole');
    assert.equal(replay(store, store.append('p0', undefined)).lost, undefined, 'a position after every drop');
    for (const start of [`p0:0`, `p1500:0`, `p2998:0`]) assert.equal(replay(store, start).lost, true, start);
  });

  it('keeping nothing, calls every replay that reaches back past an event a gap', () => {
    const store = new MemoryEventStore(0);
    const start = store.append('s', undefined);
    assert.equal(replay(store, start).lost, undefined);
    const first = store.append('s', note(1));
    assert.deepEqual(replay(store, start), { stream: 's', events: [], lost: true });
    assert.equal(replay(store, first).lost, undefined);
  });

  it('does not know ids it did not mint', () => {
    const store = new MemoryEventStore();
    store.append('s', note(1));
    for (const id of ['', 'x', ':1', 's:-1', 's:1.5', 's:99']) assert.equal(replay(store, id).stream, undefined, id);
    assert.throws(() => store.append('a:b', note(1)), TypeError);
  });
});
