// Numbers typed into the inspector's forms: only what a double holds exactly is sent; and
// date-times typed in local time carry their offset.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromLocal, toLocal } from '../../../src/cli/inspect/page/date-time.js';
import { exactNumber } from '../../../src/cli/inspect/page/exact-number.js';

describe('exactNumber', () => {
  it('reads the numbers JSON writes, however they are written', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['-0', 0],
      ['42', 42],
      [' 7 ', 7],
      ['0.1', 0.1],
      ['-2.50', -2.5],
      ['1e3', 1000],
      ['1.5E-7', 1.5e-7],
      ['9007199254740991', 9007199254740991],
      ['1e21', 1e21],
      ['123456789012345680000', 123456789012345680000],
    ];
    for (const [text, value] of cases) assert.deepEqual(exactNumber(text), { value }, text);
    assert.ok(Object.is((exactNumber('-0') as { value: number }).value, 0), '-0 is sent as 0');
  });

  it('refuses what is not a JSON number, or not exact', () => {
    for (const text of ['', '1.', '.5', '+1', '01', '0x1f', 'NaN', 'Infinity', '1 2', '1e'])
      assert.deepEqual(exactNumber(text), { error: 'is not a number' }, text);
    assert.deepEqual(exactNumber('1e400'), { error: 'is too large' });
    assert.deepEqual(exactNumber('12345678901234567890'), {
      error: 'cannot be sent exactly (the nearest number is 12345678901234567000)',
    });
    assert.deepEqual(exactNumber('0.1000000000000000000001'), {
      error: 'cannot be sent exactly (the nearest number is 0.1)',
    });
  });
});

describe('date-time in local time', () => {
  it('adds the local offset to a typed local time, with seconds', () => {
    const sent = fromLocal('2025-06-30T08:05');
    assert.ok(sent !== undefined);
    assert.match(sent, /^2025-06-30T08:05:00(Z|[+-]\d{2}:\d{2})$/);
    assert.equal(new Date(sent).getTime(), new Date(2025, 5, 30, 8, 5, 0).getTime());
    assert.equal(fromLocal('2025-02-30T08:05'), undefined, 'no 30th of February');
    assert.equal(fromLocal('tomorrow'), undefined);
  });

  it('shows a date-time as the same instant in local time', () => {
    const local = toLocal('2025-01-31T14:30:00Z');
    assert.ok(local !== undefined);
    assert.equal(new Date(local).getTime(), Date.UTC(2025, 0, 31, 14, 30));
    assert.equal(fromLocal(local) && new Date(fromLocal(local)!).getTime(), Date.UTC(2025, 0, 31, 14, 30));
    assert.equal(toLocal('2025-01-31'), undefined);
    assert.equal(toLocal('not a date'), undefined);
  });
});
