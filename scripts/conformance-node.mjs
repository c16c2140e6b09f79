// The Node.js the conformance suite's command line runs on. It needs Node 22 or newer while the
// project supports Node 20, so when the running Node is older a Node 22 binary is installed from
// the npm registry (the `node-<platform>-<arch>` packages carry the binary itself, no download
// step) into .tools/node22 once, and reused afterwards. Only the suite's CLI runs on it.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const MAJOR = 22;

function majorOf(nodeBinary) {
  const r = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' });
  const match = r.status === 0 ? /^v(\d+)\./.exec(r.stdout) : null;
  return match ? Number(match[1]) : undefined;
}

/** npm as the running `npm` invoked it, else the one on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath;
  return cli && /\.c?js$/.test(cli) ? [process.execPath, [cli]] : ['npm', []];
}

/**
 * The path of a Node >= 22 binary, installing one under `<root>/.tools/node22` if needed.
 * Throws with npm's output when the install fails.
 */
export function ensureNode22(root, log = console.error) {
  if ((majorOf(process.execPath) ?? 0) >= MAJOR) return process.execPath;
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(root, '.tools', `node${MAJOR}`);
  const binary = join(dir, 'node_modules', pkg, 'bin', 'node');
  if (existsSync(binary) && (majorOf(binary) ?? 0) >= MAJOR) return binary;

  log(`Installing ${pkg}@${MAJOR} from the npm registry into ${dir} (once) ...`);
  // Installed beside the final folder and renamed into place, so an interrupted install or a
  // concurrent one never leaves a half-written binary where the next run would find it.
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const [cmd, args] = npmCommand();
  const r = spawnSync(
    cmd,
    [
      ...args,
      'install',
      '--prefix',
      staging,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${MAJOR}`,
    ],
    { encoding: 'utf8', timeout: 5 * 60_000 },
  );
  const staged = join(staging, 'node_modules', pkg, 'bin', 'node');
  if (r.status !== 0 || !existsSync(staged) || (majorOf(staged) ?? 0) < MAJOR) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `Could not install ${pkg}@${MAJOR} (npm exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run put its own copy in place first: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}
