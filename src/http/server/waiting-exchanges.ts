/**
 * The POSTs of one session that wait for answers: each found by the id of a request it carried,
 * and the batches that carried no usable id, answered in order of arrival. Laid out for memory:
 * a server holds thousands of sessions, most with one request in flight at a time or none
 * (`README.md` of this folder has the figures).
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { PostExchange } from './post-exchange.js';

/**
 * The waiting POSTs of one session. The first request waits in a slot of two fields; a map is
 * made only when several wait at once, and then kept: a session that had several requests in
 * flight at once will likely have several again. A session holds an instance only while
 * something waits, or once it made that map (`disposable` tells which).
 */
export class WaitingExchanges {
  /** The request in the slot, and the POST waiting for its answer. */
  #slotId: RequestId | undefined;
  #slot: PostExchange | undefined;
  /** The other requests and their POSTs, once several waited at once. */
  #more: Map<RequestId, PostExchange> | undefined;
  /** Batches whose items all lack a usable id (only errors answer them), oldest first. */
  #withoutIds: PostExchange[] | undefined;

  /** The POST waiting for the answer to request `id`. */
  get(id: RequestId): PostExchange | undefined {
    return this.#slot !== undefined && this.#slotId === id ? this.#slot : this.#more?.get(id);
  }

  /** Requests waiting for their answer. */
  get requests(): number {
    return (this.#slot === undefined ? 0 : 1) + (this.#more?.size ?? 0);
  }

  /** Whether nothing waits, with an id or without. */
  get empty(): boolean {
    return this.#slot === undefined && !this.#more?.size && !this.#withoutIds?.length;
  }

  /** Whether the session may let this go once it is empty: it holds no map worth keeping. */
  get disposable(): boolean {
    return this.#more === undefined;
  }

  /** `exchange` waits for the answer to request `id`, in place of any POST that did. */
  add(id: RequestId, exchange: PostExchange): void {
    if (this.#slot !== undefined && this.#slotId === id) {
      this.#slot = exchange;
    } else if (this.#slot === undefined && !this.#more?.has(id)) {
      this.#slotId = id;
      this.#slot = exchange;
    } else {
      (this.#more ??= new Map()).set(id, exchange);
    }
  }

  /** A batch none of whose items has a usable id waits: the next batch answer matching no id is its. */
  addWithoutIds(exchange: PostExchange): void {
    (this.#withoutIds ??= []).push(exchange);
  }

  /** Takes out the batch without ids that has waited longest. */
  takeWithoutIds(): PostExchange | undefined {
    return this.#withoutIds?.shift();
  }

  /** `exchange` waits no more, for any of its requests. */
  remove(exchange: PostExchange): void {
    for (const id of exchange.ids) {
      if (this.get(id) !== exchange) continue;
      if (this.#slot !== undefined && this.#slotId === id) this.#slot = this.#slotId = undefined;
      else this.#more?.delete(id);
    }
    const withoutIds = this.#withoutIds;
    const index = withoutIds?.indexOf(exchange) ?? -1;
    if (index !== -1) withoutIds!.splice(index, 1);
  }

  /** Takes out every waiting POST, each once (a batch waits under several ids). */
  takeAll(): Set<PostExchange> {
    const all = new Set([...(this.#more?.values() ?? []), ...(this.#withoutIds ?? [])]);
    if (this.#slot) all.add(this.#slot);
    this.#slot = this.#slotId = this.#more = this.#withoutIds = undefined;
    return all;
  }
}
