/**
 * What a server started by the command line writes to stdout that is not JSON-RPC: a banner, a
 * log line. The spec forbids it, but servers do it; the first such line is shown, as a warning
 * when the server works anyway, in the error when it does not. A server whose output is such a
 * line and then nothing is not kept waiting on: connecting fails a few seconds after the line.
 * @module
 */
import { nonProtocolLine } from '../node/command.js';

/** How long connecting may go on after a line that is not JSON-RPC before it is given up. */
export const NON_PROTOCOL_GRACE_MS = 3000;

const ADVICE = 'an MCP server writes only protocol messages to stdout (logs go to stderr)';

export class ServerOutputWatch {
  readonly #giveUp = new AbortController();
  #line: string | undefined;
  #connecting = true;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Aborts connecting when the server wrote something that is not JSON-RPC and then did not answer. */
  get signal(): AbortSignal {
    return this.#giveUp.signal;
  }

  /** For the client's `onError`: sees the transport's reports of lines that are not JSON-RPC. */
  onError(error: Error): void {
    const line = nonProtocolLine(error);
    if (line === undefined || this.#line !== undefined) return;
    this.#line = line;
    if (!this.#connecting) {
      warn(line);
      return;
    }
    this.#timer = setTimeout(() => {
      const seconds = NON_PROTOCOL_GRACE_MS / 1000;
      this.#giveUp.abort(new Error(`the server wrote a line to stdout that is not JSON-RPC, and no answer followed within ${seconds} s: ${line}; ${ADVICE}`));
    }, NON_PROTOCOL_GRACE_MS);
    this.#timer.unref?.();
  }

  /** Connecting succeeded: a line seen meanwhile becomes a warning. */
  connected(): void {
    this.#stop();
    if (this.#line !== undefined) warn(this.#line);
  }

  /** Connecting failed with `error`: the same, saying what the server wrote if it is not said yet. */
  failed(error: unknown): unknown {
    this.#stop();
    if (this.#line === undefined || error === this.#giveUp.signal.reason || !(error instanceof Error)) return error;
    return new Error(`${error.message}; the server wrote a line to stdout that is not JSON-RPC: ${this.#line}`, { cause: error });
  }

  #stop(): void {
    this.#connecting = false;
    clearTimeout(this.#timer);
  }
}

function warn(line: string): void {
  console.error(`mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC (skipped): ${line}; ${ADVICE}`);
}
