// The small parts of the Streamable HTTP endpoint on their own: header checks and the
// in-memory event store.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryEventStore, type StoredMessage } from '../../src/http/index.js';
import { accepts, isJsonContentType, protocolVersionProblem } from '../../src/http/server/header-checks.js';

const note = (n: number): StoredMessage => ({ jsonrpc: '2.0', method: 'n', params: { n } });

function replay(store: MemoryEventStore, after: string): { stream: string | undefined; events: [string, StoredMessage][] } {
  const events: [string, StoredMessage][] = [];
  const stream = store.replayAfter(after, (id, message) => events.push([id, message]));
  return { stream, events };
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
    assert.deepEqual(replay(store, start), { stream: 'a', events: [[a1, note(1)], [a3, note(3)]] });
    assert.deepEqual(replay(store, a1), { stream: 'a', events: [[a3, note(3)]] });
    assert.deepEqual(replay(store, a3), { stream: 'a', events: [] });
  });

  it('drops the oldest events beyond its bound; ids stay unique and meaningful', () => {
    const store = new MemoryEventStore(2);
    const start = store.append('s', undefined);
    const ids = [1, 2, 3, 4].map((n) => store.append('s', note(n)));
    assert.equal(new Set([start, ...ids]).size, 5);
    assert.equal(store.size, 2);
    assert.deepEqual(replay(store, start).events.map(([, m]) => m), [note(3), note(4)]);
  });

  it('does not know ids it did not mint', () => {
    const store = new MemoryEventStore();
    store.append('s', note(1));
    for (const id of ['', 'x', ':1', 's:-1', 's:1.5', 's:99']) assert.equal(replay(store, id).stream, undefined, id);
    assert.throws(() => store.append('a:b', note(1)), TypeError);
  });
});
