// The lists of revisions by era, derived from the one list of src/types/revisions.ts: their
// values and, at compile time, their literal types (`expectType` pins a type exactly).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  isModern,
  LATEST_LEGACY_VERSION,
  LATEST_VERSION,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  SUPPORTED_VERSIONS,
  type LegacyVersion,
  type ModernVersion,
  type ProtocolVersion,
} from '../../src/protocol/versions.js';
import { REVISIONS, type Revision } from '../../src/types/revisions.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when `Same` is `true`. */
function expectType<Same extends true>(): Same | void {}

expectType<Equal<typeof LEGACY_VERSIONS, readonly ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']>>();
expectType<Equal<typeof MODERN_VERSIONS, readonly ['2026-07-28']>>();
expectType<
  Equal<typeof SUPPORTED_VERSIONS, readonly ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']>
>();
expectType<Equal<LegacyVersion, '2025-11-25' | '2025-06-18' | '2025-03-26' | '2024-11-05'>>();
expectType<Equal<ModernVersion, '2026-07-28'>>();
expectType<Equal<ProtocolVersion, Revision>>();
expectType<Equal<typeof LATEST_VERSION, ProtocolVersion>>();
expectType<Equal<typeof LATEST_LEGACY_VERSION, LegacyVersion>>();

describe('revisions by era', () => {
  it('are the revisions of the one list, newest first, split where the modern era begins', () => {
    assert.deepEqual(SUPPORTED_VERSIONS, [...REVISIONS].reverse());
    assert.deepEqual(MODERN_VERSIONS, ['2026-07-28']);
    assert.deepEqual(LEGACY_VERSIONS, ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    assert.ok(MODERN_VERSIONS.every(isModern) && !LEGACY_VERSIONS.some(isModern));
    assert.equal(LATEST_VERSION, '2026-07-28');
    assert.equal(LATEST_LEGACY_VERSION, '2025-11-25');
  });
});
