// src/ has one style of private member, `#`, by rule: the project's own ESLint configuration,
// run through ESLint's API on deliberate uses of TypeScript's `private` keyword, reports each
// one but the constructor's, and reports nothing on the tree as it is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneRule } from '../helpers/one-rule.js';

const { eslint, errors } = oneRule('no-restricted-syntax');

const MESSAGE =
  'Use a #private member, not the `private` keyword: one style of private member, private at run time too.';

describe('private members in src/', () => {
  it('refuses the `private` keyword on fields, accessors, methods and parameter properties', async () => {
    const code = [
      'export class Violation {',
      '  private count = 0;',
      '  private readonly name: string;',
      '  private static made = 0;',
      '  private get size(): number { return this.count; }',
      '  private bump(): void { this.count++; }',
      '  constructor(private readonly limit: number) { this.name = String(limit); }',
      '}',
    ].join('\n');
    assert.deepEqual(
      await errors('src/transports/violation.ts', code),
      [2, 3, 4, 5, 6, 7].map((line) => `${line}: ${MESSAGE}`),
    );
  });

  it('accepts # members and a private constructor', async () => {
    const code = [
      'export class Fine {',
      '  #count = 0;',
      '  readonly #name: string;',
      '  private constructor(name: string) { this.#name = name; }',
      '  static make(): Fine { return new Fine("x"); }',
      '  #bump(): void { this.#count++; }',
      '  protected touch(): void { this.#bump(); }',
      '}',
    ].join('\n');
    assert.deepEqual(await errors('src/node/fine.ts', code), []);
  });

  it('finds no `private` member in src/ as it is', async () => {
    const results = await eslint.lintFiles(['src']);
    assert.ok(results.length > 100, `linted ${results.length} files of src/`);
    assert.deepEqual(
      results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}: ${m.message}`)),
      [],
    );
  });
});
