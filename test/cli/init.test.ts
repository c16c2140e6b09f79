// `mcpkit init` through the built command line: where it writes, what it refuses (a folder that
// is not empty, a name npm would refuse), and that it never overwrites a file. Without a
// terminal it asks nothing, as with --yes. The project it makes is built, tested and run in
// init-project.test.ts; its questions in a terminal are in init-terminal.test.ts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { packageNameFrom, packageNameProblem } from '../../src/cli/init/package-name.js';
import { CLI, runCli } from '../helpers/e2e.js';

const FILES = [
  '.gitignore',
  'README.md',
  'package.json',
  'src/http.ts',
  'src/server.ts',
  'src/stdio.ts',
  'test/server.test.ts',
  'tsconfig.json',
];

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Every file under `dir`, as sorted paths with `/`. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    )
    .sort();
}

describe('mcpkit init', () => {
  const root = mkdtempSync(join(tmpdir(), 'mcpkit-init-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let folders = 0;
  /** A new folder path under the test's temporary folder, not made yet. */
  const fresh = (name = `project-${++folders}`) => join(mkdtempSync(join(root, 'case-')), name);

  it('--yes writes the project into a new folder, named after it', async () => {
    const dir = fresh('weather-server');
    const { code, stdout, stderr } = await runCli(['init', dir, '--yes']);
    assert.equal(code, 0, stderr);
    assert.deepEqual(filesUnder(dir), FILES);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      type: string;
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    assert.equal(pkg.name, 'weather-server');
    assert.equal(pkg.type, 'module');
    assert.deepEqual(pkg.dependencies, { mcpkit: `^${VERSION}` });
    assert.deepEqual(Object.keys(pkg.devDependencies).sort(), ['@types/node', 'typescript']);
    assert.deepEqual(Object.keys(pkg.scripts).sort(), ['build', 'inspect', 'start', 'start:http', 'test']);
    assert.match(pkg.scripts.inspect!, /mcpkit inspect -- node dist\/src\/stdio\.js/);
    assert.match(readFileSync(join(dir, 'src/server.ts'), 'utf8'), /name: 'weather-server'/);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    // The clients' configurations name the built entry point by its absolute path.
    assert.ok(readme.includes(JSON.stringify(join(dir, 'dist', 'src', 'stdio.js'))), readme);
    assert.match(readme, /"mcpServers": \{\n\s+"weather-server": \{/);
    assert.match(readme, /"servers": \{\n\s+"weather-server": \{\n\s+"type": "stdio"/);
    assert.match(stdout, /^Made weather-server in /);
    assert.match(stdout, /npm install\n\s+npm test/);
  });

  it('writes into the current folder when it is empty, or holds only a Git repository', async () => {
    const dir = fresh('here');
    mkdirSync(join(dir, '.git'), { recursive: true });
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'init'], { cwd: dir, timeout: 20_000 });
    assert.deepEqual(filesUnder(dir), FILES);
    assert.doesNotMatch(stdout, /\bcd /, 'no cd: the project is here');
  });

  it('refuses a folder that is not empty, writing nothing', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const { code, stderr } = await runCli(['init', dir, '--yes']);
    assert.equal(code, 2);
    assert.match(stderr, /is not empty: nothing was written.*--force/);
    assert.deepEqual(readdirSync(dir), ['notes.txt']);
  });

  it('with --force, adds the project beside the files there', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const { code, stderr } = await runCli(['init', dir, '--yes', '--force']);
    assert.equal(code, 0, stderr);
    assert.deepEqual(filesUnder(dir), [...FILES, 'notes.txt'].sort());
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'mine');
  });

  it('never overwrites a file, even with --force: it names the file and writes nothing', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'server.ts'), '// my own server');
    writeFileSync(join(dir, 'README.md'), '# mine');
    const { code, stderr } = await runCli(['init', dir, '--yes', '--force']);
    assert.equal(code, 2);
    assert.match(stderr, /has README\.md, src\/server\.ts already.*nothing was written/);
    assert.deepEqual(filesUnder(dir), ['README.md', 'src/server.ts']);
    assert.equal(readFileSync(join(dir, 'src', 'server.ts'), 'utf8'), '// my own server');
    // And a second init over a project it made changes nothing.
    const made = fresh();
    assert.equal((await runCli(['init', made, '--yes'])).code, 0);
    const before = readFileSync(join(made, 'package.json'), 'utf8');
    const again = await runCli(['init', made, '--yes', '--force', '--name', 'other']);
    assert.equal(again.code, 2);
    assert.equal(readFileSync(join(made, 'package.json'), 'utf8'), before);
  });

  it('refuses a name npm would refuse, and suggests one when it came from the folder', async () => {
    const named = await runCli(['init', fresh(), '--yes', '--name', 'Not Valid']);
    assert.equal(named.code, 2);
    assert.match(named.stderr, /"Not Valid" is not a valid npm package name: it has capital letters/);
    const folder = fresh('My Server');
    const fromFolder = await runCli(['init', folder, '--yes']);
    assert.equal(fromFolder.code, 2);
    assert.match(
      fromFolder.stderr,
      /It comes from the folder's name: give one with --name \(such as --name my-server\)/,
    );
    assert.equal(existsSync(folder), false, 'nothing was made');
    const builtin = await runCli(['init', fresh(), '--yes', '--name', 'http']);
    assert.match(builtin.stderr, /"http" is a module of Node itself/);
  });

  it('takes a scoped name, and refuses a file given as the folder or a second folder', async () => {
    const dir = fresh();
    assert.equal((await runCli(['init', dir, '-y', '--name', '@acme/tools'])).code, 0);
    assert.equal((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name, '@acme/tools');
    assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /"mcpServers": \{\n\s+"tools": \{/);
    const file = join(dir, 'package.json');
    const onFile = await runCli(['init', file, '--yes']);
    assert.equal(onFile.code, 2);
    assert.match(onFile.stderr, /is a file, not a directory/);
    const two = await runCli(['init', fresh(), fresh(), '--yes']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /unexpected arguments/);
  });

  it('has its help, and is in the usage', async () => {
    const help = await runCli(['init', '--help']);
    assert.match(help.stdout, /^Usage: mcpkit init \[dir\]/);
    assert.match((await runCli(['--help'])).stdout, /mcpkit init \[dir\]/);
  });
});

describe('npm package names', () => {
  it('takes what npm takes for a new package', () => {
    for (const name of ['demo', 'my-server', 'a.b_c-1', '@acme/tools', 'x'.repeat(214)])
      assert.equal(packageNameProblem(name), undefined, name);
  });

  it('refuses what npm refuses, saying why', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['x'.repeat(215), /longer than 214/],
      [' demo', /space/],
      ['Demo', /capital/],
      ['.hidden', /starts with/],
      ['_private', /starts with/],
      ['@acme/_x', /starts with/],
      ['a b', /URL would escape/],
      ['a/b', /URL would escape/],
      ['@acme', /scoped name/],
      ['wow!', /characters/],
      ['node_modules', /reserved/],
      ['fs', /Node itself/],
    ];
    for (const [name, why] of cases) assert.match(packageNameProblem(name) ?? 'accepted', why, JSON.stringify(name));
  });

  it('makes one from a folder name where it can', () => {
    assert.equal(packageNameFrom('My Server'), 'my-server');
    assert.equal(packageNameFrom('.config'), 'config');
    assert.equal(packageNameFrom('weather'), 'weather');
    assert.equal(packageNameFrom('!!!'), undefined);
    assert.equal(packageNameFrom('http'), undefined);
  });
});
