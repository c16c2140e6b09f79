// The API reference (docs/reference/) as committed is the one the doc comments make today: the
// reference is built into a temporary folder by the script `npm run docs` runs, which fails on
// any TypeDoc warning (an exported name without a comment, a link to nothing), and each page is
// compared with the committed one. That build takes about 12 s of CPU; the script's refusal is
// shown on a package of two small files, in about 4.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// From build/test/docs/ to the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const committed = join(root, 'docs', 'reference');

/** Runs scripts/docs.mjs with `args`: its exit code and everything it printed. */
async function docs(...args: string[]): Promise<{ code: number; output: string }> {
  return run(process.execPath, [join(root, 'scripts', 'docs.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 170_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}`.trim() }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof error.code === 'number' ? error.code : -1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error),
    }),
  );
}

/** The files under `dir` (none when it is missing), as paths relative to it with `/` between folders, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
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
    ({ output: warnings } = await docs('--out', built));
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

describe('the reference build', { timeout: 120_000 }, () => {
  it('refuses an exported name or inline member without a doc comment, and a link to nothing, writing no page', async () => {
    const work = mkdtempSync(join(tmpdir(), 'mcpkit-reference-refusal-'));
    try {
      const files: Record<string, string> = {
        'package.json': JSON.stringify({
          name: 'demo',
          type: 'module',
          exports: { '.': './a.js', './extra': './b.js' },
        }),
        'tsconfig.base.json': JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            strict: true,
            paths: { demo: ['./src/index.ts'], 'demo/extra': ['./src/extra.ts'] },
          },
        }),
        'tsconfig.build.json': JSON.stringify({ extends: './tsconfig.base.json', include: ['src'] }),
        'src/index.ts':
          '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\nexport const bare = 1;\n' +
          '/** A box. */\nexport interface Box {\n  /** Its size. */\n  size: { width: number };\n}\n',
        'src/extra.ts':
          '/** Multiplies, as {@link nowhere} does. */\nexport const times = (a: number, b: number) => a * b;\n',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(work, path, '..'), { recursive: true });
        writeFileSync(join(work, path), text);
      }
      const out = join(work, 'reference');
      const { code, output } = await docs('--root', work, '--out', out);
      assert.equal(code, 1, output);
      assert.match(output, /demo\.bare \(Variable\).*does not have any documentation/);
      assert.match(output, /demo\.Box\.size\.__type\.width \(Property\).*does not have any documentation/);
      assert.match(output, /Failed to resolve link to "nowhere" in comment for demo\/extra\.times/);
      assert.equal(existsSync(out), false, 'no page is written');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
