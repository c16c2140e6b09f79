/**
 * Which client a request comes from, for limits kept per client: by default its network
 * address. One machine commonly holds a whole IPv6 /64, so IPv6 addresses count by that prefix.
 * @module
 */
import type { HttpRequestLike } from './exchange.js';

/**
 * The default client key: the request's remote address (`undefined` where the front does not
 * know it). Loopback addresses give none: they are this machine's own processes, or a reverse
 * proxy here that speaks for many clients, so one limit for all of them would only throttle
 * everyone.
 */
export function defaultClientKey(request: HttpRequestLike): string | undefined {
  const address = request.remoteAddress;
  if (address === undefined) return undefined;
  let key = recentKeys.get(address);
  if (key === undefined) {
    // Forgotten all at once when full: bounded, and a client's next request finds it again.
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(address, (key = addressKey(address) ?? null));
  }
  return key ?? undefined;
}

/**
 * The keys of addresses seen lately (`null`: none). The key is read for every POST, and a
 * client sends many from one address; an IPv6 address takes a microsecond to parse.
 */
const recentKeys = new Map<string, string | null>();
const RECENT_KEYS = 1024;

/** The key of one address: IPv4 as is, IPv6 by its /64 prefix, loopback none. */
export function addressKey(address: string | undefined): string | undefined {
  if (address === undefined || address === '') return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (!ip.includes(':')) return ip.startsWith('127.') ? undefined : ip;
  const groups = ipv6Groups(ip.split('%', 1)[0]!);
  if (groups === undefined) return ip;
  if (groups.every((group, i) => group === (i === 7 ? 1 : 0))) return undefined;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded; `undefined` when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    const groups: number[] = [];
    for (const piece of part === '' ? [] : part.split(':')) {
      const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(piece);
      if (ipv4) groups.push((Number(ipv4[1]) << 8) | Number(ipv4[2]), (Number(ipv4[3]) << 8) | Number(ipv4[4]));
      else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const zeros = 8 - head.length - tail.length;
  if (halves.length === 2 ? zeros < 1 : zeros !== 0) return undefined;
  return [...head, ...new Array<number>(zeros).fill(0), ...tail];
}
