/**
 * The events waiting for one async iterator of a subscription. An event like one already
 * waiting replaces it rather than queueing behind it: both say "read it again", so a slow
 * reader holds at most one event per kind and resource, however many changes it missed.
 * @module
 */

export class EventQueue<T> {
  readonly #same: (a: T, b: T) => boolean;
  #items: T[] = [];
  #reader: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | undefined;
  #ended = false;
  #error: Error | undefined;

  /** `same` tells events that replace each other. */
  constructor(same: (a: T, b: T) => boolean) {
    this.#same = same;
  }

  push(item: T): void {
    if (this.#ended) return;
    const reader = this.#reader;
    if (reader) {
      this.#reader = undefined;
      reader.resolve({ value: item, done: false });
      return;
    }
    const index = this.#items.findIndex((waiting) => this.#same(waiting, item));
    if (index === -1) this.#items.push(item);
    else this.#items[index] = item;
  }

  /** No more events: the reader gets what is queued, then the end (or `error`, once). */
  end(error?: Error): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#error = error;
    const reader = this.#reader;
    this.#reader = undefined;
    if (reader && this.#items.length === 0) this.#finish(reader.resolve, reader.reject);
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.#items.shift();
    if (item !== undefined) return Promise.resolve({ value: item, done: false });
    return new Promise((resolve, reject) => {
      if (this.#ended) this.#finish(resolve, reject);
      else this.#reader = { resolve, reject };
    });
  }

  #finish(resolve: (result: IteratorResult<T>) => void, reject: (error: Error) => void): void {
    const error = this.#error;
    this.#error = undefined;
    if (error) reject(error);
    else resolve({ value: undefined, done: true });
  }
}
