// redis-server, for the tests of the fleet's store in Redis (test/redis/), each of which starts a
// server of its own (test/fixtures/redis.ts). When it is missing, the test command installs it
// from Debian's packages where that is possible (Linux with apt-get, as root or with
// password-less sudo); elsewhere those tests are skipped, saying why.
import { spawnSync } from 'node:child_process';

const found = () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** Makes sure redis-server is on PATH if it can be; returns whether it is. `log` tells what happens. */
export function ensureRedis(log = (line) => console.log(line)) {
  if (found()) return true;
  const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  const root = process.getuid?.() === 0;
  const sudo = !root && works('sudo', ['-n', 'true']);
  if (process.platform !== 'linux' || !works('apt-get', ['--version']) || !(root || sudo)) {
    log('redis-server is not installed, and cannot be installed here: the Redis tests will be skipped.');
    return false;
  }
  const aptGet = (args) =>
    spawnSync(sudo ? 'sudo' : 'apt-get', sudo ? ['-n', 'apt-get', ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
  const install = ['install', '-y', '--no-install-recommends', 'redis-server'];
  const started = Date.now();
  // The package lists may be missing or stale on a new machine: refreshed when the install fails.
  let r = aptGet(install);
  if (r.status !== 0) {
    aptGet(['update']);
    r = aptGet(install);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0 && found()) {
    log(`Installed redis-server for the Redis tests (apt-get, ${seconds} s).`);
    return true;
  }
  log(
    `Could not install redis-server (apt-get exit ${r.status ?? r.signal}): the Redis tests will be skipped.\n${r.stdout ?? ''}${r.stderr ?? ''}`,
  );
  return false;
}
