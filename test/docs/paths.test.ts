// Every backticked `src/…` or `test/…` path in the repository's Markdown names something that
// exists: notes that point at moved or renamed files are found by the suite, not by a reader.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { markdownFiles, repositoryPaths } from './markdown-files.js';

// From build/test/docs/ to the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('paths in Markdown', () => {
  it('finds backticked paths of src/ and test/, and leaves out patterns', () => {
    const markdown = [
      'See `src/server/server.ts` and `test/docs/` (a folder).', // 1
      'Line refs: `src/jsonrpc/connection.ts:12`, anchors `src/http/README.md#limits`.', // 2
      'Patterns: `src/*/README.md`, `test/<layer>/`, `src/{a,b}.ts`, `src/…`.', // 3
      'Not ours: `lib/x.ts`, `node:fs`.', // 4
    ].join('\n');
    assert.deepEqual(repositoryPaths(markdown), [
      { path: 'src/server/server.ts', line: 1 },
      { path: 'test/docs', line: 1 },
      { path: 'src/jsonrpc/connection.ts', line: 2 },
      { path: 'src/http/README.md', line: 2 },
    ]);
  });

  it('every backticked src/ or test/ path of every Markdown file exists', () => {
    const files = markdownFiles(root);
    assert.ok(
      files.includes('README.md') && files.includes('docs/design.md'),
      'the walk finds the README and the design note',
    );
    const missing = files.flatMap((file) =>
      repositoryPaths(readFileSync(join(root, file), 'utf8'))
        .filter(({ path }) => !existsSync(join(root, path)))
        .map(({ path, line }) => `${file}:${line}: ${path}`),
    );
    assert.deepEqual(missing, []);
  });
});
