/**
 * What a server started by the command line writes to stdout that is not JSON-RPC: a banner, a
 * log line. The spec forbids it, but servers do it. The first such line is shown at once, as a
 * warning, so a person waiting on a silent server sees why. Without `--timeout`, a server whose
 * output is such a line and then nothing is not waited on for the whole default limit:
 * connecting is given up a few seconds after the line. With `--timeout`, the user's limit rules.
 * @module
 */
import { nonProtocolLine } from 'mcpkit/stdio';

/** How long connecting may go on after a line that is not JSON-RPC, without `--timeout`. */
export const NON_PROTOCOL_GRACE_MS = 5000;

export class ServerOutputWatch {
  readonly #giveUp = new AbortController();
  readonly #graceMs: number | undefined;
  #seen = false;
  #connecting = true;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `graceMs`: how long connecting may go on after such a line; `undefined`, until its own limit. */
  constructor(graceMs: number | undefined) {
    this.#graceMs = graceMs;
  }

  /** Aborts connecting when the server wrote something that is not JSON-RPC and then did not answer. */
  get signal(): AbortSignal {
    return this.#giveUp.signal;
  }

  /** For the client's `onError`: sees the transport's reports of lines that are not JSON-RPC. */
  onError(error: Error): void {
    const line = nonProtocolLine(error);
    if (line === undefined || this.#seen) return;
    this.#seen = true;
    console.error(
      `mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC (skipped): ${line}; an MCP server writes only protocol messages to stdout (logs go to stderr)`,
    );
    if (!this.#connecting || this.#graceMs === undefined) return;
    const seconds = this.#graceMs / 1000;
    this.#timer = setTimeout(() => {
      this.#giveUp.abort(
        new Error(
          `no answer came within ${seconds} s of the line the server wrote to stdout that is not JSON-RPC (shown above); --timeout <ms> waits longer`,
        ),
      );
    }, this.#graceMs);
    this.#timer.unref?.();
  }

  /** Connecting is over, for better or worse: no more giving up. */
  settled(): void {
    this.#connecting = false;
    clearTimeout(this.#timer);
  }
}
