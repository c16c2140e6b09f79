/**
 * The time limit of a connection that may wait for the user: a signal that aborts once the
 * time given has run, counting only while the clock runs. It stops while the user is asked
 * (a login page, a paused step of the OAuth flow), so the server's silence is timed, not the
 * person's.
 * @module
 */
export class ConnectLimit {
  readonly #abort = new AbortController();
  readonly #limitMs: number;
  #left: number;
  #started = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(limitMs: number) {
    this.#limitMs = limitMs;
    this.#left = limitMs;
    this.resume();
  }

  /** Aborts, with a `TimeoutError`, when the time has run. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** Stops the clock. */
  pause(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#left -= Date.now() - this.#started;
  }

  /** Starts the clock again, with the time left. */
  resume(): void {
    if (this.#timer !== undefined || this.#stopped || this.#abort.signal.aborted) return;
    this.#started = Date.now();
    this.#timer = setTimeout(
      () => {
        const message = `no answer within ${this.#limitMs} ms (the time spent authorizing not counted)`;
        this.#abort.abort(new DOMException(message, 'TimeoutError'));
      },
      Math.max(0, this.#left),
    );
  }

  /** The connection is made (or failed): the clock stops for good. */
  stop(): void {
    this.pause();
    this.#stopped = true;
  }
}
