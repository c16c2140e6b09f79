// The package as `npm publish` would ship it: `npm pack` run in a copy of the sources, so the
// published build (declarations, no source maps) never replaces the dist/ the other tests load.
// The tarball is made once per test process.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What `npm pack` needs to build the package: its sources, scripts, settings and shipped files. */
const SOURCES = [
  'package.json',
  'README.md',
  'LICENSE',
  'scripts',
  'src',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
];

let tarball: Promise<{ file: string; dir: string }> | undefined;

/** The path of mcpkit's packed tarball (`mcpkit-<version>.tgz`), built on the first call. */
export async function packedTarball(): Promise<string> {
  tarball ??= pack();
  return (await tarball).file;
}

/** Removes the copy the tarball was built in; the tarball goes with it. */
export async function removePackedTarball(): Promise<void> {
  if (!tarball) return;
  const { dir } = await tarball.catch(() => ({ dir: '' }));
  tarball = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}

async function pack(): Promise<{ file: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-pack-'));
  const copy = join(dir, 'mcpkit');
  for (const name of SOURCES) {
    try {
      cpSync(join(ROOT, name), join(copy, name), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // The build's tools (esbuild, tsc) come from the working tree's install.
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: copy, maxBuffer: 16 * 1024 * 1024 });
  const file = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!file) throw new Error(`npm pack wrote no tarball in ${dir}`);
  return { file: join(dir, file), dir };
}
