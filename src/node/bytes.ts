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
