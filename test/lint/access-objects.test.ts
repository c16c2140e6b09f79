// src/ gives other modules access to a class's # members one way, by rule: through one
// `/** @internal */ export const <name>Access` object filled in the class's `static {}` block,
// never through `export let` functions assigned there. The project's own ESLint configuration,
// run through ESLint's API, reports an exported `let` and accepts the access object.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneRule } from '../helpers/one-rule.js';

const { errors } = oneRule('no-restricted-syntax');

describe('access to # members from other modules of src/', () => {
  it('refuses an exported `let`, alone or among others', async () => {
    const code = `export class Violation {
  #count = 0;
  static {
    countOf = (v) => v.#count;
  }
}
export let countOf: (v: Violation) => number;
export let a = 1, b = 2;`;
    const found = await errors('src/protocol/violation.ts', code);
    assert.deepEqual(
      found.map((e) => e.split(':')[0]),
      ['7', '8'],
    );
    for (const e of found) assert.match(e, /^\d+: Do not export a `let`: .*Access/);
  });

  it('accepts an access object filled in the static block', async () => {
    const code = [
      '/** @internal */',
      'export interface FineAccess {',
      '  countOf: (f: Fine) => number;',
      '}',
      '/** @internal */',
      'export const fineAccess: FineAccess = {} as FineAccess;',
      'export class Fine {',
      '  #count = 0;',
      '  static {',
      '    fineAccess.countOf = (f) => f.#count;',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(await errors('src/protocol/fine.ts', code), []);
  });
});
