// requestState sealed with a fleet's rotating keys: a state names its key, any process of the
// fleet opens it (once), across the change of key, until the state itself has expired; a key
// no longer accepted opens nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestStateSealer } from '../../src/server/multi-round-trip/request-state.js';
import { MemoryFleet } from '../../src/server/index.js';
import { ManualClock } from '../../src/testing/index.js';

/** The key a state names: after the format byte (2), the id's length, then the id. */
function keyOf(state: string): string {
  const bytes = Buffer.from(state, 'base64url');
  assert.equal(bytes[0], 2);
  return bytes.subarray(2, 2 + bytes[1]!).toString();
}

const binding = { method: 'tools/call', params: 'digest', principal: undefined };
const PERIOD = 60_000;
const TTL = 10_000;

function fleetOf(clock: ManualClock) {
  const fleet = new MemoryFleet({ clock, keyRotationMs: PERIOD, requestStateTtlMs: TTL });
  const process = () => {
    const store = fleet.join();
    const sealer = new RequestStateSealer({ ttlMs: TTL, clock });
    sealer.share(store.keys, store.usedStates);
    return sealer;
  };
  return { a: process(), b: process() };
}

describe('requestState keys of a fleet', () => {
  it('another process opens a state, once, even after the key changed', async () => {
    const clock = new ManualClock(PERIOD * 5 - 1000);
    const { a, b } = fleetOf(clock);
    const sealed = await a.seal({ answers: { 'elicitation-1': { action: 'accept' } } }, binding);
    clock.advance(2000); // a new period: a new key seals from now on
    const fresh = await a.seal({ answers: {} }, binding);
    assert.equal(keyOf(sealed), 'k4');
    assert.equal(keyOf(fresh), 'k5');
    assert.deepEqual((await b.open(sealed, binding)).answers, { 'elicitation-1': { action: 'accept' } });
    await assert.rejects(a.open(sealed, binding), /used already/);
    assert.deepEqual((await b.open(fresh, binding)).answers, {});
  });

  it('refuses a state whose key is no longer accepted, and one altered', async () => {
    const clock = new ManualClock(PERIOD * 7);
    const { a, b } = fleetOf(clock);
    const sealed = await a.seal({ answers: {} }, binding);
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    await assert.rejects(b.open(altered, binding), /integrity check failed/);
    clock.advance(PERIOD + TTL + 1);
    // Its key is no longer accepted: it opens nothing, before its expiry is even read.
    await assert.rejects(b.open(sealed, binding), /integrity check failed/);
  });

  it('a process with no fleet cannot open what the fleet sealed', async () => {
    const clock = new ManualClock(PERIOD * 3);
    const { a } = fleetOf(clock);
    const sealed = await a.seal({ answers: {} }, binding);
    await assert.rejects(new RequestStateSealer({ clock }).open(sealed, binding), /integrity check failed/);
  });
});
