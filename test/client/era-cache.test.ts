// The era caches on their own: the in-memory one's bound, and the file one's tolerance of a
// file it cannot read or write (a cache must never fail a connection).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEraCache } from '../../src/client/index.js';
import { defaultEraCachePath, FileEraCache } from '../../src/node/index.js';

const legacy = { era: 'legacy', protocolVersion: '2025-11-25' } as const;
const modern = { era: 'modern', protocolVersion: '2026-07-28' } as const;

describe('era caches', () => {
  it('in memory: forgets the least recently used server beyond its bound', () => {
    const cache = new MemoryEraCache(2);
    cache.set('a', legacy);
    cache.set('b', modern);
    assert.deepEqual(cache.get('a'), legacy);
    cache.set('c', modern);
    assert.equal(cache.get('b'), undefined);
    assert.deepEqual([cache.get('a'), cache.get('c')], [legacy, modern]);
    cache.delete('a');
    assert.equal(cache.get('a'), undefined);
  });

  it('in a file: survives a new instance, bounds itself, and ignores what it cannot use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-era-file-'));
    try {
      const path = join(dir, 'nested', 'eras.json');
      const cache = new FileEraCache(path, 2);
      assert.equal(cache.get('x'), undefined, 'no file yet');
      cache.set('x', legacy);
      cache.set('y', { ...legacy, transport: 'sse' });
      cache.set('z', modern);
      const again = new FileEraCache(path, 2);
      assert.deepEqual(
        [again.get('x'), again.get('y'), again.get('z')],
        [undefined, { ...legacy, transport: 'sse' }, modern],
      );
      again.delete('z');
      assert.deepEqual(Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object), ['y']);

      writeFileSync(path, '{ not json');
      assert.equal(cache.get('y'), undefined);
      writeFileSync(path, JSON.stringify({ y: { era: 'someday', protocolVersion: 1 } }));
      assert.equal(cache.get('y'), undefined, 'a record of the wrong shape');
      const unwritable = new FileEraCache(join(path, 'inside-a-file', 'eras.json'));
      assert.doesNotThrow(() => unwritable.set('x', legacy));
      assert.equal(unwritable.get('x'), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the command's file where MCPKIT_CACHE_DIR or XDG_CACHE_HOME says", () => {
    assert.equal(defaultEraCachePath({ MCPKIT_CACHE_DIR: '/c' }), join('/c', 'eras.json'));
    assert.equal(defaultEraCachePath({ XDG_CACHE_HOME: '/x' }), join('/x', 'mcpkit', 'eras.json'));
  });
});
