// redis-server, for the tests of the fleet's store in Redis and of a fleet (test/redis/,
// test/fleet/), each of which starts a server of its own (test/helpers/redis.ts); installed by
// the test command when it is missing.
import { ensureDebianPackage } from './debian-package.mjs';

/** Makes sure redis-server is on PATH if it can be; returns whether it is. `log` tells what happens. */
export function ensureRedis(log) {
  return ensureDebianPackage(
    { command: 'redis-server', probe: ['--version'], pkg: 'redis-server', purpose: 'the Redis tests' },
    log,
  );
}
