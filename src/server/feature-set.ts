/**
 * A keyed collection of registered features (tools, prompts, resources, templates) that can be
 * added, removed, enabled and disabled at runtime, listed in a stable order and paginated with
 * opaque cursors.
 * @module
 */
import { invalidParams } from '../protocol/errors.js';

/** What a registration returns: the means to change it later. */
export interface FeatureHandle {
  /** Makes the feature visible again (after `disable`). */
  enable(): void;
  /** Hides the feature from lists and calls without forgetting it. */
  disable(): void;
  /** Forgets the feature. */
  remove(): void;
  /** Whether clients see it: a disabled item is left out of lists and refused when asked for. */
  readonly enabled: boolean;
}

interface Entry<T> {
  value: T;
  enabled: boolean;
  /** Registration order; never reused, so a cursor keeps its meaning across changes. */
  seq: number;
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * Items are listed in the order they were registered (the author's order, and the same on
 * every call). A cursor is the registration number of a page's last item, so it stays
 * meaningful when items are added or removed between pages: added ones come at the end.
 */
export class FeatureSet<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #onChange: () => void;
  readonly #kind: string;
  #sorted: Entry<T>[] | undefined;
  /** Whatever was made from the set as it is now (a list's pages, say); dropped at every change. */
  #memo: Map<string, unknown> | undefined;
  #nextSeq = 1;

  /** `kind` names the feature in errors (`tool`); `onChange` runs after every visible change. */
  constructor(kind: string, onChange: () => void) {
    this.#kind = kind;
    this.#onChange = onChange;
  }

  /** Registered items, enabled or not. */
  get size(): number {
    return this.#entries.size;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  add(key: string, value: T): FeatureHandle {
    if (this.#entries.has(key)) throw new Error(`A ${this.#kind} named ${JSON.stringify(key)} is already registered`);
    const entry: Entry<T> = { value, enabled: true, seq: this.#nextSeq++ };
    this.#entries.set(key, entry);
    this.#changed();
    const set = (enabled: boolean) => {
      if (entry.enabled === enabled || this.#entries.get(key) !== entry) return;
      entry.enabled = enabled;
      this.#changed();
    };
    return {
      enable: () => set(true),
      disable: () => set(false),
      remove: () => {
        if (this.#entries.get(key) !== entry) return;
        this.#entries.delete(key);
        if (entry.enabled) this.#changed();
      },
      get enabled() {
        return entry.enabled;
      },
    };
  }

  /** Replaces the value of a registered key, keeping its enabled state. */
  replace(key: string, value: T): void {
    const entry = this.#entries.get(key);
    if (!entry) throw new Error(`No ${this.#kind} named ${JSON.stringify(key)} is registered`);
    entry.value = value;
    if (entry.enabled) this.#changed();
  }

  /** The enabled item with this key. */
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    return entry?.enabled ? entry.value : undefined;
  }

  /** Enabled items in key order. */
  values(): T[] {
    return this.#ordered().map((e) => e.value);
  }

  /**
   * One page of enabled items after `cursor`. A cursor that this set did not produce is
   * -32602. `pageSize` of `Infinity` returns everything.
   */
  page(cursor: string | undefined, pageSize: number): Page<T> {
    const ordered = this.#ordered();
    let start = 0;
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      if (after === undefined || after >= this.#nextSeq)
        throw invalidParams(`Invalid cursor: ${JSON.stringify(cursor)}`, { cursor });
      start = firstAfter(ordered, after);
    }
    const end = Math.min(ordered.length, start + pageSize);
    const items = ordered.slice(start, end).map((e) => e.value);
    const last = ordered[end - 1];
    return end < ordered.length && last ? { items, nextCursor: encodeCursor(last.seq) } : { items };
  }

  #ordered(): Entry<T>[] {
    if (!this.#sorted) {
      const list: Entry<T>[] = [];
      // A Map iterates in insertion order, which is registration order.
      for (const entry of this.#entries.values()) if (entry.enabled) list.push(entry);
      this.#sorted = list;
    }
    return this.#sorted;
  }

  /** `make()`, made once while the set does not change (`key` tells its uses apart). */
  memo<R>(key: string, make: () => R): R {
    const memo = (this.#memo ??= new Map());
    if (memo.has(key)) return memo.get(key) as R;
    const made = make();
    memo.set(key, made);
    return made;
  }

  #changed(): void {
    this.#sorted = undefined;
    this.#memo = undefined;
    this.#onChange();
  }
}

/** Index of the first item registered after `seq` (binary search: the list is in seq order). */
function firstAfter(ordered: { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = ordered.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ordered[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const CURSOR = /^c([0-9a-z]{1,11})$/;

function encodeCursor(seq: number): string {
  return `c${seq.toString(36)}`;
}

function decodeCursor(cursor: string): number | undefined {
  const match = CURSOR.exec(cursor);
  return match ? parseInt(match[1]!, 36) : undefined;
}
