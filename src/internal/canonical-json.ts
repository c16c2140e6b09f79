/**
 * JSON with object keys sorted at every level, so equal values always give equal text
 * (`{ a, b }` and `{ b, a }` alike); members that are `undefined` are left out, as JSON does.
 * Written without recursion: values come from clients, and `JSON.parse` accepts nesting far
 * deeper than the call stack (and `JSON.stringify`) can follow.
 * @module
 */

/** Text written as it is between values: brackets, commas and member names. */
class Piece {
  constructor(readonly text: string) {}
}

export function canonicalJson(value: unknown): string {
  let out = '';
  // What is left to write, last first: values, and the pieces of text between them.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Piece) {
      out += item.text;
    } else if (Array.isArray(item)) {
      out += '[';
      stack.push(new Piece(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i] ?? null);
        if (i > 0) stack.push(new Piece(','));
      }
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out += '{';
      stack.push(new Piece('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push(record[key], new Piece(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`));
      }
    } else {
      out += JSON.stringify(item) ?? 'null';
    }
  }
  return out;
}

/**
 * `JSON.stringify(value)`, at native speed for the values met every day; a value nested too
 * deep for it (a stack overflow, from a few thousand levels) is written by
 * {@link canonicalJson} instead, whose text is JSON of the same value.
 */
export function jsonOfAnyDepth(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return canonicalJson(value);
    throw error;
  }
}
