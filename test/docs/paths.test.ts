// Every backticked `src/…` or `test/…` path in the repository's Markdown names something that
// exists, and every file of a folder that has a note is named in it: notes that point at moved
// or renamed files, or miss new ones, are found by the suite, not by a reader.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { markdownFiles, repositoryPaths } from '../helpers/markdown-files.js';

// From build/test/docs/ to the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('paths in Markdown', () => {
  it('finds backticked paths of src/ and test/, and leaves out patterns', () => {
    const markdown = `See \`src/server/server.ts\` and \`test/docs/\` (a folder).
Line refs: \`src/jsonrpc/connection.ts:12\`, anchors \`src/http/README.md#limits\`.
Patterns: \`src/*/README.md\`, \`test/<layer>/\`, \`src/{a,b}.ts\`, \`src/…\`.
Not ours: \`lib/x.ts\`, \`node:fs\`.`;
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

  it('every .ts file of src/ is named in the note of its folder, or of the nearest folder above with one', () => {
    const unnamed: string[] = [];
    for (const file of typeScriptFiles(join(root, 'src'))) {
      const note = nearestNote(dirname(file));
      if (note === undefined) continue;
      const text = readFileSync(note, 'utf8');
      const fromNote = relative(dirname(note), file).split('\\').join('/');
      const name = fromNote.slice(fromNote.lastIndexOf('/') + 1);
      if (!text.includes(`\`${fromNote}\``) && !text.includes(`\`${name}\``) && !text.includes(`/${name}\``))
        unnamed.push(`${relative(root, note)}: ${fromNote}`);
    }
    assert.deepEqual(unnamed, []);
  });
});

/** The `.ts` files under `dir`, as absolute paths. */
function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The `README.md` of `dir` or of the nearest folder above it inside src/, if there is one. */
function nearestNote(dir: string): string | undefined {
  for (let at = dir; relative(join(root, 'src'), at).startsWith('..') === false; at = dirname(at)) {
    const note = join(at, 'README.md');
    if (existsSync(note)) return note;
    if (at === join(root, 'src')) return undefined;
  }
  return undefined;
}
