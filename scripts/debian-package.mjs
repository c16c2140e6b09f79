// A program the tests need, installed from Debian's packages when it is missing and that is
// possible (Linux with apt-get, as root or with password-less sudo); elsewhere the tests that
// need it are skipped, saying why.
import { spawnSync } from 'node:child_process';

/**
 * Makes sure `command` is on PATH if it can be (`probe` are the arguments that show it runs),
 * installing `pkg` for `purpose` ("the terminal tests"); returns whether it is there. `log`
 * tells what happens.
 */
export function ensureDebianPackage({ command, probe, pkg, purpose }, log = (line) => console.log(line)) {
  const found = () => spawnSync(command, probe, { stdio: 'ignore' }).status === 0;
  if (found()) return true;
  const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  const root = process.getuid?.() === 0;
  const sudo = !root && works('sudo', ['-n', 'true']);
  if (process.platform !== 'linux' || !works('apt-get', ['--version']) || !(root || sudo)) {
    log(`${command} is not installed, and cannot be installed here: ${purpose} will be skipped.`);
    return false;
  }
  const aptGet = (args) =>
    spawnSync(sudo ? 'sudo' : 'apt-get', sudo ? ['-n', 'apt-get', ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
  const install = ['install', '-y', '--no-install-recommends', pkg];
  const started = Date.now();
  // The package lists may be missing or stale on a new machine: refreshed when the install fails.
  let r = aptGet(install);
  if (r.status !== 0) {
    aptGet(['update']);
    r = aptGet(install);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0 && found()) {
    log(`Installed ${pkg} for ${purpose} (apt-get, ${seconds} s).`);
    return true;
  }
  log(
    `Could not install ${pkg} (apt-get exit ${r.status ?? r.signal}): ${purpose} will be skipped.\n${r.stdout ?? ''}${r.stderr ?? ''}`,
  );
  return false;
}
