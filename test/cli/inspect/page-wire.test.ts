// The inspector page's network model without a browser: requests paired with their responses
// (both ways, per server) and the time between them, the filter by text, method and direction,
// the JSON Lines export, and the page state's rules for the wire and notifications.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WireEntry } from '../../../src/cli/inspect/protocol.js';
import { exportName, toJsonLines } from '../../../src/cli/inspect/page/jsonl.js';
import { applyEvent, applyLoaded, EMPTY, KEPT, lastNotification } from '../../../src/cli/inspect/page/state.js';
import {
  filterRows,
  formatDuration,
  formatSize,
  methodsOf,
  NO_FILTER,
  wireRows,
} from '../../../src/cli/inspect/page/wire-filter.js';

let seq = 0;
function entry(direction: WireEntry['direction'], time: number, message: unknown, server = 's1'): WireEntry {
  return { seq: ++seq, server, direction, time, size: JSON.stringify(message).length, message };
}

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };
const wire = [
  entry('sent', 1000, call),
  entry('sent', 1001, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 's2'),
  entry('received', 1010, { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'Name?' } }),
  entry('sent', 1030, { jsonrpc: '2.0', id: 7, result: { action: 'accept', content: { name: 'Ada' } } }),
  entry('received', 1040, { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }),
  entry('received', 1250, { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } }),
  entry('received', 1300, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } }, 's2'),
];

describe('inspector page: wire rows', () => {
  const rows = wireRows(wire);

  it('pairs a request with its response by id, per server and direction, with the duration on both', () => {
    const [request, other, asked, answered, note, response, otherError] = rows;
    assert.equal(request!.kind, 'request');
    assert.equal(request!.pair, response!.entry.seq);
    assert.equal(response!.pair, request!.entry.seq);
    assert.equal(response!.method, 'tools/call');
    assert.equal(request!.duration, 250);
    assert.equal(response!.duration, 250);
    // The server's own request is answered by a response the inspector sent.
    assert.equal(asked!.pair, answered!.entry.seq);
    assert.equal(answered!.method, 'elicitation/create');
    assert.equal(answered!.duration, 20);
    // Same id on another server: its own pair, an error.
    assert.equal(other!.pair, otherError!.entry.seq);
    assert.equal(otherError!.kind, 'error');
    assert.equal(otherError!.method, 'tools/list');
    assert.equal(note!.kind, 'notification');
    assert.equal(note!.pair, undefined);
    assert.equal(note!.duration, undefined);
  });

  it('leaves a request without its response unpaired, and a response without its request', () => {
    const rows = wireRows([
      entry('sent', 0, { jsonrpc: '2.0', id: 'a', method: 'ping' }),
      entry('received', 5, { jsonrpc: '2.0', id: 'b', result: {} }),
      entry('received', 6, 'not an object'),
    ]);
    assert.equal(rows[0]!.pair, undefined);
    assert.equal(rows[1]!.pair, undefined);
    assert.equal(rows[1]!.method, undefined);
    assert.equal(rows[2]!.kind, 'response');
  });

  it('does not pair id 1 with id "1"', () => {
    const rows = wireRows([
      entry('sent', 0, { jsonrpc: '2.0', id: 1, method: 'ping' }),
      entry('received', 5, { jsonrpc: '2.0', id: '1', result: {} }),
    ]);
    assert.equal(rows[0]!.pair, undefined);
  });

  it('filters by direction, method (a response by its request’s method) and words of the JSON', () => {
    assert.equal(filterRows(rows, NO_FILTER).length, rows.length);
    const sent = filterRows(rows, { ...NO_FILTER, direction: 'sent' });
    assert.deepEqual(
      sent.map((r) => r.entry.seq),
      [wire[0]!.seq, wire[1]!.seq, wire[3]!.seq],
    );
    const calls = filterRows(rows, { ...NO_FILTER, method: 'tools/call' });
    assert.deepEqual(
      calls.map((r) => r.kind),
      ['request', 'response'],
    );
    const ada = filterRows(rows, { ...NO_FILTER, text: '  ADA  accept ' });
    assert.deepEqual(
      ada.map((r) => r.entry.seq),
      [wire[3]!.seq],
    );
    assert.equal(filterRows(rows, { ...NO_FILTER, text: 'nowhere' }).length, 0);
    assert.deepEqual(methodsOf(rows), ['elicitation/create', 'notifications/message', 'tools/call', 'tools/list']);
  });

  it('writes sizes and durations for people', () => {
    assert.equal(formatSize(812), '812 B');
    assert.equal(formatSize(4200), '4.2 kB');
    assert.equal(formatSize(1_300_000), '1.3 MB');
    assert.equal(formatDuration(undefined), '');
    assert.equal(formatDuration(85.4), '85 ms');
    assert.equal(formatDuration(1250), '1.25 s');
  });
});

describe('inspector page: JSON Lines export', () => {
  it('writes one JSON object a line, each a whole message with its time, way, server and size', () => {
    const text = toJsonLines([wire[0]!, { ...wire[2]!, message: { text: 'two\nlines' } }]);
    const lines = text.split('\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[2], '');
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.deepEqual(first, {
      seq: wire[0]!.seq,
      time: new Date(1000).toISOString(),
      server: 's1',
      direction: 'sent',
      size: wire[0]!.size,
      message: call,
    });
    assert.deepEqual((JSON.parse(lines[1]!) as { message: unknown }).message, { text: 'two\nlines' });
    assert.equal(toJsonLines([]), '');
  });

  it('names the file by server and time, with nothing a file system refuses', () => {
    assert.equal(exportName('s1', 0), 'mcp-wire-s1-1970-01-01T00-00-00-000Z.jsonl');
    assert.match(exportName('../a b:c', 0), /^mcp-wire-\.\._a_b_c-/);
    assert.match(exportName('', 0), /^mcp-wire-server-/);
  });
});

describe('inspector page: state', () => {
  it('keeps each wire entry once, in order, and only the newest KEPT', () => {
    let state = applyEvent(EMPTY, { type: 'wire', entries: wire.slice(0, 3) });
    state = applyEvent(state, { type: 'wire', entries: wire.slice(1, 5) });
    assert.deepEqual(
      state.wire.map((e) => e.seq),
      wire.slice(0, 5).map((e) => e.seq),
    );
    const many = Array.from({ length: KEPT + 5 }, (_, i) => entry('sent', i, { i }));
    state = applyEvent(state, { type: 'wire', entries: many });
    assert.equal(state.wire.length, KEPT);
    assert.equal(state.wire.at(-1), many.at(-1));
  });

  it('keeps the notifications heard when the state is loaded again, and takes all it is told', () => {
    let state = applyEvent(EMPTY, { type: 'notification', server: 's1', method: 'notifications/x', params: {} });
    state = applyLoaded(state, {
      servers: [],
      wire: [wire[0]!],
      pending: [],
      http: [],
      sandbox: 'http://127.0.0.1:1/',
    });
    assert.equal(state.logs.length, 1);
    assert.deepEqual(state.wire, [wire[0]]);
    assert.equal(state.sandbox, 'http://127.0.0.1:1/');
  });

  it('finds the newest notification of a server and method that matches', () => {
    let state = EMPTY;
    for (const [server, uri] of [
      ['s1', 'memo://a'],
      ['s1', 'memo://b'],
      ['s2', 'memo://a'],
      ['s1', 'memo://a'],
      ['s1', 'memo://b'],
    ])
      state = applyEvent(state, {
        type: 'notification',
        server: server!,
        method: 'notifications/resources/updated',
        params: { uri },
      });
    const found = lastNotification(state.logs, 's1', 'notifications/resources/updated', (p) => p.uri === 'memo://a');
    assert.equal(found, state.logs[3]);
    assert.equal(lastNotification(state.logs, 's3', 'notifications/resources/updated'), undefined);
    assert.equal(lastNotification(state.logs, 's2', 'notifications/resources/updated'), state.logs[2]);
  });

  it('adds and removes pending requests by id, and keeps progress by call', () => {
    const request = { id: 'r1', server: 's1', kind: 'sampling' as const, params: {} };
    let state = applyEvent(EMPTY, { type: 'request', request });
    state = applyEvent(state, { type: 'request', request });
    assert.equal(state.pending.length, 1);
    state = applyEvent(state, { type: 'progress', call: 'c1', progress: 1, total: 4 });
    assert.deepEqual(state.progress, { c1: { progress: 1, total: 4 } });
    state = applyEvent(state, { type: 'request-done', id: 'r1' });
    assert.equal(state.pending.length, 0);
  });
});
