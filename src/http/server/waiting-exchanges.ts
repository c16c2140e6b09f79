/**
 * The POSTs of one session waiting for their answers, by request id. Most sessions have one
 * request in flight at a time: that one sits in a slot, and a map is made only the first time
 * several are, then kept. An idle session holds no map, and a busy one does not make a map
 * per request.
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { PostExchange } from './post-exchange.js';

export class WaitingExchanges {
  #slotId: RequestId | undefined;
  #slot: PostExchange | undefined;
  #more: Map<RequestId, PostExchange> | undefined;

  get size(): number {
    return (this.#slot === undefined ? 0 : 1) + (this.#more?.size ?? 0);
  }

  get(id: RequestId): PostExchange | undefined {
    return this.#slot !== undefined && this.#slotId === id ? this.#slot : this.#more?.get(id);
  }

  has(id: RequestId): boolean {
    return this.get(id) !== undefined;
  }

  set(id: RequestId, exchange: PostExchange): void {
    if (this.#slot !== undefined && this.#slotId === id) {
      this.#slot = exchange;
    } else if (this.#slot === undefined && !this.#more?.has(id)) {
      this.#slotId = id;
      this.#slot = exchange;
    } else {
      (this.#more ??= new Map()).set(id, exchange);
    }
  }

  delete(id: RequestId): void {
    if (this.#slot !== undefined && this.#slotId === id) {
      this.#slot = undefined;
      this.#slotId = undefined;
    } else {
      this.#more?.delete(id);
    }
  }

  /** Every waiting exchange, once each (a batch waits under several ids). */
  exchanges(): Set<PostExchange> {
    const all = new Set(this.#more?.values() ?? []);
    if (this.#slot !== undefined) all.add(this.#slot);
    return all;
  }

  clear(): void {
    this.#slot = undefined;
    this.#slotId = undefined;
    this.#more = undefined;
  }
}
