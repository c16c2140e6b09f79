/**
 * Whether the user can be asked: the terminal pieces read keys from stdin and draw on stderr,
 * so both must be terminals (stdout stays for results, and may be piped).
 * @module
 */

/** True when stdin and stderr are both terminals, so a prompt can be shown and answered. */
export function canAsk(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}
