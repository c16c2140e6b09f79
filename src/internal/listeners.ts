/**
 * A typed listener table: `on` returns the function that removes the listener, and a listener
 * that throws is reported instead of breaking the others. Not Node's EventEmitter, so it runs
 * on any runtime.
 * @module
 */
export class Listeners<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  readonly #onError: ((error: Error) => void) | undefined;

  constructor(onError?: (error: Error) => void) {
    this.#onError = onError;
  }

  /** Adds a listener; returns the function that removes it. */
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    // Wrapped so that adding the same function twice gives two independent registrations.
    const entry = (payload: never) => listener(payload);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  /** Calls every listener of `event`. */
  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (error) {
        this.#onError?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
