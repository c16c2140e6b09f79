/**
 * A response held back: what is sent to it waits until `open()`, or is dropped when the
 * response is given another answer instead. The answer to a fleet's `initialize` waits here
 * until the session is stored, so no client learns an id another process cannot find.
 * @module
 */
import { StreamWriterBase, type HttpResponseSink, type HttpStreamWriter } from './exchange.js';

type Status = number;
type Headers = Readonly<Record<string, string>>;

export class GatedSink implements HttpResponseSink {
  readonly #sink: HttpResponseSink;
  #held: { status: Status; headers: Headers; body?: string | undefined; writer?: HeldWriter } | undefined;
  #open = false;

  constructor(sink: HttpResponseSink) {
    this.#sink = sink;
  }

  send(status: Status, headers: Headers, body?: string): void {
    if (this.#open) return this.#sink.send(status, headers, body);
    this.#held = { status, headers, body };
  }

  stream(status: Status, headers: Headers): HttpStreamWriter {
    if (this.#open) return this.#sink.stream(status, headers);
    const writer = new HeldWriter();
    this.#held = { status, headers, writer };
    return writer;
  }

  /** Lets what was sent through, and anything sent from now on. */
  open(): void {
    this.#open = true;
    const held = this.#held;
    this.#held = undefined;
    if (!held) return;
    if (held.writer) held.writer.release(this.#sink.stream(held.status, held.headers));
    else this.#sink.send(held.status, held.headers, held.body);
  }
}

/** A stream whose writes wait for the real one. */
class HeldWriter extends StreamWriterBase {
  #chunks: string[] = [];
  #target: HttpStreamWriter | undefined;
  #ended = false;

  write(chunk: string): boolean {
    if (this.closed) return false;
    if (this.#target) return this.#target.write(chunk);
    this.#chunks.push(chunk);
    return true;
  }

  close(): void {
    if (this.#target) return this.#target.close();
    this.#ended = true;
    this.finish();
  }

  release(target: HttpStreamWriter): void {
    this.#target = target;
    for (const chunk of this.#chunks.splice(0)) target.write(chunk);
    if (this.#ended) target.close();
    else target.onClose(() => this.finish());
  }
}
