/**
 * Small byte helpers for the Node transports.
 * @module
 */
import { Buffer } from 'node:buffer';

/** Stream chunks as bytes; a stream given an encoding yields strings. */
export function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** The start of a line, quoted, for error messages about it. */
export function linePreview(line: string, max = 120): string {
  return JSON.stringify(line.length > max ? `${line.slice(0, max)}…` : line);
}

/**
 * UTF-8 text of bytes `start` to `end`, read by Node's own slice (no view, no decoder object):
 * what a line of a stdio stream is turned into. Like a `TextDecoder`, it replaces malformed
 * sequences and drops a leading byte order mark.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  const text = Buffer.isBuffer(bytes)
    ? bytes.toString('utf8', start, end)
    : Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
