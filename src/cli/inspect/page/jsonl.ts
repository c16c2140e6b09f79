/**
 * Exporting the wire as JSON Lines: one message a line, with when, which way, which server and
 * its size, so the file reads with `jq` or any line-oriented tool. Pure; the network tab turns
 * the text into a download.
 * @module
 */
import type { WireEntry } from '../protocol.js';

/** The JSON Lines of `entries`: each ends with a newline; none contains one but that. */
export function toJsonLines(entries: readonly WireEntry[]): string {
  return entries
    .map((entry) =>
      JSON.stringify({
        seq: entry.seq,
        time: new Date(entry.time).toISOString(),
        server: entry.server,
        direction: entry.direction,
        size: entry.size,
        message: entry.message,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** The name of an export of `server`'s wire made at `time`: `mcp-wire-<server>-<ISO time>.jsonl`. */
export function exportName(server: string, time: number): string {
  const safe = server.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'server';
  return `mcp-wire-${safe}-${new Date(time).toISOString().replace(/[:.]/g, '-')}.jsonl`;
}
