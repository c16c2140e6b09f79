// Bun and Deno, for the tests that run mcpkit under them (test/runtimes/). When one is not on
// PATH, its binary is taken from the npm registry, where each is published as a platform
// package, into a cache outside the repository (about 100 MB each, once), and put on PATH
// for the tests. Where that cannot be done the tests skip, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const RUNTIMES = [
  {
    command: 'bun',
    version: '1.4.5',
    bin: 'bin/bun',
    packages: {
      'linux x64': '@oven/bun-linux-x64',
      'linux arm64': '@oven/bun-linux-aarch64',
      'darwin x64': '@oven/bun-darwin-x64',
      'darwin arm64': '@oven/bun-darwin-aarch64',
    },
  },
  {
    command: 'deno',
    version: '2.9.6',
    bin: 'deno',
    packages: {
      'linux x64': '@deno/linux-x64-glibc',
      'linux arm64': '@deno/linux-arm64-glibc',
      'darwin x64': '@deno/darwin-x64',
      'darwin arm64': '@deno/darwin-arm64',
    },
  },
];

/** Where the binaries are kept: `$XDG_CACHE_HOME/mcpkit-test-runtimes`, else `~/.cache/...`. */
function cacheRoot() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'mcpkit-test-runtimes');
}

const runs = (command) => spawnSync(command, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;

/**
 * Makes sure `bun` and `deno` are on this process's PATH (which the tests inherit) where they
 * can be; `log` tells what happens.
 */
export function ensureRuntimes(log = (line) => console.log(line)) {
  for (const runtime of RUNTIMES) ensureRuntime(runtime, log);
}

function ensureRuntime({ command, version, bin, packages }, log) {
  if (runs(command)) return;
  const pkg = packages[`${process.platform} ${process.arch}`];
  if (pkg === undefined) {
    log(
      `${command} is not installed, nor published for ${process.platform} ${process.arch}: its tests will be skipped.`,
    );
    return;
  }
  const dir = join(cacheRoot(), `${command}-${version}`);
  const binary = join(dir, 'node_modules', pkg, bin);
  if (!existsSync(binary)) {
    const started = Date.now();
    // npm's own command line, the one running this script when it runs under `npm test`.
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
    const r = spawnSync(
      npm[0],
      [
        ...npm.slice(1),
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `${pkg}@${version}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 300_000 },
    );
    if (r.status !== 0 || !existsSync(binary)) {
      log(
        `Could not install ${pkg}@${version} (npm exit ${r.status ?? r.signal}): the ${command} tests will be skipped.\n${r.stderr ?? ''}`,
      );
      return;
    }
    log(`Installed ${command} ${version} into ${dir} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  }
  if (!runs(binary)) {
    log(`${binary} does not run on this machine: the ${command} tests will be skipped.`);
    return;
  }
  process.env.PATH = `${dirname(binary)}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH ?? ''}`;
}
