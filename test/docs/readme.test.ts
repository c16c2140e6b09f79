// The README as a contract: every TypeScript block in it, and in the notes beside the code and
// the docs, compiles under `strict` in a new app against the package as published, so the
// documentation cannot drift from the API.
//
// The package is packed with `npm pack` in a copy of the sources (its `prepack` builds dist/ and
// the declarations there, leaving this checkout's dist/, which other tests load, alone). The
// tarball is unpacked into the app's node_modules/mcpkit with `tar`, and what an install would
// add beside it (its dependencies, and zod, TypeScript's Node types) is linked from this
// checkout's node_modules: `npm install` would need the registry, or a cache that may not hold
// them. The app is what a user starts with: "type": "module", module and moduleResolution
// nodenext, strict. How blocks become modules (one per block, or `<!-- continued -->`) is in
// test/helpers/readme-blocks.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { markdownFiles } from '../helpers/markdown-files.js';
import { typeScriptModules, type BlockModule } from '../helpers/readme-blocks.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** A TypeScript block and the Markdown file it is in. */
type DocumentBlock = BlockModule & { file: string };

/**
 * The API reference, generated from the doc comments: the examples it copies from them are
 * fragments (no imports), and test/docs/reference.test.ts checks it.
 */
const GENERATED = 'docs/reference/';

/** The TypeScript blocks of every Markdown file of the repository, README.md first. */
function documentBlocks(): DocumentBlock[] {
  const files = [
    'README.md',
    ...markdownFiles(root).filter((file) => file !== 'README.md' && !file.startsWith(GENERATED)),
  ];
  return files.flatMap((file) =>
    typeScriptModules(readFileSync(join(root, file), 'utf8')).map((module) => ({ ...module, file })),
  );
}

/** What `npm pack` needs from the checkout to build the package. */
const PACKAGE_SOURCES = [
  'package.json',
  'README.md',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'scripts/build.mjs',
  'scripts/prune-declarations.mjs',
  'src',
  'examples',
];
/** What an install would put beside mcpkit, and what the README's code imports besides it. */
const LINKED_MODULES = [
  'ajv',
  'ajv-formats',
  'zod',
  '@types/node',
  '@opentelemetry/api',
  'express',
  '@types/express',
  'hono',
  'fastify',
];

describe('README', () => {
  const modules = typeScriptModules(readme);
  let work: string;
  let app: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mcpkit-readme-'));
    const copy = join(work, 'package');
    for (const path of PACKAGE_SOURCES) {
      cpSync(join(root, path), join(copy, path), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
    }
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'junction');
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: copy,
      env: quietNpm(),
      maxBuffer: 16 * 1024 * 1024,
    });
    // The JSON report is the last thing npm prints; anything a lifecycle script wrote comes before it.
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as [{ filename: string }];

    app = join(work, 'app');
    const installed = join(app, 'node_modules', 'mcpkit');
    mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', join(work, filename), '-C', installed, '--strip-components=1']);
    for (const name of LINKED_MODULES) {
      mkdirSync(join(app, 'node_modules', name, '..'), { recursive: true });
      symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name), 'junction');
    }
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'readme-app', private: true, type: 'module' }));
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: ['node'],
          noEmit: true,
        },
        include: ['*.ts'],
      }),
    );
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('has the quick starts among its TypeScript blocks', () => {
    assert.ok(
      modules.some((m) => m.text.includes('new Server(')),
      'the server quick start',
    );
    assert.ok(
      modules.some((m) => m.text.includes('new Client(')),
      'the client quick start',
    );
  });

  it('every TypeScript block compiles under strict against the packed package', async () => {
    const blocks = documentBlocks();
    blocks.forEach((block, i) => writeFileSync(join(app, `block-${i + 1}.ts`), block.text));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const outcome = await run(process.execPath, [tsc, '-p', app, '--pretty', 'false'], { cwd: app }).then(
      () => '',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error),
    );
    assert.equal(inDocuments(outcome, blocks), '', "the documentation's TypeScript does not compile");
  });
});

/** npm without its update check and other chatter, which may reach for the network. */
function quietNpm(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_loglevel: 'error',
  };
}

/** tsc's diagnostics with each block's file and line turned into the Markdown line they came from. */
function inDocuments(output: string, blocks: DocumentBlock[]): string {
  return output
    .trim()
    .replace(/^block-(\d+)\.ts\((\d+),(\d+)\)/gm, (whole, index: string, line: string, column: string) => {
      const block = blocks[Number(index) - 1];
      const source = block?.sourceLines[Number(line) - 1];
      return source === undefined ? whole : `${block!.file}:${source}:${column}`;
    });
}

describe('TypeScript blocks of Markdown', () => {
  const markdown = [
    '# Title', // 1
    '```ts', // 2
    'const a = 1;', // 3
    '```', // 4
    '```sh', // 5
    'not = typescript', // 6
    '```', // 7
    '<!-- continued -->', // 8
    '```ts', // 9
    'const b = a;', // 10
    '```', // 11
    '```typescript', // 12
    'const c = 3;', // 13
    '```', // 14
  ].join('\n');

  it('makes one module per block, joins continued ones and skips other languages', () => {
    assert.deepEqual(typeScriptModules(markdown), [
      { text: 'const a = 1;\nconst b = a;', sourceLines: [3, 10] },
      { text: 'const c = 3;', sourceLines: [13] },
    ]);
  });

  it('refuses an unclosed block and a continuation of nothing', () => {
    assert.throws(() => typeScriptModules('```ts\nconst a = 1;'), /line 1: the TypeScript block is not closed/);
    assert.throws(
      () => typeScriptModules('<!-- continued -->\n```ts\nconst a = 1;\n```'),
      /line 1: <!-- continued --> with no TypeScript block before it/,
    );
  });
});
