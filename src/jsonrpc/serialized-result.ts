/**
 * A result made once and sent many times, with its JSON text worked out once.
 * @module
 */

class Serialized {
  // Whatever the result holds: a record, as every JSON-RPC result is.
  readonly [member: string]: unknown;
  readonly #text: string;

  constructor(result: object) {
    // Its own members are the result's, so JSON.stringify and every reader see the result itself.
    Object.assign(this, result);
    this.#text = JSON.stringify(result);
    // The text was taken: the members may not drift from it.
    Object.freeze(this);
  }

  /** The result's JSON text, as JSON.stringify writes it. */
  static textOf(result: Serialized): string {
    return result.#text;
  }
}

/**
 * A result made once and answered many times (a page of tools, say): the result's own members,
 * frozen, and its JSON text, so that `serialize()` writes each response carrying it around that
 * text rather than serializing the result again. Frozen at the top only: what its members hold
 * must not change either.
 */
export type SerializedResult<T extends object = object> = Serialized & Readonly<T>;

/** `new SerializedResult(result)` has the type of `result` too; `instanceof` recognizes it. */
export const SerializedResult = Serialized as {
  new <T extends object>(result: T): SerializedResult<T>;
  readonly prototype: Serialized;
  textOf(result: Serialized): string;
};
