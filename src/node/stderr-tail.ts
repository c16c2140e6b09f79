/**
 * The last bytes a child process wrote to stderr, kept for error messages.
 * @module
 */
import { Buffer } from 'node:buffer';

/** The default size of a kept stderr tail: 8 KiB. */
export const DEFAULT_STDERR_TAIL_BYTES = 8 * 1024;

/** Keeps at most `limit` bytes: the most recent ones. */
export class StderrTail {
  #chunks: Buffer[] = [];
  #bytes = 0;

  constructor(readonly limit: number = DEFAULT_STDERR_TAIL_BYTES) {}

  push(chunk: Uint8Array): void {
    if (this.limit <= 0) return;
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.#chunks.push(buf);
    this.#bytes += buf.length;
    // Drop whole chunks that lie entirely before the last `limit` bytes.
    while (this.#chunks.length > 1 && this.#bytes - this.#chunks[0]!.length >= this.limit) {
      this.#bytes -= this.#chunks.shift()!.length;
    }
  }

  /** The tail as text. A character cut at the start is dropped rather than shown as garbage. */
  text(): string {
    const all = Buffer.concat(this.#chunks, this.#bytes);
    let start = Math.max(0, all.length - this.limit);
    while (start < all.length && (all[start]! & 0xc0) === 0x80) start++;
    return all.toString('utf8', start);
  }
}
