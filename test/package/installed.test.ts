// The package as a user gets it: `npm pack`ed, checked by publint and Are the Types Wrong?, then
// installed from the registry (for its dependencies) into an empty project with none of its
// optional peer dependencies. There every entry point of package.json `exports` loads by
// `import` and by `require` (Node 20.19 requires ES modules), and `npx mcpkit` runs.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatMessage } from 'publint/utils';
import { publint } from 'publint';
import { within } from '../helpers/e2e.js';
import { packedTarball, removePackedTarball } from '../helpers/packed.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
};
/** The names an app imports: `mcpkit`, `mcpkit/server`, ... (package.json `exports`, but its package.json). */
const ENTRIES = Object.keys(pkg.exports)
  .filter((subpath) => subpath !== './package.json')
  .map((subpath) => (subpath === '.' ? 'mcpkit' : `mcpkit/${subpath.slice(2)}`));
/** No npm chatter on stderr: a failure's message is what the command said. */
const QUIET = { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

/** Runs `command`; resolves with its output, or rejects with an error holding all it printed. */
async function output(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd, env: QUIET, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

/** An empty project with the tarball installed: `npm init -y`, then `npm install <tarball>`. */
async function install(tarball: string, project: string): Promise<string> {
  await output('npm', ['init', '-y'], project);
  await output('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], project);
  return project;
}

describe('the packed package', { concurrency: true, timeout: 240_000 }, () => {
  let tarball: string;
  let installed: Promise<string>;
  const project = mkdtempSync(join(tmpdir(), 'mcpkit-installed-'));

  before(async () => {
    tarball = await packedTarball();
    installed = install(tarball, project);
    // Awaited by the tests that need it; one failing here fails them, not the process.
    installed.catch(() => {});
  });

  after(async () => {
    rmSync(project, { recursive: true, force: true });
    await removePackedTarball();
  });

  it('has nothing publint would say of it', async () => {
    const file = readFileSync(tarball);
    const tarballBytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    const { messages, pkg: packed } = await publint({ pack: { tarball: tarballBytes }, level: 'suggestion' });
    assert.deepEqual(
      messages.map((message) => `${message.type}: ${formatMessage(message, packed, { color: false }) ?? message.code}`),
      [],
    );
  });

  it('has types that resolve for every entry point, as ES modules (attw --profile esm-only)', async () => {
    const attw = join(ROOT, 'node_modules', '.bin', 'attw');
    // attw exits with 1 on a problem, and prints a table of them.
    await output(attw, [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-color'], ROOT);
  });

  it('installs without any optional peer dependency', async () => {
    const dir = await installed;
    const present = Object.keys(pkg.peerDependencies).filter((name) => existsSync(join(dir, 'node_modules', name)));
    assert.deepEqual(present, []);
  });

  it('loads every entry point by import there', async () => {
    const dir = await installed;
    const code = ENTRIES.map((name) => `await import(${JSON.stringify(name)});`).join('\n');
    writeFileSync(join(dir, 'imports.mjs'), `${code}\nconsole.log('imported ${ENTRIES.length}');\n`);
    assert.equal(await output(process.execPath, ['imports.mjs'], dir), `imported ${ENTRIES.length}\n`);
  });

  it('loads every entry point by require there, from CommonJS', async () => {
    const dir = await installed;
    // Each entry point's exports, by name: an ES module required whole, not an empty shell.
    const code = `const counts = ${JSON.stringify(ENTRIES)}.map((name) => Object.keys(require(name)).length);
console.log(JSON.stringify(counts));\n`;
    writeFileSync(join(dir, 'requires.cjs'), code);
    const counts = JSON.parse(await output(process.execPath, ['requires.cjs'], dir)) as number[];
    assert.deepEqual(
      ENTRIES.filter((_, i) => !(counts[i]! > 0)),
      [],
      'entry points that exported nothing',
    );
  });

  it('runs `npx mcpkit --version` there', async () => {
    const dir = await installed;
    assert.equal(await output('npx', ['mcpkit', '--version'], dir), `${pkg.version}\n`);
  });

  it('serves the example server there, answering initialize', async () => {
    const dir = await installed;
    const child = spawn(join(dir, 'node_modules', '.bin', 'mcpkit'), ['example-server'], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
      const answered = new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (s: string) => {
          out += s;
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        child.once('exit', (code) => reject(new Error(`mcpkit example-server exited with ${code}: ${err}`)));
      });
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      };
      child.stdin.write(`${JSON.stringify(initialize)}\n`);
      const answer = JSON.parse(await within(answered, 20_000, 'the example server to answer')) as {
        id?: unknown;
        result?: { serverInfo?: { name?: string } };
      };
      assert.equal(answer.id, 1);
      assert.equal(answer.result?.serverInfo?.name, 'mcpkit-example');
    } finally {
      child.kill();
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
  });
});
