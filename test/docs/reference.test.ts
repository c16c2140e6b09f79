// The API reference (docs/reference/) as committed is the one the doc comments make today: the
// reference is built into a temporary folder by the script `npm run docs` runs, which fails on
// any TypeDoc warning (an exported name without a comment, a link to nothing), and each page is
// compared with the committed one. One build, about 12 s of CPU.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// From build/test/docs/ to the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const committed = join(root, 'docs', 'reference');

/** The files under `dir`, as paths relative to it with `/` between folders, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

describe('the API reference', { timeout: 180_000 }, () => {
  let work: string;
  let built: string;
  let warnings: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mcpkit-reference-'));
    built = join(work, 'reference');
    warnings = await run(process.execPath, [join(root, 'scripts', 'docs.mjs'), '--out', built], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 170_000,
    }).then(
      ({ stdout, stderr }) => `${stdout}${stderr}`.trim(),
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error),
    );
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('builds without a warning: every exported name has a doc comment, every link resolves', () => {
    assert.equal(warnings, '');
  });

  it('has a page for each entry point of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const pages = Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'mcpkit.md' : `mcpkit/${key.slice(2)}.md`));
    const files = filesUnder(built);
    assert.deepEqual(
      pages.filter((page) => !files.includes(page)),
      [],
    );
  });

  it('is the committed copy (after a change to a doc comment, run `npm run docs`)', () => {
    const made = filesUnder(built);
    const kept = filesUnder(committed);
    assert.deepEqual(kept, made, 'the same files');
    const stale = made.filter(
      (file) => readFileSync(join(built, file), 'utf8') !== readFileSync(join(committed, file), 'utf8'),
    );
    assert.deepEqual(stale, [], 'pages that differ from what the doc comments make');
  });
});
