/**
 * Which hosts are this machine's loopback interface: reachable from this machine only.
 * @module
 */

/** Whether `address` is a loopback IP address (127.0.0.0/8, `::1`), bracketed or not. */
export function isLoopbackAddress(address: string): boolean {
  const name = address.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Whether `host` (no port) is a loopback address or the name `localhost`. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
