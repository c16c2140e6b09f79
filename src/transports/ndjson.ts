/**
 * Newline-delimited JSON framing: one JSON-RPC message per line, as stdio and other byte-stream
 * transports carry them. Runtime-neutral (Uint8Array and TextDecoder only).
 * @module
 */
import type { JsonRpcMessage } from '../jsonrpc/message.js';
import { serialize } from '../jsonrpc/codec.js';

/** The default limit on one inbound line: 4 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/** Receives what a {@link LineSplitter} finds in the byte stream. */
export interface LineHandlers {
  /** A complete, non-empty line, decoded as UTF-8, without its `\n` or `\r\n` terminator. */
  onLine(line: string): void;
  /**
   * A line exceeded the limit. Called once per over-long line, as soon as the limit is crossed;
   * the rest of that line is discarded as it arrives, up to and including its newline.
   */
  onOversizedLine?(limit: number): void;
}

/** Options of a {@link LineSplitter}. */
export interface LineSplitterOptions {
  /**
   * The most bytes one line may hold, not counting its `\n` (a `\r` before it counts).
   * Default {@link DEFAULT_MAX_LINE_BYTES}.
   */
  maxLineBytes?: number;
  /**
   * Turns bytes `start` to `end` of `bytes` into text. Default: a non-fatal UTF-8 `TextDecoder`
   * over a view of them; a runtime with a faster way (Node's `Buffer`) passes its own.
   */
  decode?: (bytes: Uint8Array, start: number, end: number) => string;
}

/**
 * Splits a stream of byte chunks into lines. Lines are cut on bytes, not characters (a `\n`
 * byte never occurs inside a multi-byte UTF-8 sequence), so a character split across chunks
 * is decoded whole. Only the unfinished tail of the stream is held, and never more than the limit.
 */
export class LineSplitter {
  readonly maxLineBytes: number;
  readonly #handlers: LineHandlers;
  readonly #decode: (bytes: Uint8Array, start: number, end: number) => string;
  // The unfinished line so far, as copied pieces, so a long line costs one concatenation.
  #pieces: Uint8Array[] = [];
  #pendingBytes = 0;
  // Inside an over-long line: drop bytes until its newline.
  #discarding = false;
  // Paused: lines stop being delivered; what arrives meanwhile waits here, unsplit.
  #paused = false;
  #held: Uint8Array | undefined;

  constructor(handlers: LineHandlers, options: LineSplitterOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!(max > 0)) throw new RangeError(`maxLineBytes must be positive, got ${max}`);
    this.maxLineBytes = max;
    this.#handlers = handlers;
    if (options.decode) {
      this.#decode = options.decode;
    } else {
      const decoder = new TextDecoder('utf-8');
      this.#decode = (bytes, start, end) => decoder.decode(bytes.subarray(start, end));
    }
  }

  /** Bytes held for the unfinished line; never more than `maxLineBytes`. */
  get bufferedBytes(): number {
    return this.#pendingBytes;
  }

  /**
   * Feeds the next chunk; handlers are called synchronously for every line it completes, until
   * one of them pauses the splitter: the rest then waits for `resume`.
   */
  push(chunk: Uint8Array): void {
    if (this.#paused) {
      this.#hold(chunk, 0);
      return;
    }
    const end = chunk.length;
    let start = 0;
    while (start < end) {
      if (this.#paused) {
        this.#hold(chunk, start);
        return;
      }
      const nl = chunk.indexOf(LF, start);
      if (nl === -1) {
        this.#holdTail(chunk, start);
        return;
      }
      if (this.#discarding) {
        this.#discarding = false;
      } else if (this.#pendingBytes === 0) {
        this.#emit(chunk, start, nl);
      } else if (this.#pendingBytes + (nl - start) > this.maxLineBytes) {
        this.#reject();
        this.#discarding = false;
      } else {
        const line = this.#takePending(chunk.subarray(start, nl));
        this.#emit(line, 0, line.length);
      }
      start = nl + 1;
    }
  }

  /**
   * Stops delivering lines, from the next one on (a handler may call it mid-chunk). Input keeps
   * being accepted and is held, unsplit, until `resume`: the caller stops reading its source.
   */
  pause(): void {
    this.#paused = true;
  }

  /** Delivers what was held while paused, then goes on; stops again if a handler pauses. */
  resume(): void {
    this.#paused = false;
    const held = this.#held;
    this.#held = undefined;
    if (held) this.push(held);
  }

  /** Whether lines are being held back (`pause`). */
  get isPaused(): boolean {
    return this.#paused;
  }

  /** The stream ended: what was held, and a final line without a newline, are still delivered. */
  end(): void {
    // No more input will come: what is held goes out now, even if a handler pauses again.
    for (let held = this.#held; held; held = this.#held) {
      this.#held = undefined;
      this.#paused = false;
      this.push(held);
    }
    if (this.#pendingBytes > 0 && !this.#discarding) {
      const line = this.#takePending(new Uint8Array(0));
      this.#emit(line, 0, line.length);
    }
    this.reset();
  }

  /** Forgets any unfinished line, and anything held. */
  reset(): void {
    this.#pieces = [];
    this.#pendingBytes = 0;
    this.#discarding = false;
    this.#held = undefined;
  }

  /** Keeps bytes `start` on of `chunk` for `resume`, after anything held already. */
  #hold(chunk: Uint8Array, start: number): void {
    // Copied: the caller may reuse its buffer, and a view would pin a large pooled one.
    const rest = chunk.slice(start);
    if (!this.#held) {
      this.#held = rest;
      return;
    }
    const joined = new Uint8Array(this.#held.length + rest.length);
    joined.set(this.#held);
    joined.set(rest, this.#held.length);
    this.#held = joined;
  }

  #holdTail(chunk: Uint8Array, start: number): void {
    if (this.#discarding) return;
    const rest = chunk.length - start;
    if (this.#pendingBytes + rest > this.maxLineBytes) {
      this.#reject();
      return;
    }
    // Copied: the caller may reuse its buffer, and a view would pin a large pooled one.
    this.#pieces.push(chunk.slice(start));
    this.#pendingBytes += rest;
  }

  #reject(): void {
    this.#pieces = [];
    this.#pendingBytes = 0;
    this.#discarding = true;
    this.#handlers.onOversizedLine?.(this.maxLineBytes);
  }

  #takePending(last: Uint8Array): Uint8Array {
    const joined = new Uint8Array(this.#pendingBytes + last.length);
    let at = 0;
    for (const piece of this.#pieces) {
      joined.set(piece, at);
      at += piece.length;
    }
    joined.set(last, at);
    this.#pieces = [];
    this.#pendingBytes = 0;
    return joined;
  }

  /** Delivers bytes `start` to `end` of `bytes` as one line. */
  #emit(bytes: Uint8Array, start: number, end: number): void {
    if (end - start > this.maxLineBytes) {
      this.#handlers.onOversizedLine?.(this.maxLineBytes);
      return;
    }
    if (end > start && bytes[end - 1] === CR) end--;
    if (end === start) return;
    this.#handlers.onLine(this.#decode(bytes, start, end));
  }
}

/** One message as a line of NDJSON. `JSON.stringify` escapes newlines, so the line holds no other. */
export function encodeLine(message: JsonRpcMessage | JsonRpcMessage[]): string {
  return serialize(message) + '\n';
}
