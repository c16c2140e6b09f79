import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InputRequiredSignal, ServedRound } from '../../src/server/multi-round-trip/served-round.js';
import type { InputRequest } from '../../src/types/multi-round-trip.js';

const roots: InputRequest = { method: 'roots/list', params: {} };
const sampling: InputRequest = { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } };
const listed = { roots: [{ uri: 'file:///a' }] };

describe('ServedRound', () => {
  it('keys calls by their order among calls of the same method', () => {
    const round = new ServedRound(undefined, undefined);
    for (const request of [roots, sampling, roots]) assert.throws(() => round.answer(request), InputRequiredSignal);
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['roots-1', 'sampling-1', 'roots-2']);
    assert.equal(round.needsInput, true);
  });

  it('prefers an answer used in an earlier round over a new one under the same key', () => {
    const round = new ServedRound(
      { answers: { 'roots-1': listed } },
      { 'roots-1': { roots: [] }, 'roots-2': { roots: [] } },
    );
    assert.deepEqual(round.answer(roots), listed);
    assert.deepEqual(round.answer(roots), { roots: [] });
    assert.equal(round.needsInput, false);
    assert.deepEqual(round.carry(), { answers: { 'roots-1': listed, 'roots-2': { roots: [] } } });
  });

  it('carries only the answers the handler used, and its state', () => {
    const round = new ServedRound(
      { answers: { stale: listed }, state: { step: 1 } },
      { 'roots-1': listed, unasked: listed },
    );
    round.answer(roots);
    assert.throws(() => round.answer(sampling), InputRequiredSignal);
    assert.deepEqual(round.carry(), { answers: { 'roots-1': listed }, state: { step: 1 } });
  });

  it('refuses one key for two kinds of input, and empty keys', () => {
    const round = new ServedRound(undefined, undefined);
    assert.throws(() => round.answer(roots, 'k'), InputRequiredSignal);
    assert.throws(
      () => round.answer(sampling, 'k'),
      /Input key "k" is used for both roots\/list and sampling\/createMessage/,
    );
    assert.throws(() => round.answer(roots, ''), /non-empty string/);
  });

  it('keeps a key that names an unusual property as a plain key', () => {
    const round = new ServedRound(undefined, JSON.parse('{"__proto__": {"roots": []}}') as never);
    assert.deepEqual(round.answer(roots, '__proto__'), { roots: [] });
    assert.throws(() => round.answer(sampling, 'constructor'), InputRequiredSignal);
    assert.deepEqual(Object.keys(round.inputRequests ?? {}), ['constructor']);
    assert.deepEqual(Object.keys(round.carry().answers), ['__proto__']);
  });

  it('ends the round on request, with state and no input requests', () => {
    const round = new ServedRound(undefined, undefined);
    assert.throws(() => round.require({ cursor: 'x' }, undefined), InputRequiredSignal);
    assert.equal(round.needsInput, true);
    assert.equal(round.inputRequests, undefined);
    assert.deepEqual(round.carry(), { answers: {}, state: { cursor: 'x' } });
  });
});
