import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { requestBinding, salientParams } from '../../src/server/multi-round-trip/binding.js';
import { fromBase64Url, toBase64Url } from '../../src/internal/base64.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members, as JSON does', () => {
    assert.equal(
      canonicalJson({ b: 1, a: [{ d: 2, c: undefined }, undefined, 'x'] }),
      '{"a":[{"d":2},null,"x"],"b":1}',
    );
    assert.equal(canonicalJson({ b: 1, a: 2 }), canonicalJson({ a: 2, b: 1 }));
  });

  it('writes values nested deeper than the call stack', () => {
    const levels = 100_000;
    const text = '{"b":[],"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    assert.equal(canonicalJson(JSON.parse(text)), '{"a":'.repeat(levels) + '1' + ',"b":[]}'.repeat(levels));
  });
});

describe('salientParams', () => {
  it('is the JSON of arguments of any depth the parser accepts', async () => {
    const levels = 100_000;
    const deep: unknown = JSON.parse('['.repeat(levels) + ']'.repeat(levels));
    const salient = salientParams('tools/call', { name: 't', arguments: { deep } });
    assert.equal(salient, `["tools/call","t",{"deep":${'['.repeat(levels) + ']'.repeat(levels)}}]`);
    assert.equal((await requestBinding('tools/call', salient, undefined)).method, 'tools/call');
  });
});

describe('requestBinding', () => {
  it('depends on the salient params only', async () => {
    const bind = (method: string, params: Record<string, unknown>, principal?: string) =>
      requestBinding(method, salientParams(method, params), principal);
    const a = await bind('tools/call', { name: 't', arguments: { x: 1 }, _meta: { m: 1 } }, 'p');
    const b = await bind('tools/call', { name: 't', arguments: { x: 1 }, _meta: { m: 2 }, requestState: 's' }, 'p');
    const c = await bind('tools/call', { name: 't', arguments: { x: 2 } }, 'p');
    assert.deepEqual(a, b);
    assert.notEqual(a.params, c.params);
    assert.equal((await bind('resources/read', { uri: 'a://b' })).principal, undefined);
  });

  it('binds the same arguments sent in another order alike', async () => {
    const a = await requestBinding(
      'tools/call',
      salientParams('tools/call', { name: 't', arguments: { x: 1, y: { b: 2, a: 1 } } }),
      'p',
    );
    const b = await requestBinding(
      'tools/call',
      salientParams('tools/call', { name: 't', arguments: { y: { a: 1, b: 2 }, x: 1 } }),
      'p',
    );
    assert.deepEqual(a, b);
  });
});

describe('base64url', () => {
  it('round-trips bytes of every value and length', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256);
      const text = toBase64Url(bytes);
      assert.match(text, /^[A-Za-z0-9_-]*$/);
      assert.deepEqual(fromBase64Url(text), bytes);
    }
  });

  it('returns undefined for text that is not base64url', () => {
    for (const text of ['a', 'ab+c', 'ab/c', 'abc=', 'ab c']) assert.equal(fromBase64Url(text), undefined, text);
  });
});
