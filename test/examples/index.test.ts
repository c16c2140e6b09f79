// The examples as a set: each is in the index, each runnable one has a README that gives the one
// command, and that command's script says what it runs when asked for an example that is not there.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const examples = join(root, 'examples');
const folders = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const runnable = folders.filter((name) => existsSync(join(examples, name, 'main.ts')));

describe('examples/', () => {
  it('links every example from its index', () => {
    const index = readFileSync(join(examples, 'README.md'), 'utf8');
    assert.deepEqual(
      folders.filter((name) => !index.includes(`](${name}/`)),
      [],
    );
  });

  it('gives each runnable example a README with its one command', () => {
    assert.ok(runnable.length >= 10, runnable.join(', '));
    const without = runnable.filter((name) => {
      const readme = join(examples, name, 'README.md');
      return !existsSync(readme) || !readFileSync(readme, 'utf8').includes(`npm run example -- ${name}`);
    });
    assert.deepEqual(without, []);
  });

  it('npm run example names the examples when asked for one that is not there', async () => {
    const failed = await promisify(execFile)(process.execPath, [join('scripts', 'example.mjs'), 'no-such-example'], {
      cwd: root,
      timeout: 10_000,
    }).then(
      () => assert.fail('it should fail'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, /There is no example named "no-such-example"\./);
    assert.match(failed.stderr, new RegExp(`Examples: ${runnable.sort().join(', ')}`));
  });
});
